import { and, eq, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable, PgUpdateSetSource } from 'drizzle-orm/pg-core';
import type { Tx } from '../../db/client';
import { AppError } from '../../http/errors';

/**
 * A state change of a row that has a workflow (orders; the review queues' applications),
 * decisions 0042 and 0041. One way for every domain:
 *
 * - **the conditional update** `UPDATE … SET status = $to WHERE id = $id AND status = $from`: of
 *   two racing actions the row lock lets one through, and the other finds the row no longer in
 *   `from` and is refused — never both;
 * - **the log row** (`log`) and, for staff, **the audit row** (`audit`), both in the same
 *   transaction, so a move is recorded exactly when it happened (a table that keeps its own
 *   history on the row, like a review's `decided_by` / `decided_at`, has no log row);
 * - **one refusal** for "not in this state": HTTP 409 with a Chinese reason that names the
 *   current state (`refuse(current)`), the same whether the rules refused it up front or a
 *   racing action got there first.
 *
 * A change inside a state (`to` equal to `from`: a new receiver, a recorded production step)
 * goes through here too: the update then only proves, under the lock, that the state still is
 * `from`.
 */

/** The refusal of an action the current state does not allow (or no longer allows). */
export const STATE_CONFLICT = 409;

export function notInState(reason: string): AppError {
  return new AppError(STATE_CONFLICT, reason);
}

/** A table with a workflow: an integer `id` column and a text column whose property is `status`. */
// eslint-disable-next-line @typescript-eslint/no-unused-vars -- S types the statuses its rows hold
export interface WorkflowTable<S extends string> {
  table: PgTable;
  id: PgColumn;
  status: PgColumn;
}

export interface TransitionRequest<S extends string, Row> {
  id: number;
  from: S;
  to: S;
  /** Other columns the move changes (a reason, a time, a counter). */
  set?: Record<string, unknown>;
  /** Narrows the row further (the member who owns it). */
  where?: SQL;
  /** The reason when the row is not (or no longer) in `from`; `current` is null when it is gone. */
  refuse: (current: S | null) => string;
  /**
   * The log row of the move, written in the same transaction once the update succeeded (orders'
   * `order_process`); absent where the row itself records who moved it when.
   */
  log?: (tx: Tx, row: Row) => Promise<void>;
  /** A staff move's audit row (define-route's `write().audit`), with the state before and after. */
  audit?: {
    record: (
      objectType: string,
      objectId: string | number | null,
      before: Record<string, unknown> | null,
      after: Record<string, unknown> | null,
    ) => Promise<void>;
    objectType: string;
    before?: Record<string, unknown>;
    after?: Record<string, unknown>;
  };
}

/** Locks the row for the rest of the transaction and reads it (null when it does not exist). */
export async function lockForTransition<Row>(
  tx: Tx,
  workflow: Pick<WorkflowTable<string>, 'table' | 'id'>,
  id: number,
): Promise<Row | null> {
  const rows = (await tx
    .select()
    .from(workflow.table)
    .where(eq(workflow.id, id))
    .for('update')) as Row[];
  return rows[0] ?? null;
}

export async function transition<S extends string, Row>(
  tx: Tx,
  workflow: WorkflowTable<S>,
  request: TransitionRequest<S, Row>,
): Promise<Row> {
  const conditions = [eq(workflow.id, request.id), eq(workflow.status, request.from)];
  if (request.where) conditions.push(request.where);
  const updated = (await tx
    .update(workflow.table)
    .set({ ...request.set, status: request.to } as PgUpdateSetSource<PgTable>)
    .where(and(...conditions))
    .returning()) as Row[];
  const row = updated[0];
  if (!row) {
    const [current] = (await tx
      .select({ status: workflow.status })
      .from(workflow.table)
      .where(eq(workflow.id, request.id))) as { status: S }[];
    throw notInState(request.refuse(current?.status ?? null));
  }
  await request.log?.(tx, row);
  if (request.audit) {
    const { record, objectType, before, after } = request.audit;
    await record(
      objectType,
      request.id,
      { status: request.from, ...before },
      { status: request.to, ...after },
    );
  }
  return row;
}
