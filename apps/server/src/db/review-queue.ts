import { and, asc, desc, eq, inArray, sql, type InferSelectModel, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { ReviewStatus } from '@pcb/contract';
import type { Db, Tx } from './client';
import { columnKey } from './column-key';
import { isUniqueViolation } from './errors';
import {
  lockForTransition,
  transition,
  type TransitionRequest,
  type WorkflowTable,
} from '../lib/workflow/transition';
import { pagedList, type Page, type PageRequest } from './paged-list';

/** The columns a queue's table names alike: who asked, where it stands, who decided when. */
interface ReviewColumns {
  id: PgColumn;
  memberId: PgColumn;
  status: PgColumn;
  decidedBy: PgColumn;
  decidedAt: PgColumn;
}

export interface ReviewQueueTable<T extends PgTable & ReviewColumns> {
  table: T;
  /** When the member (last) submitted: never changed by a decision. */
  submittedAt: PgColumn;
  /** Where the rejection's reason goes (null again unless rejected). */
  rejectReason: PgColumn;
}

export interface ReviewFilter {
  status?: ReviewStatus | undefined;
  /** Only these members' applications (a keyword's members); none found means no row. */
  memberIds?: number[] | undefined;
}

export interface ReviewDecision {
  status: 'approved' | 'rejected';
  decidedBy: number;
  decidedAt: Date;
  /** Required to reject; null to approve. */
  rejectReason: string | null;
}

/**
 * The queries every review queue runs (decision 0041), on the queue's own table: the list in
 * the queue's order, one application, and a decision taken only while it is pending (the
 * workflow kit's conditional update), so two staff deciding at once cannot both win.
 */
export function createReviewQueueRepository<T extends PgTable & ReviewColumns>(
  db: Db,
  queue: ReviewQueueTable<T>,
) {
  type Row = InferSelectModel<T>;
  const { table, submittedAt } = queue;
  const reasonKey = columnKey(table, queue.rejectReason);
  const workflow: WorkflowTable<ReviewStatus> = { table, id: table.id, status: table.status };
  const isPending = sql`${table.status} = 'pending'`;

  /**
   * Pending oldest first (the order they are worked through), then decided ones newest
   * decision first; with one status asked, that status's half alone, so its index serves it.
   */
  const orderOf = (status: ReviewStatus | undefined): (SQL | PgColumn)[] => {
    if (status === 'pending') return [asc(submittedAt), asc(table.id)];
    if (status) return [desc(table.decidedAt), desc(table.id)];
    return [
      desc(isPending),
      sql`CASE WHEN ${isPending} THEN ${submittedAt} END ASC`,
      desc(table.decidedAt),
      sql`CASE WHEN ${isPending} THEN ${table.id} END ASC`,
      desc(table.id),
    ];
  };

  return {
    async list(filter: ReviewFilter, page: PageRequest): Promise<Page<Row>> {
      const where = and(
        filter.status ? eq(table.status, filter.status) : undefined,
        filter.memberIds
          ? filter.memberIds.length > 0
            ? inArray(table.memberId, filter.memberIds)
            : sql`FALSE`
          : undefined,
      );
      return pagedList(
        db,
        { from: table, where, orderBy: orderOf(filter.status) },
        page,
      ) as Promise<Page<Row>>;
    },

    async findById(id: number): Promise<Row | undefined> {
      const [row] = await db
        .select()
        .from(table as PgTable)
        .where(eq(table.id, id));
      return row as Row | undefined;
    },

    /** Locks the application for the rest of the transaction and reads it (null: none). */
    lock: (tx: Tx, id: number): Promise<Row | null> => lockForTransition<Row>(tx, workflow, id),

    /**
     * Decides a pending application through the workflow kit's `transition` (decision 0042):
     * `UPDATE … SET status = $decision WHERE id = $id AND status = 'pending'`, the audit row in
     * the same transaction, and the refusal naming the status it is in otherwise. 'conflict'
     * when a unique index refuses the decision (in a savepoint, so nothing of it is left).
     */
    async decide(
      tx: Tx,
      id: number,
      decision: ReviewDecision,
      record: Pick<TransitionRequest<ReviewStatus, Row>, 'refuse' | 'audit'>,
    ): Promise<Row | 'conflict'> {
      try {
        return await tx.transaction((sp) =>
          transition<ReviewStatus, Row>(sp, workflow, {
            id,
            from: 'pending',
            to: decision.status,
            set: {
              decidedBy: decision.decidedBy,
              decidedAt: decision.decidedAt,
              [reasonKey]: decision.rejectReason,
            },
            ...record,
          }),
        );
      } catch (error) {
        if (isUniqueViolation(error)) return 'conflict';
        throw error;
      }
    },
  };
}

export type ReviewQueueRepository<T extends PgTable & ReviewColumns> = ReturnType<
  typeof createReviewQueueRepository<T>
>;
