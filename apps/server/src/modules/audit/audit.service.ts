import type { AuditEntry } from '@pcb/contract';
import type { Executor } from '../../db/client';
import { mapPage, type PageRequest } from '../../db/paged-list';
import type { Clock } from '../../lib/clock';
import type { AuditFilter, AuditRepository } from './audit.repository';
import type { AuditRow } from './audit.table';

/** Who acted: a staff member as the session knows them, or nobody (a login at no account). */
export interface AuditActor {
  id: number;
  userName: string;
  realName: string;
}

export interface AuditRecord {
  actor: AuditActor | null;
  /** `Module.Action`. */
  action: string;
  objectType: string;
  objectId: string | number | null;
  /** Never a secret: hashes, TOTP secrets and passwords stay out of the log. */
  before: Record<string, unknown> | null;
  after: Record<string, unknown> | null;
  ip: string;
}

const toEntry = (row: AuditRow): AuditEntry => ({
  id: row.id,
  staff:
    row.staffId === null
      ? null
      : { id: row.staffId, userName: row.staffUserName ?? '', realName: row.staffRealName ?? '' },
  action: row.action,
  objectType: row.objectType,
  objectId: row.objectId,
  before: row.before,
  after: row.after,
  ip: row.ip,
  at: row.at.toISOString(),
});

export function createAuditService(repository: AuditRepository, now: Clock) {
  return {
    /** Writes on `ex`: pass the transaction of the change so both commit or neither. */
    async record(ex: Executor, record: AuditRecord): Promise<void> {
      await repository.insert(ex, {
        staffId: record.actor?.id ?? null,
        staffUserName: record.actor?.userName ?? null,
        staffRealName: record.actor?.realName ?? null,
        action: record.action,
        objectType: record.objectType,
        objectId: record.objectId === null ? null : String(record.objectId),
        before: record.before,
        after: record.after,
        ip: record.ip,
        at: now(),
      });
    },

    async list(filter: AuditFilter, page: PageRequest) {
      return mapPage(await repository.list(filter, page), (rows) => rows.map(toEntry));
    },
  };
}

export type AuditService = ReturnType<typeof createAuditService>;
