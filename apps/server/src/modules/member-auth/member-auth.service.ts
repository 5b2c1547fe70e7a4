import type {
  AccessTokenResult,
  LoginInput,
  NcVerifyDto,
  RegisterInput,
  SmsSent,
} from '@pcb/contract';
import { AppError } from '../../http/errors';
import type { AuthMember } from '../../http/auth';
import type { Clock } from '../../lib/clock';
import type { SmsMessage } from '../../integrations/sms/sms';
import type { MemberForToken, MemberService, TokenService } from '../member/member.module';
import { hashPassword, verifyPassword } from '../../lib/password';
import { codeText, invalidSmsCode, type SmsCodeService } from '../sms-code/sms-code.module';
import type { AssertHuman } from '../captcha/captcha.module';
import type { DeviceTrust } from '../../http/device-trust';
import type { LoginThrottle } from './login-throttle';

export interface MemberAuthDeps {
  members: MemberService;
  smsCodes: SmsCodeService;
  assertHuman: AssertHuman;
  tokens: TokenService;
  throttle: LoginThrottle;
  deviceTrust: DeviceTrust;
  now: Clock;
  agreementVersion: string;
}

/** The notice a registered number gets instead of a code (register, change of mobile). */
export const ALREADY_REGISTERED_TEXT =
  '【会员中心】该手机号已注册会员中心，请直接登录；如非本人操作，请忽略本短信。';

export const DISABLED_MESSAGE = '账号已被停用，请联系客服';

export function createMemberAuthService(deps: MemberAuthDeps) {
  const { members, tokens, assertHuman } = deps;

  const refuseDisabled = (member: MemberForToken) => {
    if (member.status === 'disabled') throw new AppError(403, DISABLED_MESSAGE);
  };

  /**
   * Proof of an account by its password: human verification, then a try reserved in the login
   * throttle (per account, not per typed name; the device's own lane when its cookie knows
   * the account), then argon2 even for unknown accounts, so both failures take the same time
   * and read the same.
   */
  async function proveByPassword(
    input: { userNameOrMobile: string; password: string; ncVerifyDto: NcVerifyDto },
    ip: string,
    deviceCookie?: string,
  ): Promise<MemberForToken> {
    await assertHuman(input.ncVerifyDto, ip);
    const identifier = input.userNameOrMobile.trim();
    const found = await members.findForLogin(identifier);
    const member = found?.member;
    const reservation = await deps.throttle.reserve({
      account: member ? `m:${member.id}` : `i:${identifier.toLowerCase()}`,
      ip,
      knownDevice: deps.deviceTrust.knownDevice(deviceCookie, member?.id),
    });
    const valid = await verifyPassword(found?.passwordHash, input.password);
    if (!member || !valid) throw await deps.throttle.failed(reservation);
    refuseDisabled(member);
    await deps.throttle.succeeded(reservation);
    return member;
  }

  /** Proof of an account by an SMS login code; a number without an account reads as a bad code. */
  async function proveBySmsCode(
    input: { mobile: string; smsCode: string },
    ip: string,
  ): Promise<MemberForToken> {
    await deps.smsCodes.consume({
      mobile: input.mobile,
      purpose: 'login',
      code: input.smsCode,
      ip,
    });
    const member = await members.findForToken({ mobile: input.mobile });
    if (!member) throw invalidSmsCode();
    refuseDisabled(member);
    return member;
  }

  return {
    proveByPassword,
    proveBySmsCode,

    /** The token, and the device cookie that makes this browser a known device hereafter. */
    async login(
      input: Required<Pick<LoginInput, 'userNameOrMobile' | 'password' | 'ncVerifyDto'>>,
      ip: string,
      device: { cookie: string | undefined; secure: boolean },
    ): Promise<AccessTokenResult & { deviceCookie: string }> {
      const member = await proveByPassword(input, ip, device.cookie);
      return {
        accessToken: await tokens.issue(member),
        deviceCookie: deps.deviceTrust.remember(device.cookie, member.id, device.secure),
      };
    },

    /**
     * A registered number gets a notice instead of a code, through the same steps: the caller
     * cannot tell registered numbers from new ones.
     */
    async sendRegisterMessage(
      input: { mobile: string; ncVerifyDto: NcVerifyDto },
      ip: string,
    ): Promise<SmsSent> {
      await assertHuman(input.ncVerifyDto, ip);
      const registered = await members.isMobileRegistered(input.mobile);
      return deps.smsCodes.send({
        mobile: input.mobile,
        purpose: 'register',
        ip,
        compose: (code): Omit<SmsMessage, 'mobile'> =>
          registered
            ? { kind: 'alreadyRegistered', params: {}, text: ALREADY_REGISTERED_TEXT }
            : { kind: 'verificationCode', params: { code }, text: codeText('register', code) },
      });
    },

    async register(
      input: Pick<RegisterInput, 'mobile' | 'smsCode' | 'password' | 'from' | 'bd_vid'>,
      ip: string,
    ): Promise<AccessTokenResult> {
      // Checked first and used only once the member exists: a failed insert (a crash, or the
      // number registered a moment ago) leaves the code as it was (decision 0013).
      const claim = await deps.smsCodes.check({
        mobile: input.mobile,
        purpose: 'register',
        code: input.smsCode,
        ip,
      });
      const passwordHash = await hashPassword(input.password);
      const at = deps.now();
      const created = await members.create(
        {
          mobile: input.mobile,
          passwordHash,
          status: 'active',
          source: 'self',
          agreementVersion: deps.agreementVersion,
          agreementSignedAt: at,
          registeredFrom: input.from ?? null,
          bdVid: input.bd_vid ?? null,
          createdAt: at,
          updatedAt: at,
        },
        ip,
      );
      // The unique mobile makes the insert the one registration; the code only has to go.
      await claim.use();
      return { accessToken: await tokens.issue(created) };
    },

    /** A number without an account gets no text, and the same answer. */
    async sendLoginMessage(
      input: { mobile: string; ncVerifyDto: NcVerifyDto },
      ip: string,
    ): Promise<SmsSent> {
      await assertHuman(input.ncVerifyDto, ip);
      const registered = await members.isMobileRegistered(input.mobile);
      return deps.smsCodes.send({
        mobile: input.mobile,
        purpose: 'login',
        ip,
        // The usual code text when registered; otherwise nothing is sent.
        compose: registered ? undefined : () => null,
      });
    },

    /** As login: an SMS login also makes this browser a known device for the account. */
    async smsLogin(
      input: { mobile: string; smsCode: string },
      ip: string,
      device: { cookie: string | undefined; secure: boolean },
    ): Promise<AccessTokenResult & { deviceCookie: string }> {
      const member = await proveBySmsCode(input, ip);
      return {
        accessToken: await tokens.issue(member),
        deviceCookie: deps.deviceTrust.remember(device.cookie, member.id, device.secure),
      };
    },

    /**
     * Ends this device's session. While switched the session is the main member's, so the
     * switched token and the main member's own token on this device end together; other
     * devices stay logged in.
     */
    async logout(caller: AuthMember): Promise<{ ok: true }> {
      await members.revokeSession(caller.mainMemberId ?? caller.id, caller.sessionId);
      return { ok: true };
    },

    /** Every session of the member ends, on every device (account security). */
    async logoutAll(caller: AuthMember): Promise<{ ok: true }> {
      await members.revokeAllSessions(caller.id);
      return { ok: true };
    },
  };
}

export type MemberAuthService = ReturnType<typeof createMemberAuthService>;
