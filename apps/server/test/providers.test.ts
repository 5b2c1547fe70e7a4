import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { realInvoiceMailEnv } from './fixtures/invoice-mail-env';
import { realPaymentEnv } from './fixtures/payment-env';
import { buildTestApp, uniqueMobile, type TestApp } from './helper';
import { startFakeAliyun } from './fake-aliyun';

describe('with the Aliyun captcha and Aliyun SMS', () => {
  let t: TestApp;
  let fake: Awaited<ReturnType<typeof startFakeAliyun>>;
  beforeAll(async () => {
    fake = await startFakeAliyun((params) =>
      params.Action === 'SendSms'
        ? {
            body: {
              Code: params.PhoneNumbers?.endsWith('0000') ? 'isv.BUSINESS_LIMIT_CONTROL' : 'OK',
            },
          }
        : { body: { Result: { VerifyResult: params.CaptchaVerifyParam === 'human' } } },
    );
    t = await buildTestApp({
      env: {
        CAPTCHA_PROVIDER: 'aliyun',
        ALIYUN_CAPTCHA_ACCESS_KEY_ID: 'id',
        ALIYUN_CAPTCHA_ACCESS_KEY_SECRET: 'secret',
        ALIYUN_CAPTCHA_SCENE_ID: 'scene-9',
        ALIYUN_CAPTCHA_PREFIX: 'abc123',
        ALIYUN_CAPTCHA_ENDPOINT: fake.endpoint,
        SMS_PROVIDER: 'aliyun',
        ALIYUN_SMS_ACCESS_KEY_ID: 'id',
        ALIYUN_SMS_ACCESS_KEY_SECRET: 'secret',
        ALIYUN_SMS_SIGN_NAME: '会员中心',
        ALIYUN_SMS_TEMPLATE_CODE: 'SMS_1',
        ALIYUN_SMS_REGISTERED_TEMPLATE_CODE: 'SMS_2',
        ALIYUN_SMS_RELATION_TEMPLATE_CODE: 'SMS_3',
        ALIYUN_SMS_ENDPOINT: fake.endpoint,
      },
    });
  });
  afterAll(async () => {
    await t?.close();
    await fake?.close();
  });

  it('publishes the captcha parameters and has no ALTCHA challenge', async () => {
    expect((await t.get('/api/Captcha/GetConfig')).body.data).toEqual({
      provider: 'aliyun',
      sceneId: 'scene-9',
      prefix: 'abc123',
      region: 'cn-shanghai',
    });
    const challenge = await t.get('/api/Captcha/GetChallenge');
    expect(challenge.status).toBe(404);
    expect(challenge.body.success).toBe(false);
  });

  it('allows the Aliyun captcha script in the CSP', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/login' });
    expect(String(res.headers['content-security-policy'])).toContain(
      "script-src 'self' https://o.alicdn.com",
    );
  });

  it('sends the code through Aliyun after Aliyun verified the human', async () => {
    const mobile = uniqueMobile();
    const refused = await t.post('/api/MemberAuth/SendRegisterMessage', {
      mobile,
      ncVerifyDto: { provider: 'aliyun', token: 'bot' },
    });
    expect(refused.status).toBe(400);
    const sent = await t.post('/api/MemberAuth/SendRegisterMessage', {
      mobile,
      ncVerifyDto: { provider: 'aliyun', token: 'human' },
    });
    expect(sent.status).toBe(200);
    const call = fake.calls.find(
      (c) => c.params.Action === 'SendSms' && c.params.PhoneNumbers === mobile,
    );
    expect(JSON.parse(call?.params.TemplateParam ?? '{}')).toMatchObject({
      code: expect.stringMatching(/^\d{6}$/),
    });
    expect(await t.outbox(mobile)).toEqual([]);
  });

  it('answers 503 when the provider refuses, and lets the member retry at once', async () => {
    const mobile = '13912340000';
    const res = await t.post('/api/MemberAuth/SendRegisterMessage', {
      mobile,
      ncVerifyDto: { provider: 'aliyun', token: 'human' },
    });
    expect(res.status).toBe(503);
    expect(res.body.message).toBe('短信发送失败，请稍后再试');
    const again = await t.post('/api/MemberAuth/SendRegisterMessage', {
      mobile,
      ncVerifyDto: { provider: 'aliyun', token: 'human' },
    });
    expect(again.status).toBe(503);
  });
});

describe('in production', () => {
  it('hides the SMS sandbox outbox', async () => {
    const t = await buildTestApp({
      env: {
        NODE_ENV: 'production',
        JWT_SECRET: 'p'.repeat(40),
        ALTCHA_HMAC_KEY: 'q'.repeat(40),
        SMS_PROVIDER: 'aliyun',
        ALIYUN_SMS_ACCESS_KEY_ID: 'id',
        ALIYUN_SMS_ACCESS_KEY_SECRET: 'secret',
        ALIYUN_SMS_SIGN_NAME: '会员中心',
        ALIYUN_SMS_TEMPLATE_CODE: 'SMS_1',
        ALIYUN_SMS_REGISTERED_TEMPLATE_CODE: 'SMS_2',
        ALIYUN_SMS_RELATION_TEMPLATE_CODE: 'SMS_3',
        WECHAT_APP_ID: 'wx0123456789abcdef',
        WECHAT_APP_SECRET: 'wechat-secret',
        OSS_ACCESS_KEY_ID: 'LTAI-oss',
        OSS_ACCESS_KEY_SECRET: 'oss-secret',
        OSS_BUCKET_HOST: 'https://pcb-files.oss-cn-shenzhen.aliyuncs.com',
        TIANYANCHA_TOKEN: 'tyc-token',
        KUAIDI100_CUSTOMER: 'kd100-customer',
        KUAIDI100_KEY: 'kd100-key',
        ...realPaymentEnv,
        ...realInvoiceMailEnv,
        PUBLIC_ORIGIN: 'https://m.example.com',
      },
    });
    try {
      const res = await t.get('/api/Sandbox/SmsOutbox', { query: { mobile: '13800138000' } });
      expect(res.status).toBe(404);
      expect(res.body).toEqual({ success: false, data: null, message: '接口不存在' });
      const docs = (await t.app.inject({ method: 'GET', url: '/api/docs' })).json() as {
        paths: Record<string, unknown>;
      };
      expect(docs.paths['/api/Sandbox/SmsOutbox']).toBeUndefined();
      // No sandbox exists there: WeChat, OSS, Alipay, WeChat Pay.
      for (const [method, url] of [
        ['GET', '/sandbox/wechat/connect/oauth2/authorize?appid=wxsandbox000000001'],
        ['GET', '/sandbox/wechat/sns/oauth2/access_token'],
        ['POST', '/sandbox/wechat/miniprogram/login'],
        ['GET', '/sandbox/wechat/sns/jscode2session'],
        ['POST', '/sandbox/oss'],
        ['GET', '/sandbox/alipay/gateway.do'],
        ['GET', '/sandbox/alipay/cashier/1'],
        ['GET', '/sandbox/wechat-pay/checkmweb'],
        ['POST', '/sandbox/wechat-pay/pay'],
      ] as const) {
        expect((await t.app.inject({ method, url })).statusCode, url).toBe(404);
      }
      const hsts = (await t.app.inject({ method: 'GET', url: '/api/Captcha/GetConfig' })).headers[
        'strict-transport-security'
      ];
      expect(String(hsts)).toContain('max-age=31536000');
    } finally {
      await t.close();
    }
  });
});
