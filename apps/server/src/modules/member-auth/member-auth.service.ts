import type {
  AccessTokenResult,
  LoginInput,
  NcVerifyDto,
  RegisterInput,
  SmsSent,
} from '@pcb/contract';
import { AppError, messages } from '../../http/errors';
import type { Clock } from '../../lib/clock';
import type { HumanVerifier } from '../../integrations/captcha/captcha';
import type { SmsMessage } from '../../integrations/sms/sms';
import type { MemberService } from '../member/member.service';
import { hashPassword, verifyPassword } from '../../lib/password';
import { codeText, type SmsCodeService } from '../sms-code/sms-code.service';
import type { LoginThrottle } from './login-throttle';
import type { TokenService } from './token.service';

export interface MemberAuthDeps {
  members: MemberService;
  smsCodes: SmsCodeService;
  captcha: HumanVerifier;
  tokens: TokenService;
  throttle: LoginThrottle;
  now: Clock;
  agreementVersion: string;
}

const ALREADY_REGISTERED_TEXT =
  '【会员中心】该手机号已注册会员中心，请直接登录；如非本人操作，请忽略本短信。';

export function createMemberAuthService(deps: MemberAuthDeps) {
  const { members, tokens } = deps;

  async function assertHuman(dto: NcVerifyDto, ip: string): Promise<void> {
    if (!(await deps.captcha.verify(dto, ip))) throw new AppError(400, messages.captchaFailed);
  }

  return {
    async login(
      input: Required<Pick<LoginInput, 'userNameOrMobile' | 'password' | 'ncVerifyDto'>>,
      ip: string,
    ): Promise<AccessTokenResult> {
      await assertHuman(input.ncVerifyDto, ip);
      const identifier = input.userNameOrMobile.trim();
      await deps.throttle.assertAllowed(identifier, ip);
      const member = await members.findForLogin(identifier);
      // Runs argon2 even for unknown accounts, so both failures take the same time.
      const valid = await verifyPassword(member?.passwordHash, input.password);
      if (!member || !valid) {
        await deps.throttle.recordFailure(identifier, ip);
        throw new AppError(400, '账号或密码错误');
      }
      if (member.status === 'disabled') throw new AppError(403, '账号已被停用，请联系客服');
      await deps.throttle.reset(identifier);
      return { accessToken: await tokens.issue(member) };
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
      await deps.smsCodes.consume({
        mobile: input.mobile,
        purpose: 'register',
        code: input.smsCode,
      });
      const at = deps.now();
      const created = await members.create(
        {
          mobile: input.mobile,
          passwordHash: await hashPassword(input.password),
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
      return { accessToken: await tokens.issue(created) };
    },
  };
}

export type MemberAuthService = ReturnType<typeof createMemberAuthService>;
