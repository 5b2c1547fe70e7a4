import {
  decideOrderAction,
  orderActions,
  orderStatusRefusal,
  type OrderAction,
  type OrderFacts,
  type OrderStatus,
} from '@pcb/contract';
import type { Tx } from '../../db/client';
import type { AuthMember, AuthStaff } from '../../http/auth';
import type { StaffWrite } from '../../http/define-route';
import { AppError } from '../../http/errors';
import type { Clock } from '../../lib/clock';
import { notInState, transition, type WorkflowTable } from '../../lib/workflow/transition';
import type { OrderLifecycleRepository } from './order-lifecycle.repository';
import type { OrderNotifier } from './order-notifier';
import type { OrderRepository } from './order.repository';
import { orders, type OrderRow } from './order.table';
import { ORDER_NOT_FOUND_MESSAGE } from './staff-order.service';

export { ORDER_NOT_FOUND_MESSAGE };

export const ordersWorkflow: WorkflowTable<OrderStatus> = {
  table: orders,
  id: orders.id,
  status: orders.status,
};

/** The member acting, as the log names them: who, and for whom while switched. */
export type MemberActor = Pick<AuthMember, 'id' | 'mainMemberId'>;

/**
 * Who takes an action: the order's member (maybe a main member acting in it), staff, or the
 * system (a background job: logged as 系统, nobody to audit).
 */
export type OrderActor =
  | { kind: 'member'; member: MemberActor }
  | { kind: 'staff'; staff: AuthStaff; audit: StaffWrite['audit'] }
  | { kind: 'system' };

/**
 * Called in the transaction of every move that changes the status, after it (the unpaid-order
 * timers follow 待付款 this way).
 */
export type StatusChangeHook = (tx: Tx, before: OrderRow, after: OrderRow) => Promise<void>;

/** What the lifecycle table reads of an order row. */
export const factsOf = (
  row: Pick<
    OrderRow,
    | 'kind'
    | 'status'
    | 'packedAt'
    | 'productionStartedAt'
    | 'pendingPriceChangeId'
    | 'openEqCount'
    | 'answeredEqCount'
  >,
): OrderFacts => ({
  kind: row.kind,
  status: row.status,
  packed: row.packedAt !== null,
  started: row.productionStartedAt !== null,
  pendingPriceChange: row.pendingPriceChangeId !== null,
  openEqs: row.openEqCount,
  answeredEqs: row.answeredEqCount,
});

const actorName = (actor: OrderActor): string =>
  actor.kind === 'staff'
    ? actor.staff.realName
    : actor.kind === 'system'
      ? '系统'
      : actor.member.mainMemberId !== null
        ? '会员（关联账号代办）'
        : '会员';

export interface ActOptions {
  /** Other columns the action changes. */
  set?: Partial<typeof orders.$inferInsert>;
  /** The log row's note (the action's label when absent). */
  note?: string;
  /** For staff: what the audit row shows besides the status. */
  before?: Record<string, unknown>;
  after?: Record<string, unknown>;
}

/**
 * Every order action goes through here (decision 0042): the lifecycle table decides (refused
 * with its Chinese reason, 409), then the conditional update moves the order from the status it
 * was read in, writes the process-log row and, for staff, the audit row. The caller holds the
 * row's lock (`repository.lock`), so the decision and the update see the same order.
 */
export function createOrderLifecycle(deps: {
  repository: OrderLifecycleRepository;
  orders: OrderRepository;
  notifier: OrderNotifier;
  now: Clock;
  /** Moves that change the status, in their transaction (see StatusChangeHook). */
  onStatusChange?: StatusChangeHook;
}) {
  /** The refusal of an action the order's state does not allow (409), or null. */
  function refusal(action: OrderAction, row: OrderRow): AppError | null {
    const decision = decideOrderAction(action, factsOf(row));
    return decision.allowed ? null : notInState(decision.reason);
  }

  return {
    notifier: deps.notifier,
    refusal,

    /** Throws the lifecycle table's refusal when the action is not allowed now. */
    assertAllowed(action: OrderAction, row: OrderRow): OrderStatus {
      const decision = decideOrderAction(action, factsOf(row));
      if (!decision.allowed) throw notInState(decision.reason);
      return decision.to;
    },

    /** The order, locked; 404 when it does not exist or was deleted. */
    async lock(tx: Tx, id: number): Promise<OrderRow> {
      const row = await deps.repository.lock(tx, id);
      if (!row || row.deletedAt) throw new AppError(404, ORDER_NOT_FOUND_MESSAGE);
      return row;
    },

    /** `action` on the locked `row` by `actor`; answers the row after it. */
    async act(
      tx: Tx,
      row: OrderRow,
      action: OrderAction,
      actor: OrderActor,
      options: ActOptions = {},
    ): Promise<OrderRow> {
      const decision = decideOrderAction(action, factsOf(row));
      if (!decision.allowed) throw notInState(decision.reason);
      const at = deps.now();
      const to = decision.to;
      const moves = to !== row.status;
      const after = await transition<OrderStatus, OrderRow>(tx, ordersWorkflow, {
        id: row.id,
        from: row.status,
        to,
        set: {
          ...options.set,
          updatedAt: at,
          // The announced auto-cancel time belongs to one stay in 待付款 (orders_auto_cancel_ck).
          ...(moves ? { statusChangedAt: at, autoCancelAt: null } : {}),
        },
        refuse: (current) =>
          current === null ? ORDER_NOT_FOUND_MESSAGE : orderStatusRefusal(action, current),
        log: (inner) =>
          deps.orders.logProcess(inner, {
            orderId: row.id,
            fromStatus: row.status,
            toStatus: to,
            action,
            note: options.note ?? orderActions[action].label,
            actor: actorName(actor),
            actorStaffId: actor.kind === 'staff' ? actor.staff.id : null,
            actorMemberId:
              actor.kind === 'member' ? (actor.member.mainMemberId ?? actor.member.id) : null,
            createdAt: at,
          }),
        audit:
          actor.kind === 'staff'
            ? {
                record: actor.audit,
                objectType: 'order',
                before: { orderNo: row.orderNo, ...options.before },
                after: { action, ...options.after },
              }
            : undefined,
      });
      if (moves) await deps.onStatusChange?.(tx, row, after);
      return after;
    },
  };
}

export type OrderLifecycle = ReturnType<typeof createOrderLifecycle>;
