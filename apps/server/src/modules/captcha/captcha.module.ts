import type { Platform } from '../../platform';
import { appModule } from '../app-module';
import { registerCaptchaRoutes } from './captcha.routes';
import { createHumanCheck, type AssertHuman } from './human-check';

export type { AssertHuman };

export interface CaptchaApi {
  /** Refuses (400) a request whose human verification fails or was used before. */
  assertHuman: AssertHuman;
}

/** Human verification: the widget's configuration and challenges, and the check. */
export const captchaModule = appModule({
  redact: ['ncVerifyDto.token'],
  create: ({ captcha }: Pick<Platform, 'captcha'>) => ({
    api: { assertHuman: createHumanCheck(captcha) } satisfies CaptchaApi,
    routes: (route) => registerCaptchaRoutes(route, captcha),
  }),
});
