import { generateKeyPairSync } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  REAL_NOTIFY_ALIPAY_PUBLIC_KEY,
  TEST_MERCHANT_PRIVATE_KEY,
  TEST_MERCHANT_PUBLIC_KEY,
} from '../../test/fixtures/alipay';
import { DEV_ALTCHA_HMAC_KEY } from '../integrations/captcha/captcha.integration';
import { goSdkNotify } from '../integrations/wechat-pay/published-examples';
import { ConfigError, DEV_JWT_SECRET, loadConfig, serverOrigins } from './env';
import { realInvoiceMailEnv } from '../../test/fixtures/invoice-mail-env';

const strong = 'x'.repeat(40);

/** An RSA pair in PEM, as a merchant's key tool makes it. */
const rsaPair = () =>
  generateKeyPairSync('rsa', {
    modulusLength: 2048,
    publicKeyEncoding: { type: 'spki', format: 'pem' },
    privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
  });
const wechatMerchant = rsaPair();
const wechatPayKey = rsaPair();
/** Deployment tools keep a value on one line: new lines written as \n. */
const oneLine = (pem: string) => pem.trim().replaceAll('\n', '\\n');

const alipayEnv = {
  ALIPAY_PROVIDER: 'alipay',
  ALIPAY_APP_ID: '2021000000000001',
  ALIPAY_SELLER_ID: '2088000000000001',
  ALIPAY_PRIVATE_KEY: oneLine(TEST_MERCHANT_PRIVATE_KEY),
  // Alipay's console shows its public key as bare base64.
  ALIPAY_PUBLIC_KEY: REAL_NOTIFY_ALIPAY_PUBLIC_KEY,
};
const wechatPayEnv = {
  WECHAT_PAY_PROVIDER: 'wechatpay',
  WECHAT_PAY_MCH_ID: '1900000109',
  WECHAT_PAY_PRIVATE_KEY: oneLine(wechatMerchant.privateKey),
  WECHAT_PAY_SERIAL_NO: '5157f09efdc096de15ebe81a47057a7232f1b8e1',
  WECHAT_PAY_API_V3_KEY: 'a'.repeat(32),
  WECHAT_PAY_PUBLIC_KEY: wechatPayKey.publicKey,
  WECHAT_PAY_PUBLIC_KEY_ID: 'PUB_KEY_ID_0114232134912410000000000000000000',
};
const productionEnv = {
  NODE_ENV: 'production',
  DATABASE_URL: 'postgres://app:secret@db.internal:5432/member',
  JWT_SECRET: strong,
  ALTCHA_HMAC_KEY: `${strong}y`,
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
  ...alipayEnv,
  ...wechatPayEnv,
  ...realInvoiceMailEnv,
  PUBLIC_ORIGIN: 'https://m.example.com',
};

function problems(env: Record<string, string | undefined>): string[] {
  try {
    loadConfig(env);
  } catch (error) {
    if (error instanceof ConfigError) return error.problems;
    throw error;
  }
  return [];
}

