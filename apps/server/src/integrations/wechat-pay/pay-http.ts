import type { FastifyInstance } from 'fastify';

/**
 * How the adapter reaches WeChat Pay. Like the WeChat module's `HttpClient`, but the answer's
 * headers are needed too: every answer is signed in its Wechatpay-* headers.
 */
export interface PayHttpAnswer {
  status: number;
  /** Lower-case names. */
  headers: Readonly<Record<string, string | undefined>>;
  text(): Promise<string>;
}

export type PayHttpClient = (
  url: string,
  init: { method: string; headers: Record<string, string>; body?: string },
) => Promise<PayHttpAnswer>;

/** The real network, with a time-out. */
export function fetchPayClient(timeoutMs = 10_000): PayHttpClient {
  return async (url, init) => {
    const response = await fetch(url, { ...init, signal: AbortSignal.timeout(timeoutMs) });
    const headers: Record<string, string> = {};
    response.headers.forEach((value, name) => {
      headers[name.toLowerCase()] = value;
    });
    return { status: response.status, headers, text: () => response.text() };
  };
}

/** The same requests sent to routes of this app in process (the sandbox, our own notify routes). */
export function inProcessPayClient(app: FastifyInstance): PayHttpClient {
  return async (url, init) => {
    const target = new URL(url);
    const response = await app.inject({
      method: init.method as 'GET' | 'POST',
      url: `${target.pathname}${target.search}`,
      headers: init.headers,
      ...(init.body === undefined ? {} : { payload: init.body }),
    });
    const headers: Record<string, string | undefined> = {};
    for (const [name, value] of Object.entries(response.headers)) {
      headers[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : value?.toString();
    }
    return { status: response.statusCode, headers, text: async () => response.body };
  };
}

/**
 * Requests to our own origins go in process (no network, no DNS for a development host name);
 * anything else through `fallback`.
 */
export function ownOriginPayClient(
  app: FastifyInstance,
  origins: string | readonly string[],
  fallback: PayHttpClient = fetchPayClient(),
): PayHttpClient {
  const local = inProcessPayClient(app);
  const own = new Set(
    (typeof origins === 'string' ? [origins] : origins).map((o) => new URL(o).origin),
  );
  return (url, init) => (own.has(new URL(url).origin) ? local(url, init) : fallback(url, init));
}
