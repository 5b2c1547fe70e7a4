import {
  LogController,
  type FastifyBaseLogger,
  type FastifyReply,
  type FastifyRequest,
} from 'fastify';
import { pino, type LoggerOptions } from 'pino';
import type { Config } from './config/env';
import { modules } from './modules';

/**
 * Query parameters that are credentials, however briefly (an OAuth code, a sealed openid, a QR
 * ticket): each module names its own. Request logs show them as [redacted].
 */
const SECRET_QUERY_PARAMS = [...new Set(modules.redactQuery)];

function redactUrl(url: string): string {
  const at = url.indexOf('?');
  if (at < 0) return url;
  const params = new URLSearchParams(url.slice(at + 1));
  let changed = false;
  for (const name of SECRET_QUERY_PARAMS) {
    if (params.has(name)) {
      params.set(name, '[redacted]');
      changed = true;
    }
  }
  return changed ? `${url.slice(0, at)}?${params.toString()}` : url;
}

/** Log fields holding credentials: the request's own, then each module's, also one level down. */
const REDACT_PATHS = [
  'req.headers.authorization',
  'req.headers.cookie',
  ...new Set(modules.redact.flatMap((field) => [field, `*.${field}`])),
];

/** One logger shape for main.ts (which logs before the app exists), the app and the tests. */
export function loggerOptions(config: Config): LoggerOptions {
  return {
    level: config.logLevel,
    redact: { paths: REDACT_PATHS, censor: '[redacted]' },
    serializers: {
      // Fastify's request serializer, with credentials in the query string hidden.
      req: (req: {
        method: string;
        url: string;
        host?: string;
        ip?: string;
        socket?: { remotePort?: number };
      }) => ({
        method: req.method,
        url: redactUrl(req.url),
        host: req.host,
        remoteAddress: req.ip,
        remotePort: req.socket?.remotePort,
      }),
    },
  };
}

/**
 * One line per request, written when the answer is sent: method, url (credentials redacted),
 * status, response time, the client's address and the request id. Fastify's default writes two
 * (`incoming request`, `request completed`). The line's fields are fixed and hold no credential,
 * so it goes through a child of the app's logger without the redaction pass, which tripled a
 * line's cost (8 µs against 2.5 µs); an error on the request (its `err` may hold anything) and
 * Fastify's other lines keep the redacting logger.
 */
export class RequestLog extends LogController {
  private lines: FastifyBaseLogger | undefined;

  override incomingRequest(): void {}

  override requestCompleted(
    error: Error | null | undefined,
    request: FastifyRequest,
    reply: FastifyReply,
  ): void {
    const line = {
      method: request.method,
      url: redactUrl(request.url),
      statusCode: reply.statusCode,
      responseTime: reply.elapsedTime,
      remoteAddress: request.ip,
    };
    if (error) {
      reply.log.error({ ...line, err: error }, 'request errored');
      return;
    }
    this.lines ??= request.server.log.child({}, { redact: [] });
    this.lines.info({ [this.requestIdLogLabel]: request.id, ...line }, 'request completed');
  }
}

/** How long a line may wait in the buffer at low traffic (an SMS code in the sandbox's log). */
const FLUSH_EVERY_MS = 1000;

/**
 * The server's stdout, buffered: lines are written in batches of at least 4 KB, asynchronously,
 * and at least once a second. Pino writes what is left synchronously when the process exits
 * (its exit hook); main.ts exits through `process.exit` on SIGINT, SIGTERM and uncaught errors,
 * so their last lines reach the output. A SIGKILL loses at most the last second.
 */
export function bufferedStdout(): pino.DestinationStream & { flushSync: () => void } {
  const stream = pino.destination({ dest: 1, sync: false, minLength: 4096 });
  setInterval(() => stream.flush(), FLUSH_EVERY_MS).unref();
  return stream;
}
