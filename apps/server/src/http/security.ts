import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';

/**
 * What an outside service needs the pages' policy to allow (the Aliyun captcha widget's
 * script, the bucket files go to); each integration declares its own.
 */
export interface CspSources {
  scriptSrc?: string[];
  imgSrc?: string[];
  connectSrc?: string[];
}

export function cspDirectives(integrations: readonly CspSources[]): Record<string, string[]> {
  const all = (directive: keyof CspSources) => integrations.flatMap((s) => s[directive] ?? []);
  return {
    defaultSrc: ["'self'"],
    scriptSrc: ["'self'", ...all('scriptSrc')],
    styleSrc: ["'self'", "'unsafe-inline'"],
    imgSrc: ["'self'", 'data:', 'blob:', ...all('imgSrc')],
    connectSrc: ["'self'", ...all('connectSrc')],
    // ALTCHA solves its proof of work in a worker built from a blob.
    workerSrc: ["'self'", 'blob:'],
    fontSrc: ["'self'", 'data:'],
    objectSrc: ["'none'"],
    baseUri: ["'self'"],
    frameAncestors: ["'none'"],
    formAction: ["'self'"],
  };
}

export async function registerSecurityHeaders(
  app: FastifyInstance,
  options: { isProduction: boolean; csp: readonly CspSources[] },
): Promise<void> {
  await app.register(helmet, {
    contentSecurityPolicy: { useDefaults: false, directives: cspDirectives(options.csp) },
    // Only behind real HTTPS; in development it would pin localhost to HTTPS in the browser.
    strictTransportSecurity: options.isProduction
      ? { maxAge: 31_536_000, includeSubDomains: true }
      : false,
  });
}

/**
 * What a JSON answer needs (OWASP REST Security cheat sheet): never sniffed into a page, never
 * framed, no referrer; the page policy above is for documents and is left off the API, whose
 * every response would otherwise carry it (the headers were a third of a small answer).
 */
export function apiSecurityHeaders(config: { isProduction: boolean }): Record<string, string> {
  return {
    'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
    'x-content-type-options': 'nosniff',
    'x-frame-options': 'DENY',
    'referrer-policy': 'no-referrer',
    'cross-origin-resource-policy': 'same-origin',
    ...(config.isProduction
      ? { 'strict-transport-security': 'max-age=31536000; includeSubDomains' }
      : {}),
  };
}
