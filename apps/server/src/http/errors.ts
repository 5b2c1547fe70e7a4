/**
 * A business rule failure with the HTTP status and the Chinese message the member reads.
 * Services throw it; the error handler turns it into `{success:false, data:null, message}`.
 */
export class AppError extends Error {
  /** Sent as `Retry-After`: when the caller may try again. */
  readonly retryAfterSeconds: number | null;
  /** The input field the refusal is about (its wire path), so a form can show it there. */
  readonly field: string | null;

  constructor(
    readonly statusCode: 400 | 401 | 403 | 404 | 409 | 429 | 503,
    message: string,
    options: { retryAfterSeconds?: number; field?: string } = {},
  ) {
    super(message);
    this.name = 'AppError';
    this.retryAfterSeconds = options.retryAfterSeconds ?? null;
    this.field = options.field ?? null;
  }
}

export const messages = {
  unauthorized: '登录已失效，请重新登录',
  notFound: '接口不存在',
  pageNotFound: '页面不存在',
  serverError: '服务器开小差了，请稍后再试',
  badJson: '请求内容不是有效的 JSON',
  badRequest: '请求参数不正确',
  unsupportedMediaType: '不支持的请求格式',
  tooLarge: '请求内容过大',
  headersTooLarge: '请求头过大',
  timeout: '请求超时，请重试',
  captchaFailed: '人机验证失败，请重试',
  tooManyRequests: '请求过于频繁，请稍后再试',
} as const;

export const unauthorized = () => new AppError(401, messages.unauthorized);
