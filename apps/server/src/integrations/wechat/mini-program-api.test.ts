import { describe, expect, it } from 'vitest';
import { createMiniProgramApi } from './mini-program-api';
import { WechatApiError, type HttpClient } from './wechat-api';

/** A WeChat that answers `body` (as text) and records what it was asked. */
function wechat(body: string, status = 200) {
  const asked: { url: string; method: string | undefined }[] = [];
  const http: HttpClient = async (url, init) => {
    asked.push({ url, method: init?.method });
    return { status, text: async () => body };
  };
  return { http, asked };
}

const api = (http: HttpClient) =>
  createMiniProgramApi({
    appId: 'wx3333333333333333',
    appSecret: 'mini-secret',
    apiBase: 'https://api.weixin.qq.com',
    http,
  });

describe('createMiniProgramApi: code2Session as WeChat documents it', () => {
  it('asks GET /sns/jscode2session with the appid, secret and code, and reads the openid', async () => {
    // The answer of WeChat's documentation (code2Session), session_key and unionid included.
    const { http, asked } = wechat(
      '{"openid":"oUpF8uMuAJO_M2pxb1Q9zNjWeS6o","session_key":"tiihtNczf5v6AKRyjwEUhQ==","unionid":"o6_bmasdasdsad6_2sgVt7hMZOPfL","errcode":0,"errmsg":"ok"}',
    );
    expect(await api(http).exchangeCode('081Kq4Ga1c5cUF0zbXHa1nMbGa1Kq4Gr')).toEqual({
      openid: 'oUpF8uMuAJO_M2pxb1Q9zNjWeS6o',
    });
    expect(asked).toEqual([
      {
        url: 'https://api.weixin.qq.com/sns/jscode2session?appid=wx3333333333333333&secret=mini-secret&js_code=081Kq4Ga1c5cUF0zbXHa1nMbGa1Kq4Gr&grant_type=authorization_code',
        method: 'GET',
      },
    ]);
  });

  it('throws WeChat’s errcode: a wrong or used code, a risky user, a busy system', async () => {
    for (const [errcode, errmsg] of [
      [40029, 'invalid code'],
      [40163, 'code been used'],
      [40226, 'code blocked'],
      [45011, 'api minute-quota reach limit'],
      [-1, 'system error'],
    ] as const) {
      const { http } = wechat(JSON.stringify({ errcode, errmsg }));
      await expect(api(http).exchangeCode('c')).rejects.toMatchObject({
        name: 'WechatApiError',
        errcode,
      });
    }
  });

  it('refuses an answer without an openid, not JSON, or no answer at all', async () => {
    await expect(api(wechat('{"session_key":"x"}').http).exchangeCode('c')).rejects.toThrow(
      WechatApiError,
    );
    await expect(api(wechat('<html>502</html>', 502).http).exchangeCode('c')).rejects.toThrow(
      WechatApiError,
    );
    const down: HttpClient = async () => {
      throw new Error('ECONNRESET');
    };
    await expect(api(down).exchangeCode('c')).rejects.toThrow(WechatApiError);
  });
});
