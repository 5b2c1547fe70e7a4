import { createHmac, randomInt, randomUUID, timingSafeEqual } from 'node:crypto';
import { AppError } from '../../http/errors';
import type { Clock } from '../../lib/clock';
import type { EphemeralStore } from '../../integrations/store/store';
import { SmsSendError, type SmsMessage, type SmsSender } from '../../integrations/sms/sms';
import { chinaDay, DAILY_COUNTER_TTL_MS, DAY_MS, reserveNotice } from './notice-limit';

export const smsPurposes = [
  'register',
  'login',
  'changePassword',
  'changePaymentPassword',
  'changeMobile',
  'oldMobile',
  'creditBindOwner',
  'creditBindMobile',
  'creditPay',
] as const;
export type SmsPurpose = (typeof smsPurposes)[number];

export const CODE_TTL_MS = 5 * 60_000;
/** The default gap between two texts from one address to one mobile (`SMS_RESEND_INTERVAL_SECONDS`). */
export const RESEND_INTERVAL_MS = 60_000;
/** The latest codes of one mobile and purpose that work side by side (decision 0013). */
export const LIVE_CODES = 3;
/** Tries on one code from the address that asked for it. */
export const REQUESTER_ATTEMPTS = 5;
/** Tries on one code from any other single address… */
export const OTHER_ADDRESS_ATTEMPTS = 3;
/** …and from all other addresses together. */
export const OTHER_ADDRESSES_ATTEMPTS = 5;

/**
 * Quotas are kept per lane, so that texts anyone can cause (registering a number) never use up
 * the codes its member signs in with, nor the other way round.
 */
type SmsLane = 'register' | 'signIn' | 'member';
const laneOf: Record<SmsPurpose, SmsLane> = {
  register: 'register',
  // Asked for without an account: anyone who knows the number can cause these.
  login: 'signIn',
  changePassword: 'signIn',
  // Asked for by a logged-in member (to their own number, or to a number nobody has).
  changePaymentPassword: 'member',
  oldMobile: 'member',
  changeMobile: 'member',
  // 月结 (decision 0059): asked for by a logged-in member, to their own or their bound mobiles.
  creditBindOwner: 'member',
  creditBindMobile: 'member',
  creditPay: 'member',
};

const purposeLabels: Record<SmsPurpose, string> = {
  register: '注册',
  login: '登录',
  changePassword: '修改登录密码',
  changePaymentPassword: '修改支付密码',
  changeMobile: '更换手机号',
  oldMobile: '身份验证',
  creditBindOwner: '绑定月结授权手机',
  creditBindMobile: '月结授权手机绑定',
  creditPay: '月结付款',
};

export const codeText = (purpose: SmsPurpose, code: string) =>
  `【会员中心】您的${purposeLabels[purpose]}验证码为${code}，5分钟内有效。`;

export const DAILY_LIMIT_MESSAGE = '今日短信发送次数已达上限，请明天再试';
export const TOO_MANY_ATTEMPTS_MESSAGE = '验证码错误次数过多，请重新获取';

interface CodeRecord {
  id: string;
  hash: string;
  expiresAt: number;
  /** The use-generation of its mobile and purpose when issued: one use ends them all. */
  generation: number;
  /** The client address that asked for it. */
  requester: string;
}

export interface SmsCodeServiceDeps {
  store: EphemeralStore;
  sms: SmsSender;
  now: Clock;
  /** Codes are stored as HMACs under this key, never in clear. */
  secret: Uint8Array;
  /** Texts per mobile and lane a day, all addresses together; one address gets half. */
  dailyLimit: number;
  ipDailyLimit: number;
  resendIntervalMs?: number;
  onSendError?: (error: unknown) => void;
}

/** A code found right; `use` takes it (and every other live code of its mobile and purpose). */
export interface SmsCodeClaim {
  /** False when it was used meanwhile (by a concurrent request). */
  use(): Promise<boolean>;
}

