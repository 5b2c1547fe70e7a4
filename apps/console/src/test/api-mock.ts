import { vi } from 'vitest';

export interface RecordedRequest {
  method: string;
  url: URL;
  headers: Headers;
  credentials: RequestCredentials | undefined;
  body: unknown;
}

type Reply = { status?: number; body: unknown };
type Handler = (request: RecordedRequest) => Reply | Promise<Reply>;

export const ok = (data: unknown): Reply => ({ body: { success: true, data, message: '' } });

/** A refusal as the server sends it, with the field it is about when there is one. */
export const refuse = (status: number, message: string, field?: string): Reply => ({
  status,
  body: { success: false, data: null, message, ...(field ? { field } : {}) },
});

/**
 * Replaces fetch with a router keyed by "METHOD /api/Module/Action"; an unexpected call
 * answers 404 so a test notices it.
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
    return new Response(JSON.stringify(reply.body), {
      status: reply.status ?? 200,
      headers: { 'Content-Type': 'application/json' },
    });
  });
  vi.stubGlobal('fetch', fetchMock);
  /** The calls made to one endpoint (`POST /api/StaffAuth/VerifyTotp`). */
  const calls = (key: string) =>
    requests.filter((request) => `${request.method} ${request.url.pathname}` === key);
  return { requests, calls };
}
