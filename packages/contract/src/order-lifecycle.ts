// The order lifecycle as one table (product decisions §2, decision 0042): which action may be
// taken in which status, by whom, and where it leads. The server enforces it (every action goes
// through `decideOrderAction` before its conditional update), the screens read it (which
// buttons show), the tests are generated from it. Pure: no I/O.
import type { StaffRole } from './define';
import { orderKindNames } from '@pcb/pricing';
import { orderStatusNames, type OrderKind, type OrderStatus } from './order-basics';

/** What must hold besides the status. */
export type OrderCondition =
  /** The 包装 step is not recorded yet (the parcel is not packed). */
  | 'notPacked'
  /** The 包装 step is recorded. */
  | 'packed'
  /** A price change waits for the member. */
  | 'pendingPriceChange'
  /** No price change waits for the member. */
  | 'noPendingPriceChange'
  /** An engineering question waits for the member's answer. */
  | 'openEq'
  /** No production step is recorded yet (the factory has not started on it). */
  | 'notStarted';

/**
 * Where an action leads: a status, `same` (the status stays: a change inside it), or
 * `confirmed` (the order leaves 待确认 once nothing waits for the member any more; see
 * `afterConfirmation`).
 */
export type OrderTarget = OrderStatus | 'same' | 'confirmed';

export interface OrderActionRule {
  /** The action as the screens name it (a button, and the refusal). */
  label: string;
  /**
   * `member`: the order's member (or a switched session acting in that account); `system`: a
   * background job (no button shows it, no endpoint takes it).
   */
  by: 'member' | 'staff' | 'system';
  /** For staff actions: the roles that may take it (admin may take every one). */
  roles?: readonly StaffRole[];
  /** The kinds it exists for; every kind when absent. */
  kinds?: readonly OrderKind[];
  from: readonly OrderStatus[];
  to: OrderTarget;
  condition?: OrderCondition;
}

const R = {
  engineer: ['admin', 'engineer'],
  finance: ['admin', 'finance'],
  production: ['admin', 'production'],
  cancel: ['admin', 'sales'],
} as const satisfies Record<string, readonly StaffRole[]>;

/** Every action on an order. */
export const orderActions = {
  // ---- The member's (product decisions §2, "Member may") ----
  updateReceiver: {
    label: '修改收货地址',
    by: 'member',
    from: ['pendingReview', 'awaitingPayment', 'inProduction'],
    to: 'same',
    condition: 'notPacked',
  },
  updateFile: {
    label: '更换文件',
    by: 'member',
    from: ['pendingReview', 'awaitingConfirmation'],
    to: 'pendingReview',
  },
  // A paid order may be cancelled until the factory records its first step; the payment is
  // refunded to where it came from (decision 0051).
  cancel: {
    label: '取消订单',
    by: 'member',
    from: ['pendingReview', 'awaitingConfirmation', 'awaitingPayment', 'inProduction'],
    to: 'cancelled',
    condition: 'notStarted',
  },
  delete: { label: '删除订单', by: 'member', from: ['completed', 'cancelled'], to: 'same' },
  edit: {
    label: '修改订单',
    by: 'member',
    kinds: ['pcb'],
    from: ['pendingReview', 'awaitingPayment'],
    to: 'pendingReview',
  },
  reorder: {
    label: '返单',
    by: 'member',
    kinds: ['pcb'],
    from: ['completed', 'cancelled'],
    to: 'same',
  },
  acceptPrice: {
    label: '接受新价格',
    by: 'member',
    from: ['awaitingConfirmation'],
    to: 'confirmed',
    condition: 'pendingPriceChange',
  },
  refusePrice: {
    label: '拒绝新价格',
    by: 'member',
    from: ['awaitingConfirmation'],
    to: 'cancelled',
    condition: 'pendingPriceChange',
  },
  replyEq: {
    label: '回复工程问题',
    by: 'member',
    from: ['awaitingConfirmation'],
    to: 'confirmed',
    condition: 'openEq',
  },
  confirmReceipt: { label: '确认收货', by: 'member', from: ['shipped'], to: 'completed' },

  // ---- Staff's (product decisions §5) ----
  pass: {
    label: '审核通过',
    by: 'staff',
    roles: R.engineer,
    from: ['pendingReview'],
    to: 'awaitingPayment',
  },
  changePrice: {
    label: '修改价格',
    by: 'staff',
    roles: R.engineer,
    from: ['pendingReview', 'awaitingConfirmation'],
    to: 'awaitingConfirmation',
    condition: 'noPendingPriceChange',
  },
  raiseEq: {
    label: '提出工程问题',
    by: 'staff',
    roles: R.engineer,
    from: ['pendingReview', 'awaitingConfirmation'],
    to: 'awaitingConfirmation',
  },
  recordPayment: {
    label: '登记线下付款',
    by: 'staff',
    roles: R.finance,
    from: ['awaitingPayment'],
    to: 'inProduction',
  },
  recordStep: {
    label: '登记生产工序',
    by: 'staff',
    roles: R.production,
    from: ['inProduction'],
    to: 'same',
    condition: 'notPacked',
  },
  ship: {
    label: '发货',
    by: 'staff',
    roles: R.production,
    from: ['inProduction'],
    to: 'shipped',
    condition: 'packed',
  },
  addParcelEvent: {
    label: '添加物流记录',
    by: 'staff',
    roles: R.production,
    from: ['shipped', 'completed'],
    to: 'same',
  },
  complete: {
    label: '完成订单',
    by: 'staff',
    roles: R.production,
    from: ['shipped'],
    to: 'completed',
  },
  // Staff may cancel a paid order until it ships, with a reason; it is refunded (decision 0051).
  staffCancel: {
    label: '取消订单',
    by: 'staff',
    roles: R.cancel,
    from: ['pendingReview', 'awaitingConfirmation', 'awaitingPayment', 'inProduction'],
    to: 'cancelled',
  },

  // ---- The system's (background jobs, decision 0048) ----
  autoCancel: {
    label: '超时未付款自动取消',
    by: 'system',
    from: ['awaitingPayment'],
    to: 'cancelled',
  },
  // The payment module's (decision 0051): the order's payable total arrived (balance, gift
  // balance, a provider's verified notify or query). The member starts it with `Pay`, but the
  // money decides, so it is no button of this table.
  pay: {
    label: '付款',
    by: 'system',
    from: ['awaitingPayment'],
    to: 'inProduction',
  },
} as const satisfies Record<string, OrderActionRule>;

