import type { Platform } from '../../platform';
import { appModule } from '../app-module';
import { createVisitRepository } from './visit.repository';
import { registerVisitRoutes } from './visit.routes';
import { createVisitService } from './visit.service';

/** Where visitors come from (CKInfo): recorded per page view, rate-limited per address. */
export const visitModule = appModule({
  create: ({ db, store, now }: Pick<Platform, 'db' | 'store' | 'now'>) => {
    const visits = createVisitService({ repository: createVisitRepository(db), store, now });
    return { routes: (route) => registerVisitRoutes(route, visits) };
  },
});