/** Also what a caller answers when the mobile has no account: the two must look the same. */
export const invalidSmsCode = () =>
  new AppError(400, '短信验证码错误或已过期', { field: 'smsCode' });
const invalidCode = invalidSmsCode;

export function createSmsCodeService(deps: SmsCodeServiceDeps) {
  const { store, now } = deps;
  const resendIntervalMs = deps.resendIntervalMs ?? RESEND_INTERVAL_MS;
  const requesterDailyLimit = Math.ceil(deps.dailyLimit / 2);
  const set = (purpose: SmsPurpose, mobile: string) => `${purpose}:${mobile}`;
  const slotKey = (purpose: SmsPurpose, mobile: string, slot: number) =>
    `sms:code:${set(purpose, mobile)}:${slot}`;
  const sequenceKey = (purpose: SmsPurpose, mobile: string) => `sms:seq:${set(purpose, mobile)}`;
  const generationKey = (purpose: SmsPurpose, mobile: string) => `sms:gen:${set(purpose, mobile)}`;
  const digest = (purpose: SmsPurpose, mobile: string, code: string) =>
    createHmac('sha256', deps.secret).update(`${purpose}:${mobile}:${code}`).digest('hex');
  const currentGeneration = async (purpose: SmsPurpose, mobile: string) =>
    Number((await store.get(generationKey(purpose, mobile))) ?? 0);

  /** One text per lane, mobile and asking address per interval: nobody else's wait is mine. */
  async function claimSendSlot(lane: SmsLane, mobile: string, ip: string): Promise<string> {
    const key = `sms:gap:${lane}:${mobile}:${ip}`;
    const at = now().getTime();
    if (await store.setIfAbsent(key, String(at), resendIntervalMs)) return key;
    const last = Number(await store.get(key));
    const waitMs = Number.isFinite(last) ? last + resendIntervalMs - at : resendIntervalMs;
    throw new AppError(429, `发送过于频繁，请${Math.max(1, Math.ceil(waitMs / 1000))}秒后再试`);
  }

  /**
   * Reserves today's texts, the asker's own counters first: an address that has used its half
   * of a mobile's quota is refused before it can take the rest from the mobile's owner.
   */
  async function reserveDailyCaps(lane: SmsLane, mobile: string, ip: string): Promise<void> {
    const day = chinaDay(now);
    const within = async (key: string, limit: number) =>
      (await store.incr(`sms:day:${day}:${key}`, DAILY_COUNTER_TTL_MS)) <= limit;
    if (
      !(await within(`${lane}:${mobile}:ip:${ip}`, requesterDailyLimit)) ||
      !(await within(`ip:${ip}`, deps.ipDailyLimit)) ||
      !(await within(`${lane}:${mobile}`, deps.dailyLimit))
    ) {
      throw new AppError(429, DAILY_LIMIT_MESSAGE);
    }
  }

  /**
   * One try on one code from `ip`, reserved before comparing: the requesting address has tries
   * of its own, so other addresses' guesses never use up (or void) the code for it.
   */
  async function reserveAttempt(record: CodeRecord, ip: string): Promise<boolean> {
    const tries = (key: string) => store.incr(`sms:try:${record.id}:${key}`, CODE_TTL_MS);
    if (ip === record.requester) return (await tries('requester')) <= REQUESTER_ATTEMPTS;
    if ((await tries(`ip:${ip}`)) > OTHER_ADDRESS_ATTEMPTS) return false;
    return (await tries('others')) <= OTHER_ADDRESSES_ATTEMPTS;
  }

  /** Checks a code without using it up: right, live, and tries left for this address. */
  async function check(input: {
    mobile: string;
    purpose: SmsPurpose;
    code: string;
    ip: string;
  }): Promise<SmsCodeClaim> {
    const { mobile, purpose } = input;
    const [generation, ...raws] = await Promise.all([
      currentGeneration(purpose, mobile),
      ...Array.from({ length: LIVE_CODES }, (_, slot) => store.get(slotKey(purpose, mobile, slot))),
    ]);
    const at = now().getTime();
    const live = raws
      .map((raw, slot) => ({ slot, record: raw ? (JSON.parse(raw) as CodeRecord) : null }))
      .filter(
        (entry): entry is { slot: number; record: CodeRecord } =>
          entry.record !== null &&
          entry.record.generation === generation &&
          entry.record.expiresAt > at,
      );
    if (live.length === 0) throw invalidCode();
    const given = Buffer.from(digest(purpose, mobile, input.code), 'hex');
    let tried = false;
    for (const { slot, record } of live) {
      if (!(await reserveAttempt(record, input.ip))) continue;
      tried = true;
      if (!timingSafeEqual(Buffer.from(record.hash, 'hex'), given)) continue;
      return {
        async use() {
          const taken = await store.take(slotKey(purpose, mobile, slot));
          if (!taken || (JSON.parse(taken) as CodeRecord).id !== record.id) return false;
          // Ends the generation: the other live codes die, and of two codes used at the same
          // moment only the first counts.
          const next = await store.incr(generationKey(purpose, mobile), DAY_MS);
          return next === record.generation + 1;
        },
      };
    }
    if (!tried) throw new AppError(400, TOO_MANY_ATTEMPTS_MESSAGE, { field: 'smsCode' });
    throw invalidCode();
  }

  return {
    /**
     * Issues a fresh code for mobile + purpose and texts it. `compose` chooses the text, so a
     * caller can send a notice instead of the code, or nothing at all (null: a number without
     * an account), while doing the same work and answering the same either way. A notice is
     * also held to the notice caps, and skipped silently beyond them.
     */
    async send(input: {
      mobile: string;
      purpose: SmsPurpose;
      ip: string;
      compose?: (code: string) => Omit<SmsMessage, 'mobile'> | null;
    }): Promise<{ resendAfterSeconds: number }> {
      const { mobile, purpose, ip } = input;
      const lane = laneOf[purpose];
      const gapKey = await claimSendSlot(lane, mobile, ip);
      await reserveDailyCaps(lane, mobile, ip);
      const sent = { resendAfterSeconds: resendIntervalMs / 1000 };

      const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
      const record: CodeRecord = {
        id: randomUUID(),
        hash: digest(purpose, mobile, code),
        expiresAt: now().getTime() + CODE_TTL_MS,
        generation: await currentGeneration(purpose, mobile),
        requester: ip,
      };
      // The newest code takes the oldest of the slots: earlier live codes keep working.
      const sequence = await store.incr(sequenceKey(purpose, mobile), DAY_MS);
      const key = slotKey(purpose, mobile, sequence % LIVE_CODES);
      await store.set(key, JSON.stringify(record), CODE_TTL_MS);
      const composed = input.compose
        ? input.compose(code)
        : { kind: 'verificationCode' as const, params: { code }, text: codeText(purpose, code) };
      if (composed === null) return sent;
      if (composed.kind !== 'verificationCode') {
        if (!(await reserveNotice(store, now, mobile, composed.kind))) return sent;
      }
      try {
        await deps.sms.send({ mobile, ...composed });
      } catch (error) {
        deps.onSendError?.(error);
        // Nothing went out: let the member retry at once.
        await store.delete(gapKey);
        await store.delete(key);
        if (error instanceof SmsSendError) throw new AppError(503, '短信发送失败，请稍后再试');
        throw error;
      }
      return sent;
    },

    check,

    /** Checks and uses the code: right once, within 5 minutes, within the tries of `ip`. */
    async consume(input: {
      mobile: string;
      purpose: SmsPurpose;
      code: string;
      ip: string;
    }): Promise<void> {
      const claim = await check(input);
      if (!(await claim.use())) throw invalidCode();
    },
  };
}

export type SmsCodeService = ReturnType<typeof createSmsCodeService>;
