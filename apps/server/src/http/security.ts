import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../config/env';

/** Where the Aliyun captcha 2.0 widget loads its script from, and talks to. */
const ALIYUN_CAPTCHA_SCRIPT = 'https://o.alicdn.com';
const ALIYUN_CAPTCHA_API = 'https://*.aliyuncs.com';

export function cspDirectives(
  config: Pick<Config, 'captcha' | 'oss' | 'wechat'>,
): Record<string, string[]> {
  const aliyun = config.captcha.provider === 'aliyun';
  // Files go straight from the browser to the bucket; the official-account QR image comes from WeChat.
  const bucket = config.oss.provider === 'aliyun' ? [new URL(config.oss.bucketHost).origin] : [];
  const wechatImages =
    config.wechat.provider === 'wechat' ? [new URL(config.wechat.mpBase).origin] : [];
  return {
    defaultSrc: ["'self'"],
    scriptSrc: ["'self'", ...(aliyun ? [ALIYUN_CAPTCHA_SCRIPT] : [])],
    styleSrc: ["'self'", "'unsafe-inline'"],
    imgSrc: [
      "'self'",
      'data:',
      'blob:',
      ...(aliyun ? [ALIYUN_CAPTCHA_SCRIPT] : []),
      ...wechatImages,
      // The console shows an identity document straight from the bucket (a signed URL).
      ...bucket,
    ],
    connectSrc: ["'self'", ...(aliyun ? [ALIYUN_CAPTCHA_API] : []), ...bucket],
    // ALTCHA solves its proof of work in a worker built from a blob.
    workerSrc: ["'self'", 'blob:'],
    fontSrc: ["'self'", 'data:'],
    objectSrc: ["'none'"],
    baseUri: ["'self'"],
    frameAncestors: ["'none'"],
    formAction: ["'self'"],
  };
}

export async function registerSecurityHeaders(app: FastifyInstance, config: Config): Promise<void> {
  await app.register(helmet, {
    contentSecurityPolicy: { useDefaults: false, directives: cspDirectives(config) },
    // Only behind real HTTPS; in development it would pin localhost to HTTPS in the browser.
    strictTransportSecurity: config.isProduction
      ? { maxAge: 31_536_000, includeSubDomains: true }
      : false,
  });
}

/**
 * What a JSON answer needs (OWASP REST Security cheat sheet): never sniffed into a page, never
 * framed, no referrer; the page policy above is for documents and is left off the API, whose
 * every response would otherwise carry it (the headers were a third of a small answer).
 */
export function apiSecurityHeaders(config: Pick<Config, 'isProduction'>): Record<string, string> {
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
