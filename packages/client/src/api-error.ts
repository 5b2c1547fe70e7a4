export const NETWORK_ERROR_MESSAGE = '网络异常，请检查网络后重试';
export const BAD_RESPONSE_MESSAGE = '服务器返回的数据有误，请稍后重试';

export interface ApiErrorDetails {
  /** The input field the server (or the input check) blamed, as its wire path (`ncVerifyDto.token`). */
  field?: string | null;
  /** From the `Retry-After` header of a refusal (429): seconds until the next try is allowed. */
  retryAfterSeconds?: number | null;
}

/** A failed call; `message` is the server's Chinese message when it sent one. */
export class ApiError extends Error {
  override readonly name = 'ApiError';
  /** The input field blamed, as its wire path; null when the refusal names none. */
  readonly field: string | null;
  /** When the next try is allowed (a 429's `Retry-After`), or null. */
  readonly retryAfterSeconds: number | null;

  constructor(
    /** HTTP status; 0 when the request never got an answer. */
    readonly status: number,
    message: string,
    details: ApiErrorDetails = {},
  ) {
    super(message);
    this.field = details.field ?? null;
    this.retryAfterSeconds = details.retryAfterSeconds ?? null;
  }
}

/** What a refusal says when the server sent no message of its own. */
export function fallbackMessage(status: number): string {
  if (status === 401) return '登录已过期，请重新登录';
  if (status === 403) return '没有权限执行此操作';
  if (status === 404) return '请求的内容不存在';
  if (status === 429) return '操作太频繁，请稍后再试';
  if (status >= 500) return '服务器繁忙，请稍后重试';
  return '请求失败，请稍后重试';
}
