import { vi } from 'vitest';

export interface RecordedRequest {
  method: string;
  url: URL;
  headers: Headers;
  body: unknown;
}

type Reply = { status?: number; body: unknown } | 'network-error';
type Handler = (request: RecordedRequest) => Reply | Promise<Reply>;

export const envelope = (data: unknown, success = true, message = '') => ({
  success,
  data,
  message,
});

/**
 * Replaces fetch with a router keyed by "METHOD /api/Module/Action"; unknown calls answer
 * 404 so a test notices a request it did not expect.
 */
export function mockApi(handlers: Record<string, Handler>) {
  const requests: RecordedRequest[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = new URL(String(input), 'http://localhost');
    const request: RecordedRequest = {
      method: init.method ?? 'GET',
      url,
      headers: new Headers(init.headers),
      body: typeof init.body === 'string' ? JSON.parse(init.body) : undefined,
    };
    requests.push(request);
    const handler = handlers[`${request.method} ${url.pathname}`];
    const reply: Reply = handler
      ? await handler(request)
      : { status: 404, body: envelope(null, false, '接口不存在') };
    if (reply === 'network-error') throw new TypeError('Failed to fetch');
    return new Response(JSON.stringify(reply.body), {
      status: reply.status ?? 200,
      headers: { 'Content-Type': 'application/json' },
    });
  });
  vi.stubGlobal('fetch', fetchMock);
  return { requests, fetchMock };
}

/** A JWT-shaped token whose payload carries `exp` (seconds); the signature is not checked. */
export function fakeToken(exp: number): string {
  const part = (value: object) =>
    btoa(JSON.stringify(value)).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
  return `${part({ alg: 'HS256', typ: 'JWT' })}.${part({ sub: '1', exp })}.signature`;
}

export const inOneHour = () => Math.floor(Date.now() / 1000) + 3600;
