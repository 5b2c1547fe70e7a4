import { z } from 'zod';
import { formatIssue, type EndpointDef, type InputOf, type OutputOf } from '@pcb/contract';
import { env } from './env';
import { getAccessToken, removeAccessToken } from './storage';

export const NETWORK_ERROR_MESSAGE = '网络异常，请检查网络后重试';
export const BAD_RESPONSE_MESSAGE = '服务器返回的数据有误，请稍后重试';

/** A failed call; `message` is the server's Chinese message when it sent one. */
export class ApiError extends Error {
  override readonly name = 'ApiError';
  constructor(
    /** HTTP status; 0 when the request never got an answer. */
    readonly status: number,
    message: string,
    /** From the `Retry-After` header of a refusal (429): when the next try is allowed. */
    readonly retryAfterSeconds: number | null = null,
    /** The input field the server blamed, as its wire path (`mobile`, `ncVerifyDto.token`). */
    readonly field: string | null = null,
  ) {
    super(message);
  }
}

function retryAfterOf(response: Response): number | null {
  const value = Number(response.headers.get('retry-after'));
  return Number.isFinite(value) && value > 0 ? Math.ceil(value) : null;
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

export interface CallOptions {
  signal?: AbortSignal;
}

/**
 * A GET input as a query string: an array is one repeated key per element (`ids=1&ids=2`,
 * the form the server's query parser reads back as an array), never `String(array)`'s `1,2`;
 * absent values are left out.
 */
export function toQueryString(input: object): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(input)) {
    const values: unknown[] = Array.isArray(value) ? value : [value];
    for (const item of values) {
      if (item !== undefined && item !== null) params.append(key, String(item));
    }
  }
  return params.toString();
}

function buildUrl(endpoint: EndpointDef, input: unknown): string {
  const url = `${env.apiBase}${endpoint.path}`;
  if (endpoint.method !== 'GET' || input === null || typeof input !== 'object') return url;
  const query = toQueryString(input);
  return query ? `${url}?${query}` : url;
}

/**
 * Calls one endpoint of the contract: the input is checked against the endpoint's schema,
 * sent as a query string (GET) or JSON body, and the envelope's data is parsed with the
 * endpoint's output schema. There is deliberately no time-out (spec section 7).
 */
export async function apiCall<E extends EndpointDef>(
  endpoint: E,
  input: InputOf<E>,
  options: CallOptions = {},
): Promise<OutputOf<E>> {
  const parsedInput = endpoint.input.safeParse(input);
  if (!parsedInput.success) {
    const issue = parsedInput.error.issues[0];
    throw new ApiError(400, issue ? formatIssue(issue, endpoint.input) : '请求参数有误');
  }

  const headers: Record<string, string> = { Accept: 'application/json' };
  const token = getAccessToken();
  if (token) headers.Authorization = `Bearer ${token}`;
  const hasBody = endpoint.method !== 'GET';
  if (hasBody) headers['Content-Type'] = 'application/json';

  let response: Response;
  try {
    response = await fetch(buildUrl(endpoint, parsedInput.data), {
      method: endpoint.method,
      headers,
      body: hasBody ? JSON.stringify(parsedInput.data) : undefined,
      signal: options.signal,
    });
  } catch (error) {
    // A cancelled query is not a failure the user should hear about.
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw new ApiError(0, NETWORK_ERROR_MESSAGE);
  }

  if (response.status === 401) removeAccessToken();

  let body: unknown;
  try {
    body = await response.json();
  } catch {
    body = undefined;
  }
  const envelope = looseEnvelope.safeParse(body);
  if (!response.ok || !envelope.success || !envelope.data.success) {
    const message = envelope.success ? envelope.data.message : '';
    if (response.ok && !envelope.success) throw new ApiError(response.status, BAD_RESPONSE_MESSAGE);
    throw new ApiError(
      response.status,
      message || fallbackMessage(response.status),
      retryAfterOf(response),
      (envelope.success ? envelope.data.field : undefined) ?? null,
    );
  }
  const data = endpoint.output.safeParse(envelope.data.data);
  if (!data.success) throw new ApiError(response.status, BAD_RESPONSE_MESSAGE);
  return data.data as OutputOf<E>;
}
