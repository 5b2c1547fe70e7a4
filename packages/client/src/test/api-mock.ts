// The server as both apps' tests see it: fetch replaced by a router of handlers. Tests only.
import { vi } from 'vitest';

export interface RecordedRequest {
  method: string;
  url: URL;
  headers: Headers;
  credentials: RequestCredentials | undefined;
  body: unknown;
}

export type Reply = { status?: number; body: unknown } | 'network-error';
export type Handler = (request: RecordedRequest) => Reply | Promise<Reply>;

/** The envelope the server wraps every answer in. */
export const envelope = (data: unknown, success = true, message = '') => ({
  success,
  data,
  message,
});

/** A successful answer. */
export const ok = (data: unknown): Reply => ({ body: envelope(data) });

/** A refusal as the server sends it, with the field it is about when there is one. */
export const refuse = (status: number, message: string, field?: string): Reply => ({
  status,
  body: { ...envelope(null, false, message), ...(field ? { field } : {}) },
});

/**
 * Replaces fetch with a router keyed by "METHOD /api/Module/Action"; an unexpected call
 * answers 404 so a test notices it, and `'network-error'` fails as a lost connection does.
 */
export function mockApi(handlers: Record<string, Handler>) {
  const requests: RecordedRequest[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = new URL(String(input), 'http://localhost');
    const request: RecordedRequest = {
      method: init.method ?? 'GET',
      url,
      headers: new Headers(init.headers),
      credentials: init.credentials,
      body: typeof init.body === 'string' ? JSON.parse(init.body) : undefined,
    };
    requests.push(request);
    const handler = handlers[`${request.method} ${url.pathname}`];
    const reply = handler ? await handler(request) : refuse(404, '接口不存在');
    if (reply === 'network-error') throw new TypeError('Failed to fetch');
    return new Response(JSON.stringify(reply.body), {
      status: reply.status ?? 200,
      headers: { 'Content-Type': 'application/json' },
    });
  });
  vi.stubGlobal('fetch', fetchMock);
  /** The calls made to one endpoint (`POST /api/StaffAuth/VerifyTotp`). */
  const calls = (key: string) =>
    requests.filter((request) => `${request.method} ${request.url.pathname}` === key);
  return { requests, fetchMock, calls };
}

/** A JWT-shaped token whose payload carries `exp` (seconds); the signature is not checked. */
export function fakeToken(exp: number): string {
  const part = (value: object) =>
    btoa(JSON.stringify(value)).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
  return `${part({ alg: 'HS256', typ: 'JWT' })}.${part({ sub: '1', exp })}.signature`;
}

export const inOneHour = () => Math.floor(Date.now() / 1000) + 3600;
