import { AppError } from '../../http/errors';
import type { MiniProgramApi } from '../../integrations/wechat/mini-program-api';
import { INVALID_CODE_ERRCODES, WechatApiError } from '../../integrations/wechat/wechat-api';
import { WECHAT_UNAVAILABLE_MESSAGE } from './wechat-oauth.service';

export const MINI_PROGRAM_CODE_MESSAGE = '微信登录凭证无效或已使用，请重试';
/** WeChat's code2Session refusal for a user it judges risky (40226). */
export const MINI_PROGRAM_RISKY_MESSAGE = '当前微信账号暂不能使用此功能，请更换支付方式';
const RISKY_USER_ERRCODE = 40226;

/**
 * The openid of the WeChat user inside the mini-program, from a `wx.login` code exchanged once
 * with WeChat (decision 0057): a code WeChat refuses is the caller's (400, field `code`), WeChat
 * not answering is ours (503). Never stored: the payment that needs it keeps it at WeChat Pay.
 */
export function createMiniProgramLogin(deps: {
  api: MiniProgramApi | null;
  onApiError?: (error: unknown) => void;
}) {
  return {
    available: deps.api !== null,

    async openIdOf(code: string): Promise<string> {
      if (!deps.api) throw new AppError(503, WECHAT_UNAVAILABLE_MESSAGE);
      try {
        return (await deps.api.exchangeCode(code)).openid;
      } catch (error) {
        if (error instanceof WechatApiError && INVALID_CODE_ERRCODES.has(error.errcode ?? 0)) {
          throw new AppError(400, MINI_PROGRAM_CODE_MESSAGE, { field: 'code' });
        }
        if (error instanceof WechatApiError && error.errcode === RISKY_USER_ERRCODE) {
          throw new AppError(403, MINI_PROGRAM_RISKY_MESSAGE);
        }
        deps.onApiError?.(error);
        throw new AppError(503, WECHAT_UNAVAILABLE_MESSAGE);
      }
    },
  };
}

export type MiniProgramLogin = ReturnType<typeof createMiniProgramLogin>;
