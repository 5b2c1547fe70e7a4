import type { Socket } from 'node:net';
import type { FastifyError, FastifyInstance } from 'fastify';
import { fail } from './envelope';
import { AppError, messages } from './errors';
import { InputValidationError } from './validation';

/** Fastify's own client errors, in words a member understands. */
const clientErrorMessages: Record<string, string> = {
  FST_ERR_CTP_INVALID_MEDIA_TYPE: messages.unsupportedMediaType,
  FST_ERR_CTP_BODY_TOO_LARGE: messages.tooLarge,
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: messages.badRequest,
  FST_ERR_CTP_EMPTY_JSON_BODY: messages.badJson,
  FST_ERR_CTP_INVALID_JSON_BODY: messages.badJson,
};

/**
 * One place turns every failure into the envelope. Client errors say what to fix; server
 * errors are logged in full and answered with a generic text, never with internals.
 */
export function installErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | AppError | InputValidationError, request, reply) => {
    if (error instanceof AppError || error instanceof InputValidationError) {
      if (error.statusCode === 429) request.log.warn({ message: error.message }, 'rate limited');
      if (error instanceof AppError && error.retryAfterSeconds !== null) {
        void reply.header('retry-after', String(error.retryAfterSeconds));
      }
      return reply.code(error.statusCode).send(fail(error.message, error.field));
    }
    const status =
      'statusCode' in error && typeof error.statusCode === 'number' ? error.statusCode : 500;
    if (status >= 400 && status < 500) {
      const code = 'code' in error ? String(error.code) : '';
      const message =
        clientErrorMessages[code] ??
        (error instanceof SyntaxError ? messages.badJson : messages.badRequest);
      return reply.code(status).send(fail(message));
    }
    request.log.error({ err: error }, 'request failed');
    return reply.code(500).send(fail(messages.serverError));
  });
}

/**
 * Requests Node's HTTP parser refuses before Fastify sees them (a header too large, a bad
 * Content-Length, a malformed request line) are answered with the envelope too.
 */
export function clientErrorHandler(error: Error & { code?: string }, socket: Socket): void {
  if (!socket.writable) {
    socket.destroy(error);
    return;
  }
  const [status, reason, message] =
    error.code === 'HPE_HEADER_OVERFLOW'
      ? [431, 'Request Header Fields Too Large', messages.headersTooLarge]
      : error.code === 'ERR_HTTP_REQUEST_TIMEOUT'
        ? [408, 'Request Timeout', messages.timeout]
        : [400, 'Bad Request', messages.badRequest];
  const body = JSON.stringify(fail(message));
  socket.end(
    `HTTP/1.1 ${status} ${reason}\r\nContent-Type: application/json; charset=utf-8\r\n` +
      `Content-Length: ${Buffer.byteLength(body)}\r\nCache-Control: no-store\r\n` +
      `Connection: close\r\n\r\n${body}`,
  );
}
