import { createDeviceTrust } from '../../http/device-trust';
import { createPinHasher, PAYMENT_PASSWORD_KEY_PURPOSE } from '../../lib/pin-hash';
import type { Platform } from '../../platform';
import { appModule } from '../app-module';
import type { CaptchaApi } from '../captcha/captcha.module';
import type { MemberApi } from '../member/member.module';
import type { SmsCodeApi } from '../sms-code/sms-code.module';
import { createAccountSecurityService } from './account-security.service';
import { createLoginThrottle } from './login-throttle';
import { registerMemberAuthRoutes } from './member-auth.routes';
import { createMemberAuthService, type MemberAuthService } from './member-auth.service';
import {
  createPaymentPasswordService,
  type PaymentPasswordService,
} from './payment-password.service';

export type { MemberAuthService };

export interface MemberAuthApi {
  /** Proof that the caller holds the account, as login takes it (binding a WeChat). */
  proveByPassword: MemberAuthService['proveByPassword'];
  proveBySmsCode: MemberAuthService['proveBySmsCode'];
  /** Payments by balance: the member's payment password, under its failure lock. */
  verifyPaymentPassword: PaymentPasswordService['verify'];
}

/** Registration, logins and logouts, and the account's security settings. */
export const memberAuthModule = appModule({
  redact: ['password', 'oldMobileTicket'],
  redactQuery: ['oldMobileTicket'],
  create: (
    { config, store, now, deriveKey }: Pick<Platform, 'config' | 'store' | 'now' | 'deriveKey'>,
    { captcha, smsCode, member }: { captcha: CaptchaApi; smsCode: SmsCodeApi; member: MemberApi },
  ) => {
    const { members, tokens } = member;
    const { assertHuman } = captcha;
    const auth = createMemberAuthService({
      members,
      smsCodes: smsCode,
      assertHuman,
      tokens,
      throttle: createLoginThrottle(store, now),
      deviceTrust: createDeviceTrust(deriveKey('login-device-trust'), {
        name: 'pcb_device',
        path: '/api/',
        sameSite: 'Lax',
      }),
      now,
      agreementVersion: config.memberAgreementVersion,
    });
    const paymentPasswords = createPaymentPasswordService({
      members,
      store,
      hasher: createPinHasher(deriveKey(PAYMENT_PASSWORD_KEY_PURPOSE)),
    });
    const security = createAccountSecurityService({
      members,
      smsCodes: smsCode,
      assertHuman,
      tokens,
      store,
      paymentPasswords,
    });
    return {
      api: {
        proveByPassword: auth.proveByPassword,
        proveBySmsCode: auth.proveBySmsCode,
        verifyPaymentPassword: paymentPasswords.verify,
      } satisfies MemberAuthApi,
      routes: (route) => registerMemberAuthRoutes(route, auth, security, members),
    };
  },
});
