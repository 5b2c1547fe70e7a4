import {
  orderStatusRefusal,
  payResultSchema,
  type OrderKind,
  type PayMethod,
  type PayResult,
  type PayScene,
} from '@pcb/contract';
import { yuan } from '@pcb/pricing';
import type { FastifyBaseLogger } from 'fastify';
import type { Tx } from '../../db/client';
import type { AuthMember } from '../../http/auth';
import { AppError } from '../../http/errors';
import type { PaymentChannel } from '../../integrations/payment/payment-provider';
import { notInState } from '../../lib/workflow/transition';
import type { Clock } from '../../lib/clock';
import type { CouponPayments } from '../member-rebate/member-rebate.module';
import { accounts, LedgerShortfall, type Ledger } from './ledger.repository';
import { orderSubject, type OnlinePayments, type ResolvedChoice } from './online-payments';
import type { CreditPayer } from './credit-payer';
import type { OrderMoney } from './order-money';
import type { PayableOrder, PayableOrders } from './payable-orders';
import type { PaymentRepository } from './payment.repository';
import type { PaymentAttemptRow } from './payment.table';
import { orderResultPages } from './result-pages';
import {
  digestOf,
  REQUEST_IN_PROGRESS_MESSAGE,
  type RequestIds,
  type RequestKey,
} from './request-ids';

export const ORDER_NOT_FOUND_MESSAGE = '订单不存在';
export const SWITCHED_PAY_MESSAGE = '代关联账号付款时只能使用支付宝或微信支付';
export const ZERO_TOTAL_ONLINE_MESSAGE = '订单应付金额为0，请选择余额支付';
export const NO_BALANCE_MESSAGE = '余额为0，请选择在线支付';
export const BALANCE_COVERS_MESSAGE = '余额足以支付全部金额，请直接使用余额支付';
export const COUPON_COVERS_MESSAGE = '优惠券已抵扣全部金额，请选择余额支付';
export const shortMessage = (what: string, has: number, total: number) =>
  `${what}不足：当前${what}${yuan(has)}，订单应付${yuan(total)}`;

export interface PayInput {
  id: number;
  requestId: string;
  method: PayMethod;
  paymentPassword?: string | undefined;
  channel?: PaymentChannel | undefined;
  scene: PayScene;
  wxOpenId?: string | undefined;
  creditMobile?: string | undefined;
  smsCode?: string | undefined;
  couponId?: number | undefined;
}

const paymentHow: Record<'balance' | 'gift' | 'credit', string> = {
  balance: '余额支付',
  gift: '赠送金额支付',
  credit: '月结支付',
};
const sourceOf = { balance: accounts.balance, gift: accounts.gift, credit: accounts.credit };
const shortOf = { balance: '余额', gift: '赠送金额', credit: '月结可用额度' } as const;

/**
 * Balance, gift balance or the credit line pays the whole order (less a coupon's deduction), in
 * the caller's transaction under the order's lock: the ledger's `orderPay:<order>` (refused when
 * the source is short), the payment row, the credit order for 月结, and 待付款 → 生产中. `Pay`'s
 * immediate methods, and the demo seed's credit payments (which have no code to text).
 */
