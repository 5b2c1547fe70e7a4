import { z } from 'zod';
import { intSetting, missing, text, urlOr } from '../../lib/settings';
import type { AliyunRpcCredentials } from '../aliyun/rpc-client';
import { integration, type IntegrationContext } from '../integration';
import { createAliyunSms } from './aliyun-sms';
import { createSandboxSms } from './sandbox-sms';
import type { SmsSender } from './sms';
import { createSmsOutbox } from './sms-outbox';

export type SmsConfig = {
  /** At most one text per mobile per this many seconds. */
  resendIntervalSeconds: number;
  dailyLimit: number;
  ipDailyLimit: number;
} & (
  | { provider: 'sandbox' }
  | {
      provider: 'aliyun';
      aliyun: AliyunRpcCredentials & {
        signName: string;
        templateCode: string;
        registeredTemplateCode: string;
        relationTemplateCode: string;
        mobileChangedTemplateCode: string | undefined;
      };
    }
);

/**
 * Texts to members: Aliyun SMS, or the sandbox, which sends nothing and keeps each text in an
 * outbox (read through Sandbox/SmsOutbox by developers and browser tests).
 */
export const smsIntegration = integration({
  env: z.object({
    SMS_PROVIDER: z
      .enum(['sandbox', 'aliyun'], { error: 'must be sandbox or aliyun' })
      .default('sandbox'),
    ALIYUN_SMS_ACCESS_KEY_ID: text(),
    ALIYUN_SMS_ACCESS_KEY_SECRET: text(),
    ALIYUN_SMS_SIGN_NAME: text(),
    ALIYUN_SMS_TEMPLATE_CODE: text(),
    ALIYUN_SMS_REGISTERED_TEMPLATE_CODE: text(),
    ALIYUN_SMS_RELATION_TEMPLATE_CODE: text(),
    ALIYUN_SMS_MOBILE_CHANGED_TEMPLATE_CODE: text(),
    ALIYUN_SMS_ENDPOINT: urlOr('https://dysmsapi.aliyuncs.com'),
    SMS_DAILY_LIMIT: intSetting(10, 1, 1000),
    SMS_RESEND_INTERVAL_SECONDS: intSetting(60, 1, 3600),
    SMS_IP_DAILY_LIMIT: intSetting(30, 1, 100_000),
  }),
  problems: (env, { isProduction }) => [
    ...(isProduction && env.SMS_PROVIDER === 'sandbox'
      ? ['SMS_PROVIDER=sandbox cannot be used in production (no text would be sent)']
      : []),
    ...(env.SMS_PROVIDER === 'aliyun'
      ? missing(
          env,
          [
            'ALIYUN_SMS_ACCESS_KEY_ID',
            'ALIYUN_SMS_ACCESS_KEY_SECRET',
            'ALIYUN_SMS_SIGN_NAME',
            'ALIYUN_SMS_TEMPLATE_CODE',
            'ALIYUN_SMS_REGISTERED_TEMPLATE_CODE',
            'ALIYUN_SMS_RELATION_TEMPLATE_CODE',
          ],
          'SMS_PROVIDER=aliyun',
        )
      : []),
  ],
  settings: (env): SmsConfig => {
    const limits = {
      resendIntervalSeconds: env.SMS_RESEND_INTERVAL_SECONDS,
      dailyLimit: env.SMS_DAILY_LIMIT,
      ipDailyLimit: env.SMS_IP_DAILY_LIMIT,
    };
    return env.SMS_PROVIDER === 'aliyun'
      ? {
          ...limits,
          provider: 'aliyun',
          aliyun: {
            accessKeyId: env.ALIYUN_SMS_ACCESS_KEY_ID ?? '',
            accessKeySecret: env.ALIYUN_SMS_ACCESS_KEY_SECRET ?? '',
            signName: env.ALIYUN_SMS_SIGN_NAME ?? '',
            templateCode: env.ALIYUN_SMS_TEMPLATE_CODE ?? '',
            registeredTemplateCode: env.ALIYUN_SMS_REGISTERED_TEMPLATE_CODE ?? '',
            relationTemplateCode: env.ALIYUN_SMS_RELATION_TEMPLATE_CODE ?? '',
            mobileChangedTemplateCode: env.ALIYUN_SMS_MOBILE_CHANGED_TEMPLATE_CODE,
            endpoint: env.ALIYUN_SMS_ENDPOINT,
          },
        }
      : { ...limits, provider: 'sandbox' };
  },
  create: (
    settings,
    { db, now, log }: Pick<IntegrationContext, 'db' | 'now' | 'log'>,
    options: {
      /** A sender instead of the one the environment selects (tests). */
      sms?: SmsSender;
    },
  ) => {
    const smsOutbox = createSmsOutbox(db);
    const sms =
      options.sms ??
      (settings.provider === 'aliyun'
        ? createAliyunSms(settings.aliyun)
        : createSandboxSms(smsOutbox, now, (entry) =>
            log.info(entry, 'SMS sandbox: message not sent'),
          ));
    return { provides: { sms, smsOutbox } };
  },
});
