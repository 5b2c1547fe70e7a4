import { randomBytes } from 'node:crypto';
import type {
  AccessTokenResult,
  ChangePasswordInput,
  NcVerifyDto,
  OldMobileTicket,
  SmsSent,
} from '@pcb/contract';
import { assertOwnAccount, type AuthMember } from '../../http/auth';
import { AppError } from '../../http/errors';
import type { EphemeralStore } from '../../integrations/store/store';
import { hashPassword } from '../../lib/password';
import { type MemberService, type TokenService } from '../member/member.module';
import { invalidSmsCode, type SmsCodeService } from '../sms-code/sms-code.module';
import type { AssertHuman } from '../captcha/captcha.module';
import { ALREADY_REGISTERED_TEXT, DISABLED_MESSAGE } from './member-auth.service';
import type { PaymentPasswordService } from './payment-password.service';

export const OLD_MOBILE_TICKET_TTL_MS = 10 * 60_000;
export const NOT_OWN_MOBILE_MESSAGE = '请使用账号绑定的手机号';
export const SAME_MOBILE_MESSAGE = '新手机号不能与原手机号相同';
export const OLD_MOBILE_TICKET_INVALID_MESSAGE = '原手机号验证已失效，请重新验证';
/** New numbers a member may ask a code for a day (a taken one gets a notice instead). */
export const NEW_MOBILE_LOOKUPS_PER_DAY = 20;
const DAY_MS = 24 * 3600_000;

interface TicketRecord {
  memberId: number;
  mobile: string;
}

export interface AccountSecurityDeps {
  members: MemberService;
  smsCodes: SmsCodeService;
  assertHuman: AssertHuman;
  tokens: TokenService;
  store: EphemeralStore;
  paymentPasswords: PaymentPasswordService;
}

/**
 * Login password, payment password and mobile: each change needs an SMS code, and each ends
 * every earlier token of the member (a member who changes them may be locking someone out).
 * The callers make sure a switched token never gets here (decision 0009).
 */
