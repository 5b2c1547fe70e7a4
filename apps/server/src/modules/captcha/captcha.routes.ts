import { api } from '@pcb/contract';
import type { DefineRoute } from '../../http/define-route';
import { AppError } from '../../http/errors';
import type { HumanVerifier } from '../../integrations/captcha/captcha';

export function registerCaptchaRoutes(route: DefineRoute, captcha: HumanVerifier): void {
  route(api.Captcha.GetConfig, async () => captcha.publicConfig());

  route(api.Captcha.GetChallenge, async () => {
    if (!captcha.createChallenge) {
      throw new AppError(404, '当前人机验证方式无需获取挑战');
    }
    return captcha.createChallenge();
  });
}
