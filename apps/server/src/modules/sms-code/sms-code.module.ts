import type { Platform } from '../../platform';
import { appModule } from '../app-module';
import { createSmsCodeService, type SmsCodeService } from './sms-code.service';

export type SmsCodeApi = SmsCodeService;
export type { SmsCodeService };
export { codeText, invalidSmsCode } from './sms-code.service';
export { reserveNotice } from './notice-limit';

/** SMS verification codes: sending them under their limits, and taking them once. */
export const smsCodeModule = appModule({
  redact: ['smsCode'],
  create: ({
    config,
    store,
    sms,
    now,
    deriveKey,
    logError,
  }: Pick<Platform, 'config' | 'store' | 'sms' | 'now' | 'deriveKey' | 'logError'>) => ({
    api: createSmsCodeService({
      store,
      sms,
      now,
      secret: deriveKey('sms-code-hmac'),
      dailyLimit: config.sms.dailyLimit,
      ipDailyLimit: config.sms.ipDailyLimit,
      resendIntervalMs: config.sms.resendIntervalSeconds * 1000,
      onSendError: logError('SMS send failed'),
    }) satisfies SmsCodeApi,
  }),
});
