import {
  moneyLogTypeNames,
  paymentChannelNames,
  type AccountLog,
  type Balances,
  type MoneyLog,
  type MoneyLogType,
  type PaymentStatus,
} from '@pcb/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { Page, PageRequest } from '../../db/paged-list';
import type { AuthMember } from '../../http/auth';
import { AppError } from '../../http/errors';
import type { PaymentChannel } from '../../integrations/payment/payment-provider';
import { accounts, type Ledger } from './ledger.repository';
import type { LedgerTxnKind } from './ledger.table';
import type { PaymentRepository } from './payment.repository';
import type { PaymentAttemptRow } from './payment.table';
import type { Settlement } from './settlement';

export const PAYMENT_NOT_FOUND_MESSAGE = '支付单不存在';

/**
 * How each kind of ledger transaction reads in the member's logs: its type, and whether the
 * money came to the member or went. `null`: not in 收支明细 — holds and releases move money
 * within the member's own (the balance log shows them), a provider's confirmation of a refund
 * the log already shows, a refund that failed and went to the balance instead.
 */
const moneyLogOf: Record<LedgerTxnKind, { type: MoneyLogType; in: boolean } | null> = {
  recharge: { type: 'recharge', in: true },
  receipt: { type: 'pay', in: false },
  orderPay: { type: 'pay', in: false },
  orderRefund: { type: 'refund', in: true },
  duplicate: { type: 'duplicate', in: false },
  duplicateRefunded: { type: 'refund', in: true },
  adjustment: { type: 'adjustment', in: true },
  opening: { type: 'adjustment', in: true },
  hold: null,
  release: null,
  refundSent: null,
  refundFailed: null,
  // 月结 (decisions 0059, 0060): a limit is no money; a repayment leaves the balance.
  creditGrant: null,
  creditRepay: { type: 'pay', in: false },
};

/** How each kind reads in a balance's own log. */
const accountLogOf: Partial<Record<LedgerTxnKind, MoneyLogType>> = {
  recharge: 'recharge',
  orderPay: 'pay',
  orderRefund: 'refund',
  refundFailed: 'refund',
  hold: 'hold',
  release: 'release',
  adjustment: 'adjustment',
  opening: 'adjustment',
  creditRepay: 'pay',
};

const kindsFor = (
  table: Partial<Record<LedgerTxnKind, unknown>>,
  typeOf: (kind: LedgerTxnKind) => MoneyLogType | null,
  type: MoneyLogType | undefined,
): LedgerTxnKind[] =>
  (Object.keys(table) as LedgerTxnKind[]).filter((kind) => {
    const t = typeOf(kind);
    return t !== null && (type === undefined || t === type);
  });

/**
 * Which entries name how the money moved: where it came from (a payment, a top-up), where it
 * went (a refund), or the member's own accounts (an adjustment).
 */
const partSide: Partial<Record<LedgerTxnKind, 'source' | 'destination' | 'member'>> = {
  recharge: 'source',
  receipt: 'source',
  orderPay: 'source',
  duplicate: 'source',
  // A bill's repayment: what paid it, the balance or the provider (decisions 0060, 0065).
  creditRepay: 'source',
  orderRefund: 'destination',
  duplicateRefunded: 'destination',
  adjustment: 'member',
  opening: 'member',
};

const partName = (entry: { kind: string; channel: string | null }): string | null => {
  switch (entry.kind) {
    case 'memberBalance':
      return '余额';
    case 'memberGift':
      return '赠送金额';
    case 'memberHold':
      return '余额（冻结）';
    case 'bank':
      return '对公转账';
    case 'memberCredit':
      return '月结额度';
    case 'providerClearing':
    case 'refundPending':
      return paymentChannelNames[entry.channel as PaymentChannel];
    default:
      return null;
  }
};

export interface LogFilter extends PageRequest {
  type?: MoneyLogType | undefined;
  from?: string | undefined;
  to?: string | undefined;
}

const emptyPage = <T>(page: PageRequest): Page<T> => ({
  items: [],
  total: 0,
  page: page.page,
  pageSize: page.pageSize,
});

