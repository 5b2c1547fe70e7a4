import type { NcVerifyDto } from '@pcb/contract';
import { AppError, messages } from '../../http/errors';
import type { HumanVerifier } from '../../integrations/captcha/captcha';

export type AssertHuman = (dto: NcVerifyDto, ip: string) => Promise<void>;

/** Every SMS send and every password proof first passes the human verification, once. */
export function createHumanCheck(captcha: HumanVerifier): AssertHuman {
  return async (dto, ip) => {
    if (!(await captcha.verify(dto, ip))) throw new AppError(400, messages.captchaFailed);
  };
}
