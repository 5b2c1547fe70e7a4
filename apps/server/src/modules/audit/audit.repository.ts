import { and, desc, eq, gte, lt, type SQL } from 'drizzle-orm';
import type { Db, Executor } from '../../db/client';
import { pagedList, type Page, type PageRequest } from '../../db/paged-list';
import { auditLog, type AuditRow } from './audit.table';

export type NewAuditRow = typeof auditLog.$inferInsert;

export interface AuditFilter {
  staffId?: number;
  action?: string;
  objectType?: string;
  objectId?: string;
  from?: Date;
  to?: Date;
}

export function createAuditRepository(db: Db) {
  return {
    /** On the caller's transaction: the row commits or rolls back with the change. */
    async insert(ex: Executor, row: NewAuditRow): Promise<void> {
      await ex.insert(auditLog).values(row);
    },

    async list(filter: AuditFilter, page: PageRequest): Promise<Page<AuditRow>> {
      const conditions: SQL[] = [];
      if (filter.staffId !== undefined) conditions.push(eq(auditLog.staffId, filter.staffId));
      if (filter.action) conditions.push(eq(auditLog.action, filter.action));
      if (filter.objectType) conditions.push(eq(auditLog.objectType, filter.objectType));
      if (filter.objectId) conditions.push(eq(auditLog.objectId, filter.objectId));
      if (filter.from) conditions.push(gte(auditLog.at, filter.from));
      if (filter.to) conditions.push(lt(auditLog.at, filter.to));
      return pagedList(
        db,
        {
          from: auditLog,
          where: and(...conditions),
          orderBy: [desc(auditLog.at), desc(auditLog.id)],
        },
        page,
      );
    },
  };
}

export type AuditRepository = ReturnType<typeof createAuditRepository>;