/** The member's balances, logs and online payments' results (decision 0051). */
export function createMoneyService(deps: {
  repository: PaymentRepository;
  ledger: Ledger;
  settlement: Settlement;
  log: FastifyBaseLogger;
}) {
  const { ledger, repository } = deps;

  async function statusOf(attempt: PaymentAttemptRow): Promise<PaymentStatus> {
    const refund = await repository.refundOfAttempt(attempt.id);
    const outcome: PaymentStatus['outcome'] =
      attempt.status !== 'paid'
        ? null
        : refund
          ? refund.status === 'pending'
            ? 'refunding'
            : 'refunded'
          : attempt.purpose === 'recharge'
            ? 'credited'
            : attempt.purpose === 'bill'
              ? 'repaidBill'
              : 'paidOrder';
    return {
      outTradeNo: attempt.outTradeNo,
      channel: attempt.channel as PaymentChannel,
      purpose: attempt.purpose,
      status: attempt.status === 'open' ? 'pending' : attempt.status,
      outcome,
      orderId: attempt.orderId,
      orderNo: attempt.orderNo,
      kind: attempt.orderKind,
      billId: attempt.billId,
      amount: attempt.onlineFen,
      paidAt: attempt.paidAt?.toISOString() ?? null,
    };
  }

  return {
    balances: (member: AuthMember): Promise<Balances> => ledger.balancesOf(member.id),

    async logs(member: AuthMember, filter: LogFilter): Promise<Page<MoneyLog>> {
      const kinds = kindsFor(moneyLogOf, (k) => moneyLogOf[k]?.type ?? null, filter.type);
      if (kinds.length === 0) return emptyPage(filter);
      const page = await ledger.memberLog(member.id, { ...filter, kinds }, filter);
      return {
        ...page,
        items: page.items.map((txn) => {
          const shown = moneyLogOf[txn.kind]!;
          const parts = new Map<string, number>();
          let memberSide = 0;
          const side = partSide[txn.kind];
          for (const entry of txn.entries) {
            const mine = entry.memberId === member.id && entry.kind !== 'order';
            if (mine) memberSide += entry.amount;
            const counts =
              side === 'member' ? mine : side === 'source' ? entry.amount < 0 : entry.amount > 0;
            const name = counts ? partName(entry) : null;
            if (name) parts.set(name, (parts.get(name) ?? 0) + Math.abs(entry.amount));
          }
          const isIn = txn.kind === 'adjustment' ? memberSide > 0 : shown.in;
          const list = [...parts].map(([name, amount]) => ({ name, amount }));
          return {
            id: txn.id,
            type: shown.type,
            typeName: moneyLogTypeNames[shown.type],
            direction: isIn ? ('in' as const) : ('out' as const),
            amount: list.reduce((sum, p) => sum + p.amount, 0),
            parts: list,
            orderId: txn.orderId,
            orderNo: txn.orderNo,
            note: txn.note,
            createdAt: txn.createdAt.toISOString(),
          };
        }),
      };
    },

    async accountLog(
      member: AuthMember,
      account: 'balance' | 'gift',
      filter: LogFilter,
    ): Promise<Page<AccountLog>> {
      const kinds = kindsFor(accountLogOf, (k) => accountLogOf[k] ?? null, filter.type);
      if (kinds.length === 0) return emptyPage(filter);
      const key = account === 'balance' ? accounts.balance(member.id) : accounts.gift(member.id);
      const page = await ledger.accountLog(key, { ...filter, kinds }, filter);
      return {
        ...page,
        items: page.items.map((row) => {
          const type = accountLogOf[row.kind]!;
          return {
            id: row.id,
            type,
            typeName: moneyLogTypeNames[type],
            amount: row.amount,
            balanceAfter: row.balanceAfter,
            orderId: row.orderId,
            orderNo: row.orderNo,
            note: row.note,
            createdAt: row.createdAt.toISOString(),
          };
        }),
      };
    },

    /**
     * `AlipayOrder/Get`, `WechatPayOrder/Get`: the member's own online payment, asked of the
     * provider when not settled yet (and settled by its answer). Another member's is 404, logged.
     */
    async status(
      member: AuthMember,
      channel: PaymentChannel,
      outTradeNo: string,
    ): Promise<PaymentStatus> {
      let attempt = await repository.attemptByOutTradeNo(outTradeNo);
      if (!attempt || attempt.channel !== channel || attempt.memberId !== member.id) {
        if (attempt && attempt.memberId !== member.id) {
          deps.log.warn(
            { memberId: member.id, mainMemberId: member.mainMemberId, outTradeNo },
            'payment: refused another member’s payment',
          );
        }
        throw new AppError(404, PAYMENT_NOT_FOUND_MESSAGE);
      }
      if (attempt.status !== 'paid') {
        try {
          await deps.settlement.query(attempt);
        } catch (error) {
          // The page polls: it is told what we know, and asks again.
          deps.log.warn({ err: error, outTradeNo }, 'payment: the provider could not be asked');
        }
        attempt = (await repository.attempt(attempt.id))!;
      }
      return statusOf(attempt);
    },
  };
}

export type MoneyService = ReturnType<typeof createMoneyService>;
