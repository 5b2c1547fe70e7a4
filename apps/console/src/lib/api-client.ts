import { z } from 'zod';
import { formatIssue, type EndpointDef, type InputOf, type OutputOf } from '@pcb/contract';
import { env } from './env';

export const NETWORK_ERROR_MESSAGE = '网络异常，请检查网络后重试';
export const BAD_RESPONSE_MESSAGE = '服务器返回的数据有误，请稍后重试';

/** A failed call; `message` is the server's Chinese message when it sent one. */
export class ApiError extends Error {
  override readonly name = 'ApiError';
  constructor(
    /** HTTP status; 0 when the request never got an answer. */
    readonly status: number,
    message: string,
    /** The input field the server blamed, as its wire path (`linkUrl`, `roles`). */
    readonly field: string | null = null,
  ) {
    super(message);
  }
}

function fallbackMessage(status: number): string {
  if (status === 401) return '登录已过期，请重新登录';
  if (status === 403) return '没有权限执行此操作';
  if (status === 404) return '请求的内容不存在';
  if (status === 429) return '操作太频繁，请稍后再试';
  if (status >= 500) return '服务器繁忙，请稍后重试';
  return '请求失败，请稍后重试';
}

const looseEnvelope = z.object({
  success: z.boolean(),
  data: z.unknown(),
  message: z.string().catch(''),
  field: z.string().optional().catch(undefined),
});

// The staff session is an HttpOnly cookie the script never sees; what it must send back on
// every call is the CSRF token of the session's answer, kept in memory only (decision 0022).
let csrfToken: string | null = null;
let onUnauthorized: (() => void) | null = null;

export function setCsrfToken(token: string | null): void {
  csrfToken = token;
}

/** Called when the server answers 401: the session is gone (idle time-out, logout elsewhere). */
export function setUnauthorizedHandler(handler: (() => void) | null): void {
  onUnauthorized = handler;
}

/** A GET input as a query string: an array repeats its key; absent values are left out. */
export function toQueryString(input: object): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(input)) {
    for (const item of Array.isArray(value) ? value : [value]) {
      if (item !== undefined && item !== null && item !== '') params.append(key, String(item));
    }
  }
  return params.toString();
}

function urlOf(endpoint: EndpointDef, input: unknown): string {
  const url = `${env.apiBase}${endpoint.path}`;
  if (endpoint.method !== 'GET' || input === null || typeof input !== 'object') return url;
  const query = toQueryString(input);
  return query ? `${url}?${query}` : url;
}

/**
 * Calls one endpoint of the contract with the staff session: the input is checked against the
 * endpoint's schema, the cookie goes along (same origin) with the CSRF header, and the
 * envelope's data is parsed with the endpoint's output schema.
 */
export async function apiCall<E extends EndpointDef>(
  endpoint: E,
  input: InputOf<E>,
  options: { signal?: AbortSignal } = {},
): Promise<OutputOf<E>> {
  const parsedInput = endpoint.input.safeParse(input);
  if (!parsedInput.success) {
    const issue = parsedInput.error.issues[0];
    const field = issue?.path.map(String).join('.') || null;
    throw new ApiError(400, issue ? formatIssue(issue, endpoint.input) : '请求参数有误', field);
  }

  const headers: Record<string, string> = { Accept: 'application/json' };
  if (csrfToken) headers['X-CSRF-Token'] = csrfToken;
  const hasBody = endpoint.method !== 'GET';
  if (hasBody) headers['Content-Type'] = 'application/json';

  let response: Response;
  try {
    response = await fetch(urlOf(endpoint, parsedInput.data), {
      method: endpoint.method,
      headers,
      credentials: 'same-origin',
      body: hasBody ? JSON.stringify(parsedInput.data) : undefined,
      signal: options.signal,
    });
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw new ApiError(0, NETWORK_ERROR_MESSAGE);
  }

  // A public call (the login steps) answering 401 is a wrong password, not a lost session.
  if (response.status === 401 && endpoint.access === 'staff') onUnauthorized?.();

  let body: unknown;
  try {
    body = await response.json();
  } catch {
    body = undefined;
  }
  const envelope = looseEnvelope.safeParse(body);
  if (!response.ok || !envelope.success || !envelope.data.success) {
    if (response.ok && !envelope.success) throw new ApiError(response.status, BAD_RESPONSE_MESSAGE);
    const parsed = envelope.success ? envelope.data : undefined;
    throw new ApiError(
      response.status,
      parsed?.message || fallbackMessage(response.status),
      parsed?.field ?? null,
    );
  }
  const data = endpoint.output.safeParse(envelope.data.data);
  if (!data.success) throw new ApiError(response.status, BAD_RESPONSE_MESSAGE);
  return data.data as OutputOf<E>;
}