export async function payOrderFromIn(
  deps: {
    repository: PaymentRepository;
    ledger: Ledger;
    orders: () => Pick<PayableOrders, 'markPaid'>;
    coupons: Pick<CouponPayments, 'useIn'>;
    credit: () => Pick<CreditPayer, 'paidIn'>;
    now: Clock;
  },
  tx: Tx,
  member: Pick<AuthMember, 'id' | 'mainMemberId'>,
  order: PayableOrder,
  method: 'balance' | 'gift' | 'credit',
  couponId: number | undefined,
): Promise<PayResult> {
  const { ledger, repository } = deps;
  const source = sourceOf[method];
  // The coupon is taken first, in this transaction: a refusal writes nothing (decision 0061).
  const coupon =
    couponId === undefined ? 0 : await deps.coupons.useIn(tx, order, couponId, deps.now());
  const paid = order.total - coupon;
  await ledger.ensureAccounts(tx, {
    member: order.memberId,
    ...(method === 'credit' ? { credit: order.memberId } : {}),
    order: { id: order.id, memberId: order.memberId },
  });
  try {
    await ledger.post(tx, {
      kind: 'orderPay',
      ref: `orderPay:${order.id}`,
      memberId: order.memberId,
      orderId: order.id,
      orderNo: order.orderNo,
      note: paymentHow[method],
      at: deps.now(),
      legs: [
        { key: source(order.memberId), amount: -paid },
        { key: accounts.coupon, amount: -coupon },
        { key: accounts.order(order.id), amount: order.total },
      ],
    });
  } catch (error) {
    if (!(error instanceof LedgerShortfall)) throw error;
    throw new AppError(400, shortMessage(shortOf[method], error.balance, paid), {
      field: 'method',
    });
  }
  await repository.insertOrderPayment(tx, {
    orderId: order.id,
    memberId: order.memberId,
    method,
    totalFen: order.total,
    balanceFen: method === 'balance' ? paid : 0,
    giftFen: method === 'gift' ? paid : 0,
    creditFen: method === 'credit' ? paid : 0,
    couponFen: coupon,
    paidAt: deps.now(),
  });
  if (method === 'credit') await deps.credit().paidIn(tx, order, paid, deps.now());
  await deps
    .orders()
    .markPaid(tx, order, { kind: 'member', member }, { amount: paid, how: paymentHow[method] });
  return {
    orderId: order.id,
    orderNo: order.orderNo,
    kind: order.kind,
    status: 'paid',
    total: order.total,
    balanceAmount: method === 'balance' ? paid : 0,
    giftAmount: method === 'gift' ? paid : 0,
    onlineAmount: 0,
    ...(coupon ? { couponAmount: coupon } : {}),
    payment: null,
  };
}

/**
 * `Pcb/Pay`, `Smt/Pay`, `Stencil/Pay` (decision 0051): one implementation. The amount is the
 * order's payable total, read under the order's lock; the page sends none. Balance and gift
 * balance pay at once (with the payment password and its lock); `online` and `balanceOnline`
 * start a provider payment — with `balanceOnline` all of the balance is held at once and
 * captured when the provider confirms, or given back when the payment fails or expires. A
 * switched session may pay its colleague's order online only. The request id makes a retry
 * answer the first answer.
 */
