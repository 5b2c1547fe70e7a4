import { callWechat, WechatApiError, type HttpClient } from './wechat-api';

/**
 * The mini-program's side of WeChat's server API as this product uses it: `code2Session`, the
 * exchange of a `wx.login` code for the WeChat user's openid under the mini-program's appid
 * (an openid of the official account is another one, and WeChat Pay refuses it for the
 * mini-program's payments).
 * https://developers.weixin.qq.com/miniprogram/dev/OpenApiDoc/user-login/code2Session.html
 */
export interface MiniProgramApi {
  readonly appId: string;
  /** The openid of the WeChat user who called `wx.login`; WechatApiError with WeChat's errcode. */
  exchangeCode(jsCode: string): Promise<{ openid: string }>;
}

export interface MiniProgramApiOptions {
  appId: string;
  appSecret: string;
  /** https://api.weixin.qq.com, or the sandbox's base. */
  apiBase: string;
  http: HttpClient;
}

export function createMiniProgramApi(options: MiniProgramApiOptions): MiniProgramApi {
  const { appId, appSecret, apiBase, http } = options;
  return {
    appId,
    async exchangeCode(jsCode) {
      const result = await callWechat(http, apiBase, '/sns/jscode2session', {
        appid: appId,
        secret: appSecret,
        js_code: jsCode,
        grant_type: 'authorization_code',
      });
      // The session_key stays here: nothing of ours decrypts the mini-program's user data.
      if (typeof result.openid !== 'string' || result.openid === '') {
        throw new WechatApiError('WeChat /sns/jscode2session: no openid in the answer');
      }
      return { openid: result.openid };
    },
  };
}
