import type { Platform } from '../../platform';
import { appModule } from '../app-module';
import { registerSandboxRoutes } from './sandbox.routes';

/** What the sandboxes let developers and end-to-end tests read (texts "sent" by SMS). */
export const sandboxModule = appModule({
  create: ({ config, smsOutbox }: Pick<Platform, 'config' | 'smsOutbox'>) => ({
    routes: (route) => registerSandboxRoutes(route, smsOutbox, config.isProduction),
  }),
});
