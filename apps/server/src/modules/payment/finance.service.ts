import {
  ledgerEntryKindNames,
  paymentCloseReasonNames,
  type FinancePayment,
  type FinancePaymentMethod,
  type FinanceRefund,
  type LedgerEntryKind,
  type MemberLedger,
  type MemberLedgerAccount,
} from '@pcb/contract';
import type { Page, PageRequest } from '../../db/paged-list';
import { AppError } from '../../http/errors';
import type { MemberApi } from '../member/member.module';
import type { StaffApi } from '../staff/staff.module';
import { MEMBER_NOT_FOUND_MESSAGE } from './adjustment.service';
import type { FinanceRepository, PaymentFilter, RefundFilter } from './finance.repository';
import type { Ledger } from './ledger.repository';
import type { LedgerTxnKind } from './ledger.table';
import type { PayableOrders } from './payable-orders';
import type { OrderPaymentRow, PaymentAttemptRow } from './payment.table';

/** The contract's kinds are the ledger's: a kind added to one and not the other fails here. */
const kindNames: Record<LedgerTxnKind, string> = ledgerEntryKindNames satisfies Record<
  LedgerEntryKind,
  string
>;

/** Who caused a refund of a payment that came for an order it could no longer pay. */
const SYSTEM = '系统';

/** A payment before its member is named. */
type PaymentRow = Omit<FinancePayment, 'member'> & { memberId: number };

const emptyPage = <T>(page: PageRequest): Page<T> => ({
  items: [],
  total: 0,
  page: page.page,
  pageSize: page.pageSize,
});

/** An order number asked for: trimmed, and no filter at all when empty. */
const orderNoOf = (value: string | undefined) => value?.trim().toUpperCase() || undefined;

/**
 * What finance reads of the money (decision 0054): payments, provider refunds and one member's
 * ledger. Names come by id for a whole page (the kit's `namesOf`); order numbers and who
 * cancelled an order come from the order module's side (`PayableOrders`).
 */
