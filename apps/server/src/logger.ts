import type { LoggerOptions } from 'pino';
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