describe('configuration', () => {
  it('has working development defaults', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      nodeEnv: 'development',
      host: '127.0.0.1',
      port: 3000,
      databaseUrl: undefined,
      jwt: {
        secret: DEV_JWT_SECRET,
        issuer: 'pcb-member-centre',
        audience: 'member',
        ttlSeconds: 86_400,
      },
      captcha: { provider: 'altcha', altcha: { hmacKey: DEV_ALTCHA_HMAC_KEY, maxNumber: 1000 } },
      sms: { provider: 'sandbox', dailyLimit: 10 },
      memberAgreementVersion: '2026-11',
      trustProxy: false,
    });
    expect(config.dataDir).toMatch(/\.data$/);
    expect(config.webDistDir).toMatch(/apps\/web\/dist$/);
  });

  it('never runs the demo factory in production: DEMO_FACTORY_PACE is refused there', () => {
    expect(loadConfig(productionEnv).demoFactory).toBeNull();
    expect(loadConfig({ ...productionEnv, DEMO_FACTORY_PACE: 'off' }).demoFactory).toBeNull();
    expect(problems({ ...productionEnv, DEMO_FACTORY_PACE: '90s' })).toEqual([
      'DEMO_FACTORY_PACE cannot be used in production (the demo factory moves orders by itself; only off is accepted)',
    ]);
  });

  it('runs job workers by default, except under NODE_ENV=test unless asked', () => {
    expect(loadConfig({}).jobs).toEqual({ workers: true, concurrency: 2, pollIntervalMs: 2000 });
    expect(loadConfig({ ...productionEnv }).jobs.workers).toBe(true);
    expect(loadConfig({ NODE_ENV: 'test' }).jobs.workers).toBe(false);
    expect(loadConfig({ NODE_ENV: 'test', JOB_WORKERS: 'on' }).jobs.workers).toBe(true);
    expect(
      loadConfig({ JOB_WORKERS: 'off', JOB_CONCURRENCY: '5', JOB_POLL_INTERVAL_MS: '500' }).jobs,
    ).toEqual({ workers: false, concurrency: 5, pollIntervalMs: 500 });
    expect(problems({ JOB_WORKERS: 'yes', JOB_CONCURRENCY: '0' })).toEqual([
      'JOB_WORKERS must be on or off',
      'JOB_CONCURRENCY must be at least 1',
    ]);
  });

  it('treats empty variables as unset and reads numbers', () => {
    const config = loadConfig({
      DATABASE_URL: '',
      PORT: '8080',
      TRUST_PROXY: '10.0.0.0/8, 127.0.0.1',
    });
    expect(config.databaseUrl).toBeUndefined();
    expect(config.port).toBe(8080);
    expect(config.trustProxy).toEqual(['10.0.0.0/8', '127.0.0.1']);
  });

  it('rejects malformed values, naming them', () => {
    expect(problems({ PORT: 'eighty', SMS_PROVIDER: 'carrier-pigeon' })).toEqual([
      'PORT must be a number',
      'SMS_PROVIDER must be sandbox or aliyun',
    ]);
  });

  it('starts in production when every setting is real', () => {
    const config = loadConfig(productionEnv);
    expect(config.isProduction).toBe(true);
    expect(config.sms.provider).toBe('aliyun');
  });

  it('refuses production with defaults, naming every problem at once', () => {
    expect(problems({ NODE_ENV: 'production' })).toEqual([
      'JWT_SECRET must be set in production (the default is public)',
      'DATABASE_URL is required in production (the embedded database is for development)',
      'PUBLIC_ORIGIN is required in production (where WeChat sends members back; never taken from the Host header)',
      // Then each integration's own, in the order of src/integrations/index.ts.
      'ALTCHA_HMAC_KEY must be set in production (the default is public)',
      'SMS_PROVIDER=sandbox cannot be used in production (no text would be sent)',
      'WECHAT_APP_ID is required in production (the WeChat sandbox cannot be used there)',
      'WECHAT_APP_SECRET is required in production (the WeChat sandbox cannot be used there)',
      'OSS_ACCESS_KEY_ID is required in production (the upload sandbox cannot be used there)',
      'OSS_ACCESS_KEY_SECRET is required in production (the upload sandbox cannot be used there)',
      'OSS_BUCKET_HOST is required in production (the upload sandbox cannot be used there)',
      'TIANYANCHA_TOKEN is required in production (the embedded company directory cannot be used there)',
      'KUAIDI100_CUSTOMER is required in production (the embedded parcel tracking cannot be used there)',
      'KUAIDI100_KEY is required in production (the embedded parcel tracking cannot be used there)',
      'ALIPAY_PROVIDER=sandbox cannot be used in production (members would pay the embedded sandbox, not Alipay)',
      'WECHAT_PAY_PROVIDER=sandbox cannot be used in production (members would pay the embedded sandbox, not WeChat Pay)',
      'INVOICE_MAIL_PROVIDER=sandbox cannot be used in production (no invoice would be mailed)',
    ]);
  });

  it('mails invoices to the sandbox outbox by default, by SMTP once its account is set', () => {
    expect(loadConfig({}).invoiceMail).toEqual({ provider: 'sandbox' });
    expect(loadConfig(productionEnv).invoiceMail).toEqual({
      provider: 'smtp',
      smtp: {
        host: 'smtp.example.com',
        port: 465,
        secure: true,
        user: 'invoice@example.com',
        password: 'smtp-secret',
        from: '会员中心 <invoice@example.com>',
      },
    });
    expect(problems({ INVOICE_MAIL_PROVIDER: 'smtp', SMTP_HOST: 'smtp.example.com' })).toEqual([
      'SMTP_USER is required when INVOICE_MAIL_PROVIDER=smtp',
      'SMTP_PASSWORD is required when INVOICE_MAIL_PROVIDER=smtp',
      'INVOICE_MAIL_FROM is required when INVOICE_MAIL_PROVIDER=smtp',
    ]);
  });

  it('tracks parcels with the embedded events by default, with Kuaidi100 once its account is set', () => {
    expect(loadConfig({}).parcelTracking).toEqual({ provider: 'embedded' });
    expect(loadConfig(productionEnv).parcelTracking).toEqual({
      provider: 'kuaidi100',
      customer: 'kd100-customer',
      key: 'kd100-key',
      endpoint: 'https://poll.kuaidi100.com/poll/query.do',
    });
    expect(problems({ KUAIDI100_CUSTOMER: 'c' })).toEqual([
      'KUAIDI100_KEY is required when KUAIDI100_CUSTOMER is set',
    ]);
  });

  it('refuses short secrets in production', () => {
    expect(
      problems({ ...productionEnv, JWT_SECRET: 'short', ALTCHA_HMAC_KEY: 'also-short' }),
    ).toEqual([
      'JWT_SECRET must be at least 32 characters in production',
      'ALTCHA_HMAC_KEY must be at least 32 characters in production',
    ]);
  });

  it('refuses an Aliyun provider without its keys, in any environment', () => {
    expect(
      problems({ CAPTCHA_PROVIDER: 'aliyun', SMS_PROVIDER: 'aliyun', ALIYUN_SMS_SIGN_NAME: 'x' }),
    ).toEqual([
      'ALIYUN_CAPTCHA_ACCESS_KEY_ID is required when CAPTCHA_PROVIDER=aliyun',
      'ALIYUN_CAPTCHA_ACCESS_KEY_SECRET is required when CAPTCHA_PROVIDER=aliyun',
      'ALIYUN_CAPTCHA_SCENE_ID is required when CAPTCHA_PROVIDER=aliyun',
      'ALIYUN_CAPTCHA_PREFIX is required when CAPTCHA_PROVIDER=aliyun',
      'ALIYUN_SMS_ACCESS_KEY_ID is required when SMS_PROVIDER=aliyun',
      'ALIYUN_SMS_ACCESS_KEY_SECRET is required when SMS_PROVIDER=aliyun',
      'ALIYUN_SMS_TEMPLATE_CODE is required when SMS_PROVIDER=aliyun',
      'ALIYUN_SMS_REGISTERED_TEMPLATE_CODE is required when SMS_PROVIDER=aliyun',
      'ALIYUN_SMS_RELATION_TEMPLATE_CODE is required when SMS_PROVIDER=aliyun',
    ]);
  });

  it('derives the Aliyun captcha endpoint from its region', () => {
    const config = loadConfig({
      CAPTCHA_PROVIDER: 'aliyun',
      ALIYUN_CAPTCHA_ACCESS_KEY_ID: 'id',
      ALIYUN_CAPTCHA_ACCESS_KEY_SECRET: 's',
      ALIYUN_CAPTCHA_SCENE_ID: 'scene',
      ALIYUN_CAPTCHA_PREFIX: 'px',
      ALIYUN_CAPTCHA_REGION: 'cn-hangzhou',
    });
    expect(config.captcha.provider === 'aliyun' && config.captcha.aliyun.endpoint).toBe(
      'https://captcha.cn-hangzhou.aliyuncs.com',
    );
  });

  it('plays WeChat and OSS with the sandboxes by default, outside production', () => {
    const config = loadConfig({});
    expect(config.wechat).toEqual({ provider: 'sandbox', miniProgram: { provider: 'sandbox' } });
    expect(config.oss).toEqual({ provider: 'sandbox' });
    // Without PUBLIC_ORIGIN: the server's own origins, never a request's Host.
    expect(config.publicOrigins).toEqual(['http://localhost:3000', 'http://127.0.0.1:3000']);
  });

  it('derives the server’s own origins from HOST and PORT', () => {
    const lan = {
      lo: [{ address: '127.0.0.1', family: 'IPv4', internal: true }],
      eth0: [
        { address: '192.168.1.23', family: 'IPv4', internal: false },
        { address: 'fe80::1', family: 'IPv6', internal: false },
        { address: '2001:db8::23', family: 'IPv6', internal: false },
      ],
    } as unknown as Parameters<typeof serverOrigins>[2];
    expect(serverOrigins('0.0.0.0', 3000, lan)).toEqual([
      'http://localhost:3000',
      'http://127.0.0.1:3000',
      'http://192.168.1.23:3000',
      'http://[2001:db8::23]:3000',
    ]);
    expect(serverOrigins('192.168.1.23', 80, lan)).toEqual([
      'http://192.168.1.23',
      'http://localhost',
      'http://127.0.0.1',
    ]);
    expect(serverOrigins('localhost', 8080, lan)).toEqual([
      'http://localhost:8080',
      'http://127.0.0.1:8080',
    ]);
    // PUBLIC_ORIGIN replaces them all.
    expect(
      loadConfig({ HOST: '0.0.0.0', PUBLIC_ORIGIN: 'https://m.example.com/' }).publicOrigins,
    ).toEqual(['https://m.example.com']);
  });

  it('reads WeChat, OSS and the public origin', () => {
    const config = loadConfig(productionEnv);
    expect(config.wechat).toEqual({
      provider: 'wechat',
      appId: 'wx0123456789abcdef',
      appSecret: 'wechat-secret',
      openBase: 'https://open.weixin.qq.com',
      apiBase: 'https://api.weixin.qq.com',
      mpBase: 'https://mp.weixin.qq.com',
      // No mini-program configured: none (not the sandbox's, with a real official account).
      miniProgram: null,
    });
    expect(config.oss).toEqual({
      provider: 'aliyun',
      accessKeyId: 'LTAI-oss',
      accessKeySecret: 'oss-secret',
      bucketHost: 'https://pcb-files.oss-cn-shenzhen.aliyuncs.com',
      bucket: 'pcb-files',
    });
    const custom = loadConfig({
      PUBLIC_ORIGIN: 'https://m.example.com/some/path',
      WECHAT_APP_ID: 'wx1',
      WECHAT_APP_SECRET: 's',
      WECHAT_API_BASE: 'http://127.0.0.1:9000/',
      OSS_ACCESS_KEY_ID: 'id',
      OSS_ACCESS_KEY_SECRET: 's',
      OSS_BUCKET_HOST: 'http://127.0.0.1:9001',
      OSS_BUCKET: 'local',
    });
    expect(custom.publicOrigins).toEqual(['https://m.example.com']);
    expect(custom.wechat.provider === 'wechat' && custom.wechat.apiBase).toBe(
      'http://127.0.0.1:9000',
    );
    expect(custom.oss.provider === 'aliyun' && custom.oss.bucket).toBe('local');
  });

  it('refuses half a WeChat or OSS configuration, in any environment', () => {
    expect(problems({ WECHAT_APP_ID: 'wx1', OSS_ACCESS_KEY_ID: 'id' })).toEqual([
      'WECHAT_APP_SECRET is required when WECHAT_APP_ID is set',
      'OSS_ACCESS_KEY_SECRET is required when OSS_ACCESS_KEY_ID is set',
      'OSS_BUCKET_HOST is required when OSS_ACCESS_KEY_ID is set',
    ]);
  });
});

