import { createHmac, randomInt, randomUUID, timingSafeEqual } from 'node:crypto';
import { AppError } from '../../http/errors';
import type { Clock } from '../../lib/clock';
import type { EphemeralStore } from '../../integrations/store/store';
import { SmsSendError, type SmsMessage, type SmsSender } from '../../integrations/sms/sms';

export const smsPurposes = [
  'register',
  'login',
  'changePassword',
  'changePaymentPassword',
  'changeMobile',
  'oldMobile',
] as const;
export type SmsPurpose = (typeof smsPurposes)[number];

export const CODE_TTL_MS = 5 * 60_000;
/** The default gap between two texts to one mobile (`SMS_RESEND_INTERVAL_SECONDS`). */
export const RESEND_INTERVAL_MS = 60_000;
export const MAX_ATTEMPTS = 5;
const DAY_MS = 24 * 3600_000;
const CHINA_OFFSET_MS = 8 * 3600_000;

const purposeLabels: Record<SmsPurpose, string> = {
  register: '注册',
  login: '登录',
  changePassword: '修改登录密码',
  changePaymentPassword: '修改支付密码',
  changeMobile: '更换手机号',
  oldMobile: '身份验证',
};

export const codeText = (purpose: SmsPurpose, code: string) =>
  `【会员中心】您的${purposeLabels[purpose]}验证码为${code}，5分钟内有效。`;

interface CodeRecord {
  id: string;
  hash: string;
  expiresAt: number;
}

export interface SmsCodeServiceDeps {
  store: EphemeralStore;
  sms: SmsSender;
  now: Clock;
  /** Codes are stored as HMACs under this key, never in clear. */
  secret: Uint8Array;
  dailyLimit: number;
  ipDailyLimit: number;
  resendIntervalMs?: number;
  onSendError?: (error: unknown) => void;
}

/** Also what a caller answers when the mobile has no account: the two must look the same. */
export const invalidSmsCode = () => new AppError(400, '短信验证码错误或已过期');
const invalidCode = invalidSmsCode;

export function createSmsCodeService(deps: SmsCodeServiceDeps) {
  const { store, now } = deps;
  const resendIntervalMs = deps.resendIntervalMs ?? RESEND_INTERVAL_MS;
  const codeKey = (purpose: SmsPurpose, mobile: string) => `sms:code:${purpose}:${mobile}`;
  const attemptsKey = (record: CodeRecord) => `sms:attempts:${record.id}`;
  const digest = (purpose: SmsPurpose, mobile: string, code: string) =>
    createHmac('sha256', deps.secret).update(`${purpose}:${mobile}:${code}`).digest('hex');
  // Daily caps follow the calendar day in China, when members expect them to reset.
  const chinaDay = () => new Date(now().getTime() + CHINA_OFFSET_MS).toISOString().slice(0, 10);

  /** At most one text per mobile per minute, whatever the purpose. */
  async function claimSendSlot(mobile: string): Promise<void> {
    const key = `sms:gap:${mobile}`;
    const at = now().getTime();
    if (await store.setIfAbsent(key, String(at), resendIntervalMs)) return;
    const last = Number(await store.get(key));
    const waitMs = Number.isFinite(last) ? last + resendIntervalMs - at : resendIntervalMs;
    if (waitMs > 0) {
      throw new AppError(429, `发送过于频繁，请${Math.ceil(waitMs / 1000)}秒后再试`);
    }
    await store.set(key, String(at), resendIntervalMs);
  }

  async function checkDailyCaps(mobile: string, ip: string): Promise<void> {
    const day = chinaDay();
    const sentToMobile = await store.incr(`sms:day:${day}:mobile:${mobile}`, DAY_MS + 3600_000);
    const sentFromIp = await store.incr(`sms:day:${day}:ip:${ip}`, DAY_MS + 3600_000);
    if (sentToMobile > deps.dailyLimit || sentFromIp > deps.ipDailyLimit) {
      throw new AppError(429, '今日短信发送次数已达上限，请明天再试');
    }
  }

  return {
    /**
     * Issues a fresh code for mobile + purpose and texts it. `compose` chooses the text, so a
     * caller can send a notice instead of the code, or nothing at all (null: a number without
     * an account), while doing the same work and answering the same either way.
     */
    async send(input: {
      mobile: string;
      purpose: SmsPurpose;
      ip: string;
      compose?: (code: string) => Omit<SmsMessage, 'mobile'> | null;
    }): Promise<{ resendAfterSeconds: number }> {
      const { mobile, purpose } = input;
      await claimSendSlot(mobile);
      await checkDailyCaps(mobile, input.ip);

      const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
      const record: CodeRecord = {
        id: randomUUID(),
        hash: digest(purpose, mobile, code),
        expiresAt: now().getTime() + CODE_TTL_MS,
      };
      // Replacing the record retires any earlier code for the same purpose.
      await store.set(codeKey(purpose, mobile), JSON.stringify(record), CODE_TTL_MS);
      const composed = input.compose
        ? input.compose(code)
        : { kind: 'verificationCode' as const, params: { code }, text: codeText(purpose, code) };
      if (composed === null) return { resendAfterSeconds: resendIntervalMs / 1000 };
      const message = composed;
      try {
        await deps.sms.send({ mobile, ...message });
      } catch (error) {
        deps.onSendError?.(error);
        // Nothing went out: let the member retry at once.
        await store.delete(`sms:gap:${mobile}`);
        await store.delete(codeKey(purpose, mobile));
        if (error instanceof SmsSendError) throw new AppError(503, '短信发送失败，请稍后再试');
        throw error;
      }
      return { resendAfterSeconds: resendIntervalMs / 1000 };
    },

    /** Checks and consumes the code: right once, within 5 minutes, at most 5 attempts. */
    async consume(input: { mobile: string; purpose: SmsPurpose; code: string }): Promise<void> {
      const key = codeKey(input.purpose, input.mobile);
      const raw = await store.get(key);
      if (!raw) throw invalidCode();
      const record = JSON.parse(raw) as CodeRecord;
      if (now().getTime() >= record.expiresAt) {
        await store.delete(key);
        throw invalidCode();
      }
      // Counted before comparing, so concurrent guesses cannot exceed the limit.
      const attempt = await store.incr(attemptsKey(record), CODE_TTL_MS);
      if (attempt > MAX_ATTEMPTS) {
        await store.delete(key);
        throw new AppError(400, '验证码错误次数过多，请重新获取');
      }
      const expected = Buffer.from(record.hash, 'hex');
      const given = Buffer.from(digest(input.purpose, input.mobile, input.code), 'hex');
      if (!timingSafeEqual(expected, given)) {
        if (attempt === MAX_ATTEMPTS) await store.delete(key);
        throw invalidCode();
      }
      const taken = await store.take(key);
      if (!taken || (JSON.parse(taken) as CodeRecord).id !== record.id) throw invalidCode();
    },
  };
}

export type SmsCodeService = ReturnType<typeof createSmsCodeService>;