export function createAccountSecurityService(deps: AccountSecurityDeps) {
  const { members, smsCodes, assertHuman, tokens, store } = deps;
  const ticketKey = (ticket: string) => `oldmobile:ticket:${ticket}`;

  async function ownMobile(memberId: number, mobile: string): Promise<void> {
    const member = await members.get(memberId);
    if (member.mobile !== mobile)
      throw new AppError(400, NOT_OWN_MOBILE_MESSAGE, { field: 'mobile' });
  }

  return {
    /**
     * Logged in: only to the member's own mobile. Logged out (forgot password): a number
     * without an account gets no text, and the same answer.
     */
    async sendChangePasswordMessage(
      input: { mobile: string; ncVerifyDto: NcVerifyDto },
      ip: string,
      caller: AuthMember | null,
    ): Promise<SmsSent> {
      assertOwnAccount(caller);
      if (caller) await ownMobile(caller.id, input.mobile);
      await assertHuman(input.ncVerifyDto, ip);
      const registered = caller !== null || (await members.isMobileRegistered(input.mobile));
      return smsCodes.send({
        mobile: input.mobile,
        purpose: 'changePassword',
        ip,
        compose: registered ? undefined : () => null,
      });
    },

    async changePassword(
      input: Required<Pick<ChangePasswordInput, 'mobile' | 'smsCode' | 'password'>>,
      ip: string,
      caller: AuthMember | null,
    ): Promise<{ ok: true }> {
      assertOwnAccount(caller);
      if (caller) await ownMobile(caller.id, input.mobile);
      await smsCodes.consume({
        mobile: input.mobile,
        purpose: 'changePassword',
        code: input.smsCode,
        ip,
      });
      const member = await members.findByMobile(input.mobile);
      if (!member) throw invalidSmsCode();
      if (member.status === 'disabled') throw new AppError(403, DISABLED_MESSAGE);
      await members.setPassword(member.id, await hashPassword(input.password));
      return { ok: true };
    },

    async sendChangePaymentPasswordMessage(
      input: { mobile: string; ncVerifyDto: NcVerifyDto },
      ip: string,
      memberId: number,
    ): Promise<SmsSent> {
      await ownMobile(memberId, input.mobile);
      await assertHuman(input.ncVerifyDto, ip);
      return smsCodes.send({ mobile: input.mobile, purpose: 'changePaymentPassword', ip });
    },

    async changePaymentPassword(
      input: { mobile: string; smsCode: string; password: string },
      ip: string,
      memberId: number,
    ): Promise<AccessTokenResult> {
      await ownMobile(memberId, input.mobile);
      await smsCodes.consume({
        mobile: input.mobile,
        purpose: 'changePaymentPassword',
        code: input.smsCode,
        ip,
      });
      const revoked = await members.setPaymentPassword(
        memberId,
        deps.paymentPasswords.hash(input.password),
      );
      await deps.paymentPasswords.clearFailures(memberId);
      return { accessToken: await tokens.issue(revoked) };
    },

    /** Step one of a mobile change: a code to the mobile the account has now. */
    async sendOldMobileMessage(
      input: { ncVerifyDto: NcVerifyDto },
      ip: string,
      memberId: number,
    ): Promise<SmsSent> {
      const member = await members.get(memberId);
      await assertHuman(input.ncVerifyDto, ip);
      return smsCodes.send({ mobile: member.mobile, purpose: 'oldMobile', ip });
    },

    /** The code proves the current mobile; the ticket carries that proof to ChangeMobile. */
    async checkOldMobileMessage(
      input: { smsCode: string },
      ip: string,
      memberId: number,
    ): Promise<OldMobileTicket> {
      const member = await members.get(memberId);
      await smsCodes.consume({
        mobile: member.mobile,
        purpose: 'oldMobile',
        code: input.smsCode,
        ip,
      });
      const ticket = randomBytes(32).toString('base64url');
      const record: TicketRecord = { memberId, mobile: member.mobile };
      await store.set(ticketKey(ticket), JSON.stringify(record), OLD_MOBILE_TICKET_TTL_MS);
      return { oldMobileTicket: ticket, expiresIn: OLD_MOBILE_TICKET_TTL_MS / 1000 };
    },

    /**
     * A code to the new mobile; a number another account has gets the "already registered"
     * notice instead, through the same steps and with the same answer, so the answer never
     * tells which numbers are taken (decision 0034). Whoever holds that phone learns from the
     * notice why no code came; ChangeMobile then refuses any code for it.
     */
    async sendChangeMobileMessage(
      input: { mobile: string; ncVerifyDto: NcVerifyDto },
      ip: string,
      memberId: number,
    ): Promise<SmsSent> {
      const member = await members.get(memberId);
      if (member.mobile === input.mobile)
        throw new AppError(400, SAME_MOBILE_MESSAGE, { field: 'mobile' });
      await assertHuman(input.ncVerifyDto, ip);
      const lookups = await store.incr(`mobile-change:lookup:${memberId}`, DAY_MS);
      if (lookups > NEW_MOBILE_LOOKUPS_PER_DAY) {
        throw new AppError(429, '今日更换手机号次数已达上限，请明天再试');
      }
      const taken = await members.isMobileRegistered(input.mobile);
      return smsCodes.send({
        mobile: input.mobile,
        purpose: 'changeMobile',
        ip,
        compose: taken
          ? () => ({ kind: 'alreadyRegistered', params: {}, text: ALREADY_REGISTERED_TEXT })
          : undefined,
      });
    },

    /**
     * Needs both proofs: the old-mobile ticket of this member, issued for the mobile the account
     * still has, and the new mobile's code. The ticket is used up only when the code is right,
     * and the code only when the number is still free.
     */
    async changeMobile(
      input: { mobile: string; smsCode: string; oldMobileTicket: string },
      ip: string,
      memberId: number,
    ): Promise<AccessTokenResult> {
      const member = await members.get(memberId);
      if (member.mobile === input.mobile)
        throw new AppError(400, SAME_MOBILE_MESSAGE, { field: 'mobile' });
      const key = ticketKey(input.oldMobileTicket);
      const raw = await store.get(key);
      const record = raw ? (JSON.parse(raw) as TicketRecord) : null;
      if (!record || record.memberId !== memberId || record.mobile !== member.mobile) {
        throw new AppError(400, OLD_MOBILE_TICKET_INVALID_MESSAGE);
      }
      const claim = await smsCodes.check({
        mobile: input.mobile,
        purpose: 'changeMobile',
        code: input.smsCode,
        ip,
      });
      // Taken since the code was sent: told to the holder of the code, which stays unused.
      await members.assertMobileFree(input.mobile, 'mobile');
      if (!(await claim.use())) throw invalidSmsCode();
      if (!(await store.take(key))) throw new AppError(400, OLD_MOBILE_TICKET_INVALID_MESSAGE);
      const revoked = await members.changeMobile(memberId, input.mobile);
      return { accessToken: await tokens.issue(revoked) };
    },
  };
}

export type AccountSecurityService = ReturnType<typeof createAccountSecurityService>;
