import type { Db } from '../../db/client';
import type { Clock } from '../../lib/clock';
import type { Platform } from '../../platform';
import { appModule, type SeedTx } from '../app-module';
import { createAuditRepository } from './audit.repository';
import { registerAuditRoutes } from './audit.routes';
import { createAuditService, type AuditService } from './audit.service';

export type { AuditActor, AuditRecord } from './audit.service';

export interface AuditApi {
  /** One row, on the transaction of the change it records (decision 0021). */
  record: AuditService['record'];
}

/** For other modules' seeds: audit rows written in the seed's transaction, dated by `now`. */
export const seedAuditRecorder = (tx: SeedTx, now: Clock): AuditApi['record'] =>
  createAuditService(createAuditRepository(tx as unknown as Db), now).record;

/** The staff audit log: every staff write and login, browsed by admins (decision 0021). */
export const auditModule = appModule({
  create: ({ db, now }: Pick<Platform, 'db' | 'now'>) => {
    const audit = createAuditService(createAuditRepository(db), now);
    return {
      api: { record: audit.record } satisfies AuditApi,
      routes: (route) => registerAuditRoutes(route, audit),
    };
  },
});