export function createFinanceService(deps: {
  repository: FinanceRepository;
  ledger: Ledger;
  orders: () => PayableOrders;
  member: Pick<MemberApi, 'members' | 'namesOf'>;
  staff: Pick<StaffApi, 'namesOf'>;
}) {
  const { repository } = deps;

  /** The order an order number names; undefined without one, null when there is none. */
  async function orderIdOf(orderNo: string | undefined): Promise<number | null | undefined> {
    const number = orderNoOf(orderNo);
    if (!number) return undefined;
    return deps.orders().idOfNumber(number);
  }

  function onlinePayment(attempt: PaymentAttemptRow, refundId: number | null): PaymentRow {
    return {
      key: `online:${attempt.id}`,
      purpose: attempt.purpose,
      orderId: attempt.orderId,
      orderNo: attempt.orderNo,
      memberId: attempt.memberId,
      method: attempt.channel as FinancePaymentMethod,
      amount: attempt.balanceFen + attempt.onlineFen,
      balanceAmount: attempt.balanceFen,
      state:
        attempt.status === 'open'
          ? ('pending' as const)
          : attempt.status === 'closed'
            ? ('closed' as const)
            : refundId !== null
              ? ('refunded' as const)
              : ('paid' as const),
      outTradeNo: attempt.outTradeNo,
      providerTradeNo: attempt.providerTradeNo,
      scene: attempt.scene as FinancePayment['scene'],
      closeReason:
        attempt.closeReason === null
          ? null
          : (paymentCloseReasonNames[attempt.closeReason] ?? attempt.closeReason),
      createdAt: attempt.createdAt.toISOString(),
      paidAt: attempt.paidAt?.toISOString() ?? null,
      expiresAt: attempt.status === 'open' ? attempt.expiresAt.toISOString() : null,
    };
  }

  function paidOrder(payment: OrderPaymentRow): PaymentRow {
    return {
      key: `order:${payment.orderId}`,
      purpose: 'order' as const,
      orderId: payment.orderId,
      orderNo: null,
      memberId: payment.memberId,
      // Online payments are their attempt's rows; these are the balance, gift and transfer ones.
      method: payment.method as FinancePaymentMethod,
      amount: payment.totalFen,
      balanceAmount: 0,
      state: payment.refundedAt === null ? ('paid' as const) : ('refunded' as const),
      outTradeNo: null,
      providerTradeNo: null,
      scene: null,
      closeReason: null,
      createdAt: payment.paidAt.toISOString(),
      paidAt: payment.paidAt.toISOString(),
      expiresAt: null,
    };
  }

  return {
    async payments(
      input: Omit<PaymentFilter, 'orderId'> & { orderNo?: string | undefined } & PageRequest,
    ): Promise<Page<FinancePayment>> {
      const orderId = await orderIdOf(input.orderNo);
      if (orderId === null) return emptyPage(input);
      const { keys, total } = await repository.paymentKeys({ ...input, orderId }, input);
      const onlineIds = keys.filter((k) => k.source === 'online').map((k) => k.id);
      const orderIds = keys.filter((k) => k.source === 'order').map((k) => k.id);
      const [attempts, paid] = await Promise.all([
        repository.attemptsWithRefund(onlineIds),
        repository.orderPayments(orderIds),
      ]);
      const rows = new Map<string, PaymentRow>([
        ...attempts.map((a) => {
          const row = onlinePayment(a.attempt, a.refundId);
          return [row.key, row] as const;
        }),
        ...paid.map((p) => {
          const row = paidOrder(p);
          return [row.key, row] as const;
        }),
      ]);
      const ordered = keys.flatMap((k) => rows.get(`${k.source}:${k.id}`) ?? []);
      const unnamed = ordered.filter((r) => r.orderId !== null && r.orderNo === null);
      const [members, refs] = await Promise.all([
        deps.member.namesOf(ordered.map((r) => r.memberId)),
        unnamed.length > 0
          ? deps.orders().refsOf(unnamed.map((r) => r.orderId!))
          : new Map<number, { orderNo: string }>(),
      ]);
      return {
        items: ordered.map(({ memberId, ...row }) => ({
          ...row,
          orderNo:
            row.orderNo ?? (row.orderId === null ? null : (refs.get(row.orderId)?.orderNo ?? null)),
          member: members.get(memberId)!,
        })),
        total,
        page: input.page,
        pageSize: input.pageSize,
      };
    },

    async refunds(
      input: Omit<RefundFilter, 'orderId'> & { orderNo?: string | undefined } & PageRequest,
    ): Promise<Page<FinanceRefund>> {
      const orderId = await orderIdOf(input.orderNo);
      if (orderId === null) return emptyPage(input);
      const page = await repository.refunds({ ...input, orderId }, input);
      const cancelled = page.items.flatMap((r) =>
        r.refund.orderId === null ? [] : [r.refund.orderId],
      );
      const [members, refs] = await Promise.all([
        deps.member.namesOf(page.items.map((r) => r.refund.memberId)),
        cancelled.length > 0 ? deps.orders().refsOf(cancelled) : new Map(),
      ]);
      return {
        ...page,
        items: page.items.map(({ refund, orderNo, attemptOrderId }) => ({
          id: refund.id,
          outRefundNo: refund.outRefundNo,
          kind: refund.orderId === null ? ('duplicate' as const) : ('orderCancel' as const),
          orderId: refund.orderId ?? attemptOrderId,
          orderNo,
          member: members.get(refund.memberId)!,
          channel: refund.channel as FinanceRefund['channel'],
          amount: refund.amountFen,
          reason: refund.reason,
          state: refund.status,
          requestedBy:
            refund.orderId === null ? SYSTEM : (refs.get(refund.orderId)?.cancelledBy ?? SYSTEM),
          outTradeNo: refund.outTradeNo,
          providerRefundNo: refund.providerRefundNo,
          createdAt: refund.createdAt.toISOString(),
          submittedAt: refund.submittedAt?.toISOString() ?? null,
          settledAt: refund.settledAt?.toISOString() ?? null,
        })),
      };
    },

    async memberLedger(input: {
      memberId: number;
      account?: MemberLedgerAccount | undefined;
      from?: string | undefined;
      to?: string | undefined;
      page: number;
      pageSize: number;
    }): Promise<MemberLedger> {
      if (!(await deps.member.members.findById(input.memberId))) {
        throw new AppError(404, MEMBER_NOT_FOUND_MESSAGE, { field: 'memberId' });
      }
      const accountsOf = await repository.memberAccounts(input.memberId, input.account);
      const [names, balances, page] = await Promise.all([
        deps.member.namesOf([input.memberId]),
        deps.ledger.balancesOf(input.memberId),
        accountsOf.size === 0
          ? Promise.resolve(emptyPage<never>(input))
          : repository.entries([...accountsOf.keys()], input, input),
      ]);
      const staff = await deps.staff.namesOf(page.items.map((e) => e.staffId));
      return {
        member: names.get(input.memberId)!,
        balances,
        total: page.total,
        page: page.page,
        pageSize: page.pageSize,
        items: page.items.map((entry) => ({
          id: entry.id,
          account: accountsOf.get(entry.accountId)!,
          kind: entry.kind,
          kindName: kindNames[entry.kind],
          amount: entry.amount,
          balanceAfter: entry.balanceAfter,
          ref: entry.ref,
          orderId: entry.orderId,
          orderNo: entry.orderNo,
          note: entry.note,
          staff: entry.staffId === null ? null : (staff.get(entry.staffId) ?? null),
          createdAt: entry.createdAt.toISOString(),
        })),
      };
    },

    workCounts: () => repository.workCounts(),
  };
}

export type FinanceService = ReturnType<typeof createFinanceService>;