describe('online payment settings', () => {
  it('plays Alipay and WeChat Pay with the sandboxes by default, under the sandbox WeChat’s appid', () => {
    const config = loadConfig({});
    expect(config.alipay).toEqual({ provider: 'sandbox' });
    expect(config.wechatPay).toEqual({
      provider: 'sandbox',
      appId: 'wxsandbox000000001',
      miniProgramAppId: 'wxsandboxminiapp01',
    });
    // With a real official account, the sandbox merchant is bound to it (its openids pay).
    expect(
      loadConfig({ WECHAT_APP_ID: 'wx0123456789abcdef', WECHAT_APP_SECRET: 's' }).wechatPay,
    ).toMatchObject({ provider: 'sandbox', appId: 'wx0123456789abcdef' });
  });

  it('reads Alipay’s settings: keys inline on one line, or bare base64', () => {
    expect(loadConfig(productionEnv).alipay).toEqual({
      provider: 'alipay',
      appId: '2021000000000001',
      sellerId: '2088000000000001',
      merchantPrivateKey: TEST_MERCHANT_PRIVATE_KEY.trim(),
      alipayPublicKey: REAL_NOTIFY_ALIPAY_PUBLIC_KEY,
      gatewayUrl: 'https://openapi.alipay.com/gateway.do',
    });
    const trial = loadConfig({
      ...alipayEnv,
      ALIPAY_GATEWAY: 'https://openapi-sandbox.dl.alipaydev.com/gateway.do',
    });
    expect(trial.alipay.provider === 'alipay' && trial.alipay.gatewayUrl).toBe(
      'https://openapi-sandbox.dl.alipaydev.com/gateway.do',
    );
  });

  it('reads WeChat Pay’s settings; the appid defaults to the official account’s', () => {
    expect(loadConfig(productionEnv).wechatPay).toEqual({
      provider: 'wechatpay',
      mchId: '1900000109',
      appId: 'wx0123456789abcdef',
      miniProgramAppId: undefined,
      merchantPrivateKey: wechatMerchant.privateKey.trim(),
      merchantSerialNo: '5157F09EFDC096DE15EBE81A47057A7232F1B8E1',
      apiV3Key: 'a'.repeat(32),
      wechatPayPublicKey: {
        id: 'PUB_KEY_ID_0114232134912410000000000000000000',
        pem: wechatPayKey.publicKey.trim(),
      },
      platformCertificates: undefined,
      apiBase: 'https://api.mch.weixin.qq.com',
    });
    // Certificate mode, two certificates (a rotation), its own appids.
    const certificates = loadConfig({
      ...wechatPayEnv,
      WECHAT_PAY_APP_ID: 'wx1111111111111111',
      WECHAT_PAY_MINIPROGRAM_APP_ID: 'wx2222222222222222',
      WECHAT_PAY_PUBLIC_KEY: undefined,
      WECHAT_PAY_PUBLIC_KEY_ID: undefined,
      WECHAT_PAY_PLATFORM_CERTIFICATES: oneLine(
        `${goSdkNotify.platformCertificate}\n${goSdkNotify.platformCertificate}`,
      ),
    }).wechatPay;
    expect(certificates).toMatchObject({
      appId: 'wx1111111111111111',
      miniProgramAppId: 'wx2222222222222222',
      wechatPayPublicKey: undefined,
      platformCertificates: [
        goSdkNotify.platformCertificate.trim(),
        goSdkNotify.platformCertificate.trim(),
      ],
    });
  });

  it('reads the mini-program, whose appid WeChat Pay’s mini-program payments take (decision 0057)', () => {
    const mini = { WECHAT_MINIPROGRAM_APP_ID: 'wx3333333333333333' };
    const config = loadConfig({
      ...productionEnv,
      ...mini,
      WECHAT_MINIPROGRAM_APP_SECRET: 'mini-secret',
    });
    expect(config.wechat.miniProgram).toEqual({
      provider: 'wechat',
      appId: 'wx3333333333333333',
      appSecret: 'mini-secret',
      apiBase: 'https://api.weixin.qq.com',
    });
    expect(config.wechatPay).toMatchObject({ miniProgramAppId: 'wx3333333333333333' });
    expect(problems(mini)).toEqual([
      'WECHAT_MINIPROGRAM_APP_SECRET is required when WECHAT_MINIPROGRAM_APP_ID is set',
    ]);
    expect(problems({ WECHAT_MINIPROGRAM_APP_SECRET: 's' })).toEqual([
      'WECHAT_MINIPROGRAM_APP_ID is required with WECHAT_MINIPROGRAM_APP_SECRET',
    ]);
    expect(
      problems({
        ...mini,
        WECHAT_MINIPROGRAM_APP_SECRET: 's',
        WECHAT_PAY_MINIPROGRAM_APP_ID: 'wx2222222222222222',
      }),
    ).toEqual([
      'WECHAT_PAY_MINIPROGRAM_APP_ID must be WECHAT_MINIPROGRAM_APP_ID (mini-program payments use the openids that mini-program’s login gives)',
    ]);
    expect(
      problems({ WECHAT_MINIPROGRAM_APP_ID: 'mini', WECHAT_MINIPROGRAM_APP_SECRET: 's' }),
    ).toEqual(['WECHAT_MINIPROGRAM_APP_ID must be an appid (wx…)']);
  });

  it('refuses an unknown provider by name', () => {
    expect(problems({ ALIPAY_PROVIDER: 'alipay-sdk', WECHAT_PAY_PROVIDER: 'wechat' })).toEqual([
      'ALIPAY_PROVIDER must be sandbox or alipay',
      'WECHAT_PAY_PROVIDER must be sandbox or wechatpay',
    ]);
  });

  it('refuses a real provider without its keys, in any environment', () => {
    expect(problems({ ALIPAY_PROVIDER: 'alipay', WECHAT_PAY_PROVIDER: 'wechatpay' })).toEqual([
      'ALIPAY_APP_ID is required when ALIPAY_PROVIDER=alipay',
      'ALIPAY_SELLER_ID is required when ALIPAY_PROVIDER=alipay',
      'ALIPAY_PRIVATE_KEY is required when ALIPAY_PROVIDER=alipay',
      'ALIPAY_PUBLIC_KEY is required when ALIPAY_PROVIDER=alipay',
      'WECHAT_PAY_MCH_ID is required when WECHAT_PAY_PROVIDER=wechatpay',
      'WECHAT_PAY_PRIVATE_KEY is required when WECHAT_PAY_PROVIDER=wechatpay',
      'WECHAT_PAY_SERIAL_NO is required when WECHAT_PAY_PROVIDER=wechatpay',
      'WECHAT_PAY_API_V3_KEY is required when WECHAT_PAY_PROVIDER=wechatpay',
      'WECHAT_PAY_APP_ID is required when WECHAT_PAY_PROVIDER=wechatpay (or WECHAT_APP_ID: the official account the merchant is bound to)',
      "WECHAT_PAY_PUBLIC_KEY (with WECHAT_PAY_PUBLIC_KEY_ID) or WECHAT_PAY_PLATFORM_CERTIFICATES is required when WECHAT_PAY_PROVIDER=wechatpay (to verify WeChat Pay's answers and notifies)",
    ]);
  });

  it('refuses Alipay keys that cannot work: malformed, or the application’s own key twice', () => {
    expect(
      problems({
        ...alipayEnv,
        ALIPAY_APP_ID: '2021-0001',
        ALIPAY_SELLER_ID: '1234',
        ALIPAY_PRIVATE_KEY: 'not a key',
      }),
    ).toEqual([
      'ALIPAY_APP_ID must be the application’s APPID (16 digits)',
      'ALIPAY_SELLER_ID must be the merchant account’s PID (2088 and 12 digits)',
      'ALIPAY_PRIVATE_KEY is not an RSA private key (PEM, or the base64 Alipay’s key tool prints)',
    ]);
    expect(problems({ ...alipayEnv, ALIPAY_PUBLIC_KEY: TEST_MERCHANT_PUBLIC_KEY })).toEqual([
      'ALIPAY_PUBLIC_KEY is the application’s own public key; it must be Alipay’s (支付宝公钥)',
    ]);
    expect(problems({ ...alipayEnv, ALIPAY_PUBLIC_KEY: 'MIIB' })).toEqual([
      'ALIPAY_PUBLIC_KEY is not an RSA public key (PEM, or base64)',
    ]);
    expect(
      problems({ ...productionEnv, ALIPAY_GATEWAY: 'http://openapi.alipay.com/gateway.do' }),
    ).toEqual(['ALIPAY_GATEWAY must be an https URL in production']);
  });

  it('refuses WeChat Pay settings that cannot work', () => {
    const env = { ...wechatPayEnv, WECHAT_PAY_APP_ID: 'wx0123456789abcdef' };
    expect(
      problems({
        ...env,
        WECHAT_PAY_MCH_ID: 'mch-1',
        WECHAT_PAY_APP_ID: 'app1',
        WECHAT_PAY_SERIAL_NO: 'serial-no',
        // 32 characters but not 32 bytes.
        WECHAT_PAY_API_V3_KEY: `${'a'.repeat(31)}钥`,
        WECHAT_PAY_PRIVATE_KEY: wechatMerchant.publicKey,
        WECHAT_PAY_PUBLIC_KEY_ID: 'pub-key-1',
      }),
    ).toEqual([
      'WECHAT_PAY_MCH_ID must be the merchant number (商户号, digits)',
      'WECHAT_PAY_APP_ID must be an appid (wx…)',
      'WECHAT_PAY_SERIAL_NO must be the merchant API certificate’s serial number (hexadecimal)',
      'WECHAT_PAY_API_V3_KEY must be 32 characters (the APIv3 key, APIv3密钥)',
      'WECHAT_PAY_PRIVATE_KEY is not an RSA private key in PEM (apiclient_key.pem)',
      'WECHAT_PAY_PUBLIC_KEY_ID must be the PUB_KEY_ID_… shown beside the public key',
    ]);
    expect(problems({ ...env, WECHAT_PAY_PUBLIC_KEY: wechatMerchant.publicKey })).toEqual([
      'WECHAT_PAY_PUBLIC_KEY is the merchant’s own public key; it must be WeChat Pay’s (微信支付公钥)',
    ]);
    expect(problems({ ...env, WECHAT_PAY_PUBLIC_KEY_ID: undefined })).toEqual([
      'WECHAT_PAY_PUBLIC_KEY_ID is required with WECHAT_PAY_PUBLIC_KEY (the PUB_KEY_ID_… shown beside it)',
    ]);
    expect(
      problems({
        ...env,
        WECHAT_PAY_PUBLIC_KEY: undefined,
        WECHAT_PAY_PLATFORM_CERTIFICATES: wechatPayKey.publicKey,
      }),
    ).toEqual([
      'WECHAT_PAY_PUBLIC_KEY is required with WECHAT_PAY_PUBLIC_KEY_ID',
      'WECHAT_PAY_PLATFORM_CERTIFICATES must hold WeChat Pay platform certificates in PEM (one or more)',
    ]);
    expect(
      problems({ ...productionEnv, WECHAT_PAY_API_BASE: 'http://api.mch.weixin.qq.com' }),
    ).toEqual(['WECHAT_PAY_API_BASE must be an https URL in production']);
  });
});
