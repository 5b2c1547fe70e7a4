import type { FastifyRequest } from 'fastify';

/**
 * The origin this request reached us at, chosen among the configured ones (`publicOrigins`):
 * the request's Host (and protocol) only pick one of them, never add another, so a forged Host
 * cannot make us send a member anywhere else. Normalised as browsers do
 * (`http://example.com:80` is `http://example.com`).
 */
export function requestOrigin(request: FastifyRequest, publicOrigins: readonly string[]): string {
  const [fallback = 'null'] = publicOrigins;
  if (publicOrigins.length === 1) return fallback;
  try {
    const origin = new URL(`${request.protocol}://${request.host}`).origin;
    return publicOrigins.includes(origin) ? origin : fallback;
  } catch {
    return fallback;
  }
}
