import Fastify from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { loadConfig } from './config/env';
import { createDatabase, type Database } from './db/client';
import { realInvoiceMailEnv } from '../test/fixtures/invoice-mail-env';
import { realPaymentEnv } from '../test/fixtures/payment-env';
import { createPlatform } from './platform';

const production = loadConfig({
  NODE_ENV: 'production',
  DATABASE_URL: 'postgres://app:secret@127.0.0.1:9/never-connected',
  JWT_SECRET: 'x'.repeat(40),
  ALTCHA_HMAC_KEY: 'y'.repeat(40),
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
});

describe('the platform in production', () => {
  let database: Database | undefined;
  afterEach(async () => {
    await database?.pool.end();
  });

  it('builds the real adapters, and refuses a sandbox even where configuration let one through', () => {
    const unused = createDatabase(production.databaseUrl ?? '');
    database = unused;
    const built = createPlatform(Fastify(), { config: production, database: unused });
    expect(built.platform.storage.provider).toBe('aliyun');
    expect(built.platform.wechat.mpBase('https://m.example.com')).toBe('https://mp.weixin.qq.com');
    expect(built.platform.payments.alipay?.merchantId).toBe('2021000000000001');
    expect(built.platform.payments.wechat?.merchantId).toBe('1230000109');
    expect(built.platform.invoiceMail.provider).toBe('smtp');
    expect(() =>
      createPlatform(Fastify(), {
        config: {
          ...production,
          wechat: { provider: 'sandbox', miniProgram: { provider: 'sandbox' } },
          oss: { provider: 'sandbox' },
          alipay: { provider: 'sandbox' },
        },
        database: unused,
      }),
    ).toThrow('An embedded sandbox cannot run in production: wechat, oss, alipay');
  });
});