export function createPayService(deps: {
  repository: PaymentRepository;
  ledger: Ledger;
  orders: () => PayableOrders;
  orderMoney: OrderMoney;
  online: OnlinePayments;
  requests: RequestIds;
  coupons: Pick<CouponPayments, 'useIn' | 'deductionFor' | 'holdIn'>;
  verifyPaymentPassword: (memberId: number, password: string) => Promise<void>;
  credit: () => CreditPayer;
  now: Clock;
  log: FastifyBaseLogger;
}) {
  const { repository, ledger, online, requests } = deps;

  /**
   * The caller's order of this kind waiting for payment; 404 (and a log line) for anyone else's,
   * 409 with the lifecycle's reason when it is not 待付款. Asked first without a lock (before the
   * password is tried or a provider chosen), then again under the lock.
   */
  function assertPayable(
    order: PayableOrder | null,
    member: AuthMember,
    kind: OrderKind,
    id: number,
  ): PayableOrder {
    if (!order || order.memberId !== member.id || order.kind !== kind || order.deletedAt) {
      if (order && order.memberId !== member.id) {
        deps.log.warn(
          { memberId: member.id, mainMemberId: member.mainMemberId, orderId: id },
          'payment: refused to pay another member’s order',
        );
      }
      throw new AppError(404, ORDER_NOT_FOUND_MESSAGE);
    }
    if (order.status !== 'awaitingPayment')
      throw notInState(orderStatusRefusal('pay', order.status));
    return order;
  }

  const lockMine = async (tx: Tx, member: AuthMember, kind: OrderKind, id: number) =>
    assertPayable(await deps.orders().lock(tx, id), member, kind, id);

  const resultOf = (
    order: PayableOrder,
    parts: { balance: number; gift: number; online: number; coupon?: number },
  ): PayResult => ({
    orderId: order.id,
    orderNo: order.orderNo,
    kind: order.kind,
    status: parts.online > 0 ? 'pending' : 'paid',
    total: order.total,
    balanceAmount: parts.balance,
    giftAmount: parts.gift,
    onlineAmount: parts.online,
    ...(parts.coupon ? { couponAmount: parts.coupon } : {}),
    payment: null,
  });

  /** Balance, gift balance or the credit line pays the whole order (less a coupon's deduction), now. */
  const payFrom = (
    tx: Tx,
    member: AuthMember,
    order: PayableOrder,
    method: 'balance' | 'gift' | 'credit',
    couponId: number | undefined,
  ) => payOrderFromIn(deps, tx, member, order, method, couponId);

  /**
   * The online part: an attempt (with all of the balance held, for `balanceOnline`, and the
   * coupon held for it: decision 0064). The provider collects the total less the coupon's
   * deduction and the balance part.
   */
  async function startOnline(
    tx: Tx,
    member: AuthMember,
    order: PayableOrder,
    choice: ResolvedChoice,
    withBalance: boolean,
    couponId: number | undefined,
  ): Promise<{ result: PayResult; attempt: PaymentAttemptRow }> {
    if (order.total === 0) throw new AppError(400, ZERO_TOTAL_ONLINE_MESSAGE, { field: 'method' });
    const at = deps.now();
    const coupon =
      couponId === undefined ? 0 : await deps.coupons.deductionFor(tx, order, couponId, at);
    const due = order.total - coupon;
    if (due <= 0) throw new AppError(400, COUPON_COVERS_MESSAGE, { field: 'method' });
    let held = 0;
    if (withBalance) {
      await ledger.ensureMember(tx, order.memberId);
      const locked = await ledger.lock(tx, [
        accounts.balance(order.memberId),
        accounts.hold(order.memberId),
      ]);
      held = locked.get(accounts.balance(order.memberId))!.balance;
      if (held <= 0) throw new AppError(400, NO_BALANCE_MESSAGE, { field: 'method' });
      if (held >= due) throw new AppError(400, BALANCE_COVERS_MESSAGE, { field: 'method' });
    }
    const attempt = await online.insertIn(tx, {
      purpose: 'order',
      memberId: order.memberId,
      payerMemberId: member.mainMemberId ?? member.id,
      order,
      channel: choice.channel,
      scene: choice.scene,
      balanceFen: held,
      onlineFen: due - held,
      ...(couponId === undefined ? {} : { couponId, couponFen: coupon }),
    });
    // After the attempt exists, so the coupon's row can name it; a refusal rolls both back.
    if (couponId !== undefined) await deps.coupons.holdIn(tx, order, couponId, attempt.id, at);
    if (held > 0) {
      await ledger.post(tx, {
        kind: 'hold',
        ref: `hold:${attempt.id}`,
        memberId: order.memberId,
        orderId: order.id,
        orderNo: order.orderNo,
        attemptId: attempt.id,
        note: '余额+在线支付：冻结余额',
        at: deps.now(),
        legs: [
          { key: accounts.balance(order.memberId), amount: -held },
          { key: accounts.hold(order.memberId), amount: held },
        ],
      });
    }
    return {
      attempt,
      result: resultOf(order, { balance: held, gift: 0, online: attempt.onlineFen, coupon }),
    };
  }

  const page = (
    order: Pick<PayableOrder, 'id' | 'kind' | 'orderNo'>,
    payment: { channel: PaymentChannel; outTradeNo: string },
  ) => ({
    subject: orderSubject(order.kind, order.orderNo),
    ...orderResultPages(order, payment),
  });

  return {
    async pay(
      member: AuthMember,
      kind: OrderKind,
      input: PayInput,
      ip: string,
    ): Promise<PayResult> {
      const switched = member.mainMemberId !== null;
      if (switched && input.method !== 'online') {
        throw new AppError(403, SWITCHED_PAY_MESSAGE, { field: 'method' });
      }
      const key: RequestKey = {
        memberId: member.id,
        requestId: input.requestId,
        action: `${kind}.Pay`,
        digest: digestOf(`${kind}.Pay`, {
          id: input.id,
          method: input.method,
          channel: input.channel ?? null,
          scene: input.scene,
          creditMobile: input.creditMobile ?? null,
          ...(input.couponId === undefined ? {} : { couponId: input.couponId }),
        }),
      };
      // Both reads at once (one round trip of waiting): the order is asked about only when
      // the request id is new.
      const [earlier, found] = await Promise.all([
        requests.prior(key),
        deps.orders().find(input.id),
      ]);
      if (!earlier) assertPayable(found, member, kind, input.id);
      const usesOnline = input.method === 'online' || input.method === 'balanceOnline';
      const choice = usesOnline
        ? online.resolve({ channel: input.channel!, scene: input.scene, wxOpenId: input.wxOpenId })
        : null;

      const replay = async (row: { response: unknown; attemptId: number | null }) => {
        if (row.response) return payResultSchema.parse(row.response);
        // The first call committed its attempt but the provider's answer was not kept (a
        // crash between the two): the same attempt is created again (providers take the same
        // out_trade_no as one payment) while it is still open.
        const attempt = row.attemptId === null ? null : await repository.attempt(row.attemptId);
        if (!attempt || attempt.status !== 'open' || !choice || attempt.orderId === null) {
          throw new AppError(409, REQUEST_IN_PROGRESS_MESSAGE);
        }
        const order = { id: attempt.orderId, kind, orderNo: attempt.orderNo ?? '' };
        const payment = await online.launch(attempt, choice, {
          ...page(order, { channel: choice.channel, outTradeNo: attempt.outTradeNo }),
          clientIp: ip,
        });
        const result: PayResult = {
          orderId: attempt.orderId,
          orderNo: attempt.orderNo ?? '',
          kind,
          status: 'pending',
          total: attempt.orderTotal ?? attempt.onlineFen,
          balanceAmount: attempt.balanceFen,
          giftAmount: 0,
          onlineAmount: attempt.onlineFen,
          ...(attempt.couponFen > 0 ? { couponAmount: attempt.couponFen } : {}),
          payment,
        };
        await requests.complete(key, result);
        return result;
      };

      if (earlier) return replay(earlier);
      if (input.method === 'credit') {
        await deps.credit().authorize(member, input, ip);
      } else if (input.method !== 'online') {
        await deps.verifyPaymentPassword(member.id, input.paymentPassword ?? '');
      }

      let started: { result: PayResult; attempt: PaymentAttemptRow } | null = null;
      const answer = await requests.once(
        key,
        async (tx) => {
          const order = await lockMine(tx, member, kind, input.id);
          // One payment under way per order: a new one replaces the last (its hold comes back).
          await deps.orderMoney.closeOpenAttemptsIn(tx, order.id, 'replaced');
          if (input.method === 'balance' || input.method === 'gift' || input.method === 'credit') {
            const result = await payFrom(tx, member, order, input.method, input.couponId);
            return { answer: result, stored: result };
          }
          started = await startOnline(
            tx,
            member,
            order,
            choice!,
            input.method === 'balanceOnline',
            input.couponId,
          );
          return { answer: started.result, stored: null, attemptId: started.attempt.id };
        },
        replay,
      );
      if (!started) return answer;
      const { attempt, result } = started as { result: PayResult; attempt: PaymentAttemptRow };
      let payment;
      try {
        payment = await online.launch(attempt, choice!, {
          ...page(
            { id: result.orderId, kind: result.kind, orderNo: result.orderNo },
            { channel: choice!.channel, outTradeNo: attempt.outTradeNo },
          ),
          clientIp: ip,
        });
      } catch (error) {
        await requests.drop(key);
        throw error;
      }
      const full: PayResult = { ...result, payment };
      await requests.complete(key, full);
      return full;
    },
  };
}

export type PayService = ReturnType<typeof createPayService>;
