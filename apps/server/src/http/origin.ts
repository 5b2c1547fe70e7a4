import type { FastifyRequest } from 'fastify';

/**
 * The origin members reach us at: PUBLIC_ORIGIN when configured, else the request's own (its
 * Host, and the forwarded protocol and host only when the proxy is trusted). Normalised as
 * browsers do (`http://example.com:80` is `http://example.com`).
 */
export function requestOrigin(request: FastifyRequest, publicOrigin: string | undefined): string {
  if (publicOrigin) return publicOrigin;
  try {
    return new URL(`${request.protocol}://${request.host}`).origin;
  } catch {
    return 'null';
  }
}