export type OrderAction = keyof typeof orderActions;
export const orderActionKeys = Object.keys(orderActions) as [OrderAction, ...OrderAction[]];
export const memberOrderActions = orderActionKeys.filter(
  (a) => orderActions[a].by === 'member',
) as OrderAction[];
export const staffOrderActions = orderActionKeys.filter(
  (a) => orderActions[a].by === 'staff',
) as OrderAction[];

/** What the rules read of an order besides its status. */
export interface OrderFacts {
  kind: OrderKind;
  status: OrderStatus;
  /** The 包装 step is recorded. */
  packed: boolean;
  /** A production step is recorded (the factory started on it). */
  started: boolean;
  /** A price change waits for the member's answer. */
  pendingPriceChange: boolean;
  /** Engineering questions not answered yet. */
  openEqs: number;
  /** Answered questions the engineer has not reviewed yet (answered since the last review). */
  answeredEqs: number;
}

/**
 * Where 待确认 leads once nothing waits for the member any more: back to the engineer
 * (待审核) when answers of engineering questions are to be read, else to 待付款 (the price
 * change, accepted, was the review's last word). While a question or a price change still
 * waits, the order stays 待确认.
 */
export function afterConfirmation(
  facts: Pick<OrderFacts, 'pendingPriceChange' | 'openEqs' | 'answeredEqs'>,
): OrderStatus {
  if (facts.pendingPriceChange || facts.openEqs > 0) return 'awaitingConfirmation';
  return facts.answeredEqs > 0 ? 'pendingReview' : 'awaitingPayment';
}

export type OrderDecision =
  | { allowed: true; to: OrderStatus }
  | {
      allowed: false;
      reason: string;
      /** The status is what forbids it (else a condition). */ byStatus: boolean;
    };

const CONDITION_REASONS: Record<OrderCondition, (label: string) => string> = {
  notPacked: (label) => `订单已完成包装，不能${label}`,
  packed: (label) => `订单尚未完成包装工序，不能${label}`,
  pendingPriceChange: () => '订单没有待确认的价格变更',
  noPendingPriceChange: () => '订单已有待会员确认的价格变更，请等待会员答复',
  openEq: () => '订单没有待回复的工程问题',
  notStarted: (label) => `订单已开始生产，不能${label}`,
};

function holds(condition: OrderCondition, facts: OrderFacts): boolean {
  switch (condition) {
    case 'notPacked':
      return !facts.packed;
    case 'packed':
      return facts.packed;
    case 'pendingPriceChange':
      return facts.pendingPriceChange;
    case 'noPendingPriceChange':
      return !facts.pendingPriceChange;
    case 'openEq':
      return facts.openEqs > 0;
    case 'notStarted':
      return !facts.started;
  }
}

/** The refusal for an action the order's status does not allow, naming that status. */
export function orderStatusRefusal(action: OrderAction, status: OrderStatus): string {
  return `订单当前为「${orderStatusNames[status]}」，不能${orderActions[action].label}`;
}

/**
 * Whether `action` may be taken now, and the status it leads to; else the Chinese reason. The
 * caller has already checked who is asking (the member owns the order, the staff role is among
 * `roles`). For `replyEq` the facts are those before the answer.
 */
export function decideOrderAction(action: OrderAction, facts: OrderFacts): OrderDecision {
  const rule: OrderActionRule = orderActions[action];
  if (rule.kinds && !rule.kinds.includes(facts.kind)) {
    return {
      allowed: false,
      reason: `${orderKindNames[facts.kind].name}订单不能${rule.label}`,
      byStatus: false,
    };
  }
  if (!rule.from.includes(facts.status)) {
    return { allowed: false, reason: orderStatusRefusal(action, facts.status), byStatus: true };
  }
  if (rule.condition && !holds(rule.condition, facts)) {
    return {
      allowed: false,
      reason: CONDITION_REASONS[rule.condition](rule.label),
      byStatus: false,
    };
  }
  let to: OrderStatus;
  if (rule.to === 'same') to = facts.status;
  else if (rule.to !== 'confirmed') to = rule.to;
  else if (action === 'replyEq') {
    to = afterConfirmation({
      ...facts,
      openEqs: facts.openEqs - 1,
      answeredEqs: facts.answeredEqs + 1,
    });
  } else to = afterConfirmation({ ...facts, pendingPriceChange: false });
  return { allowed: true, to };
}

/** The actions `who` may take on the order now (the screens' buttons). */
export function allowedOrderActions(
  facts: OrderFacts,
  who: 'member' | readonly StaffRole[],
): OrderAction[] {
  return orderActionKeys.filter((action) => {
    const rule: OrderActionRule = orderActions[action];
    if (who === 'member' ? rule.by !== 'member' : rule.by !== 'staff') return false;
    if (who !== 'member' && !who.some((role) => rule.roles?.includes(role))) return false;
    return decideOrderAction(action, facts).allowed;
  });
}
