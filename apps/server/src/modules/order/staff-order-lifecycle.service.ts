import {
  productionStepNames,
  productionSteps,
  type ProductionStep,
  type ReceiverSnapshotView,
  type StaffRole,
  type FinanceQueueKey,
  type WorkQueue,
  type WorkQueueKey,
} from '@pcb/contract';
import { yuan, type Courier, type FeeLine } from '@pcb/pricing';
import type { StaffWrite } from '../../http/define-route';
import { AppError } from '../../http/errors';
import type { Clock } from '../../lib/clock';
import { notInState } from '../../lib/workflow/transition';
import type { PaymentApi } from '../payment/payment.module';
import type { UploadApi } from '../upload/upload.module';
import { orderMessages } from './order-messages';
import { ORDER_NOT_FOUND_MESSAGE, type OrderLifecycle } from './order-lifecycle';
import type { OrderLifecycleRepository } from './order-lifecycle.repository';
import { courierName } from './order-views';
import { shanghaiDay } from './order.service';

export const EQ_IMAGE_NOT_FOUND_MESSAGE = '请上传工程问题的图片';
export const PAYMENT_AMOUNT_MESSAGE = (total: number) =>
  `到账金额与订单应付金额（${yuan(total)}）不符`;
export const BANK_REFERENCE_USED_MESSAGE = '该银行流水号已登记过付款';
export const TRACKING_NO_USED_MESSAGE = '快递单号已登记过';
export const PARCEL_NOT_FOUND_MESSAGE = '包裹不存在';
/** How far ahead of the server's clock a time staff enter may be (clocks differ a little). */
const CLOCK_SKEW_MS = 5 * 60_000;

const queueLabels: Record<WorkQueueKey, string> = {
  pendingReview: '待审核',
  awaitingConfirmationOverdue: '待确认超过24小时',
  awaitingPayment: '待付款',
  toShipToday: '今天应发货',
  shipped: '已发货待完成',
};

/** Finance's work waiting on a provider (decision 0054), for admin and finance. */
const financeQueueLabels: Record<FinanceQueueKey, string> = {
  refundsPending: '原路退款待确认',
  paymentsPending: '在线支付待确认',
};
const FINANCE_QUEUE_ROLES: readonly StaffRole[] = ['admin', 'finance'];

/** Which queues each role works (admin sees all). */
const queuesOf: Record<StaffRole, readonly WorkQueueKey[]> = {
  admin: [
    'pendingReview',
    'awaitingConfirmationOverdue',
    'awaitingPayment',
    'toShipToday',
    'shipped',
  ],
  engineer: ['pendingReview', 'awaitingConfirmationOverdue'],
  sales: ['awaitingConfirmationOverdue', 'awaitingPayment'],
  finance: ['awaitingPayment'],
  production: ['toShipToday', 'shipped'],
  content: [],
};

/**
 * Staff's side of the order lifecycle (decision 0042), each action in the route's audited
 * transaction (`write`): review (pass, a new price, engineering questions), the offline
 * payment, production steps, shipping and parcels, completion, cancellation. Each action that
 * matters to the member sends a site message in the same transaction.
 */
export function createStaffOrderLifecycleService(deps: {
  lifecycle: OrderLifecycle;
  repository: OrderLifecycleRepository;
  uploads: Pick<UploadApi, 'assertUploadedByStaff'>;
  /** Offline payments are money: they go into the ledger in their transaction (decision 0051). */
  payments: Pick<PaymentApi['orders'], 'offlinePaidIn'>;
  /** Finance's counts on the console home (decision 0054); the demo seed's mover has none. */
  financeCounts?: PaymentApi['financeCounts'];
  now: Clock;
}) {
  const { lifecycle, repository } = deps;
  const notify = lifecycle.notifier;
  const actor = (w: StaffWrite) => ({ kind: 'staff' as const, staff: w.staff, audit: w.audit });

  function notFuture(at: Date, label: string): void {
    if (at.getTime() > deps.now().getTime() + CLOCK_SKEW_MS) {
      throw new AppError(400, `${label}不能晚于当前时间`);
    }
  }

  return {
    async workQueue(roles: readonly StaffRole[]): Promise<Required<WorkQueue>> {
      const at = deps.now();
      const keys = new Set(roles.flatMap((role) => queuesOf[role]));
      const financial = roles.some((role) => FINANCE_QUEUE_ROLES.includes(role));
      const [counts, money] = await Promise.all([
        repository.workQueueCounts(at, isoDay(at)),
        financial && deps.financeCounts ? deps.financeCounts() : null,
      ]);
      return {
        queues: (Object.keys(queueLabels) as WorkQueueKey[])
          .filter((key) => keys.has(key))
          .map((key) => ({ key, label: queueLabels[key], count: counts[key] })),
        finance: money
          ? (Object.keys(financeQueueLabels) as FinanceQueueKey[]).map((key) => ({
              key,
              label: financeQueueLabels[key],
              count: money[key],
            }))
          : [],
      };
    },

    async pass(w: StaffWrite, id: number, note?: string): Promise<void> {
      const row = await lifecycle.lock(w.tx, id);
      lifecycle.assertAllowed('pass', row);
      // The review read the answers to its questions.
      await repository.moveEqs(w.tx, row.id, 'answered', 'resolved');
      const after = await lifecycle.act(w.tx, row, 'pass', actor(w), {
        set: { answeredEqCount: 0 },
        note: note ? `审核通过：${note}` : '审核通过',
        after: { total: row.total },
      });
      await notify.notifyIn(w.tx, orderMessages.passed(after, after.total));
    },

    async changePrice(
      w: StaffWrite,
      input: {
        id: number;
        lines: { code: string; name: string; amount: number }[];
        reason: string;
      },
    ): Promise<void> {
      const row = await lifecycle.lock(w.tx, input.id);
      lifecycle.assertAllowed('changePrice', row);
      const codes = input.lines.map((l) => l.code);
      if (new Set(codes).size !== codes.length) {
        throw new AppError(400, '费用代码不能重复', { field: 'lines' });
      }
      const oldByCode = new Map(row.lines.map((l) => [l.code, l]));
      const newLines: FeeLine[] = input.lines.map((line) => {
        const old = oldByCode.get(line.code);
        const unchanged = old && old.amount === line.amount && old.name === line.name;
        return { ...line, reason: unchanged ? old.reason : `工程师调整：${input.reason}` };
      });
      const newTotal = newLines.reduce((sum, l) => sum + l.amount, 0);
      if (newTotal < 0 || newTotal > 2_147_483_647) {
        throw new AppError(400, '调整后的总价不正确', { field: 'lines' });
      }
      const same =
        newTotal === row.total &&
        newLines.length === row.lines.length &&
        newLines.every(
          (l, i) => l.code === row.lines[i]?.code && l.amount === row.lines[i]?.amount,
        );
      if (same) throw new AppError(400, '新价格与现价相同', { field: 'lines' });

      const at = deps.now();
      const change = await repository.insertPriceChange(w.tx, {
        orderId: row.id,
        oldLines: row.lines,
        oldTotal: row.total,
        newLines,
        newTotal,
        reason: input.reason,
        staffId: w.staff.id,
        staffName: w.staff.realName,
        createdAt: at,
      });
      await repository.moveEqs(w.tx, row.id, 'answered', 'resolved');
      const after = await lifecycle.act(w.tx, row, 'changePrice', actor(w), {
        set: { pendingPriceChangeId: change.id, answeredEqCount: 0, revision: row.revision + 1 },
        note: `修改价格：${yuan(row.total)} → ${yuan(newTotal)}，${input.reason}`,
        before: { total: row.total },
        after: { total: newTotal, reason: input.reason, priceChangeId: change.id },
      });
      await notify.notifyIn(
        w.tx,
        orderMessages.priceChanged(after, { oldTotal: row.total, newTotal, reason: input.reason }),
      );
    },

    async raiseEq(
      w: StaffWrite,
      input: { id: number; question: string; images: string[]; options: string[] },
    ): Promise<{ eqId: number }> {
      const row = await lifecycle.lock(w.tx, input.id);
      lifecycle.assertAllowed('raiseEq', row);
      if (new Set(input.options).size !== input.options.length) {
        throw new AppError(400, '建议选项不能重复', { field: 'options' });
      }
      for (const key of input.images) {
        await deps.uploads.assertUploadedByStaff(
          w.staff.id,
          key,
          'eqQuestion',
          EQ_IMAGE_NOT_FOUND_MESSAGE,
          'images',
          w.tx,
        );
      }
      const eq = await repository.insertEq(w.tx, {
        orderId: row.id,
        memberId: row.memberId,
        question: input.question,
        images: input.images,
        options: input.options,
        staffId: w.staff.id,
        staffName: w.staff.realName,
        createdAt: deps.now(),
      });
      await repository.moveEqs(w.tx, row.id, 'answered', 'resolved');
      const after = await lifecycle.act(w.tx, row, 'raiseEq', actor(w), {
        set: { openEqCount: row.openEqCount + 1, answeredEqCount: 0 },
        note: `提出工程问题：${input.question.slice(0, 100)}`,
        after: { eqId: eq.id, question: input.question, options: input.options },
      });
      await notify.notifyIn(w.tx, orderMessages.eqRaised(after, eq.id));
      return { eqId: eq.id };
    },

    async recordPayment(
      w: StaffWrite,
      input: {
        id: number;
        amount: number;
        bankReference: string;
        payerName: string;
        receivedAt: string;
        note?: string | undefined;
      },
    ): Promise<void> {
      const row = await lifecycle.lock(w.tx, input.id);
      lifecycle.assertAllowed('recordPayment', row);
      if (input.amount !== row.total) {
        throw new AppError(400, PAYMENT_AMOUNT_MESSAGE(row.total), { field: 'amount' });
      }
      const receivedAt = new Date(input.receivedAt);
      notFuture(receivedAt, '到账时间');
      const reference = input.bankReference.toUpperCase();
      const payment = await repository.insertPayment(w.tx, {
        orderId: row.id,
        amount: input.amount,
        bankReference: reference,
        payerName: input.payerName,
        receivedAt,
        note: input.note || null,
        staffId: w.staff.id,
        staffName: w.staff.realName,
        createdAt: deps.now(),
      });
      // The unique keys decide: an order is paid once, a bank reference credits one order.
      if (!payment) throw notInState(BANK_REFERENCE_USED_MESSAGE);
      await deps.payments.offlinePaidIn(w.tx, {
        order: row,
        amount: input.amount,
        offlinePaymentId: payment.id,
        bankReference: reference,
      });
      const after = await lifecycle.act(w.tx, row, 'recordPayment', actor(w), {
        note: `线下付款到账：${yuan(input.amount)}，流水号${reference}，付款户名${input.payerName}`,
        after: { amount: input.amount, bankReference: reference, payerName: input.payerName },
      });
      await notify.notifyIn(w.tx, orderMessages.paymentRecorded(after, input.amount));
    },

    async recordStep(
      w: StaffWrite,
      input: { id: number; step: ProductionStep; doneAt: string },
    ): Promise<void> {
      const row = await lifecycle.lock(w.tx, input.id);
      lifecycle.assertAllowed('recordStep', row);
      const sequence: readonly ProductionStep[] = productionSteps[row.kind];
      if (!sequence.includes(input.step)) {
        throw new AppError(400, '该类订单没有这道工序', { field: 'step' });
      }
      const recorded = await repository.steps(row.id, w.tx);
      if (recorded.some((s) => s.step === input.step)) {
        throw notInState(`工序「${productionStepNames[input.step]}」已登记`);
      }
      const next = sequence[recorded.length]!;
      if (next !== input.step) {
        throw notInState(`请先登记工序「${productionStepNames[next]}」`);
      }
      const doneAt = new Date(input.doneAt);
      notFuture(doneAt, '完成时间');
      const previous = recorded.at(-1);
      if (previous && doneAt < previous.doneAt) {
        throw new AppError(400, '完成时间不能早于上一道工序', { field: 'doneAt' });
      }
      await repository.insertStep(w.tx, {
        orderId: row.id,
        step: input.step,
        doneAt,
        staffId: w.staff.id,
        staffName: w.staff.realName,
        createdAt: deps.now(),
      });
      await lifecycle.act(w.tx, row, 'recordStep', actor(w), {
        set: {
          ...(recorded.length === 0 ? { productionStartedAt: doneAt } : {}),
          ...(input.step === 'packing' ? { packedAt: doneAt } : {}),
        },
        note: `生产工序：${productionStepNames[input.step]}`,
        after: { step: input.step, doneAt: doneAt.toISOString() },
      });
    },

    /** The receiver unmasked, for shipping; the reveal is audited (product decisions §5). */
    async revealReceiver(w: StaffWrite, id: number): Promise<ReceiverSnapshotView> {
      const row = await repository.find(id, w.tx);
      if (!row || row.deletedAt) throw new AppError(404, ORDER_NOT_FOUND_MESSAGE);
      await w.audit('order', row.id, null, { revealed: 'receiver', orderNo: row.orderNo });
      return row.receiver;
    },

    async ship(
      w: StaffWrite,
      input: { id: number; parcels: { courier: Courier; trackingNo: string }[]; shippedAt: string },
    ): Promise<void> {
      const row = await lifecycle.lock(w.tx, input.id);
      lifecycle.assertAllowed('ship', row);
      const parcels = input.parcels.map((p) => ({ ...p, trackingNo: p.trackingNo.toUpperCase() }));
      const keys = parcels.map((p) => `${p.courier}:${p.trackingNo}`);
      if (new Set(keys).size !== keys.length) {
        throw new AppError(400, '快递单号不能重复', { field: 'parcels' });
      }
      const shippedAt = new Date(input.shippedAt);
      notFuture(shippedAt, '发货时间');
      const at = deps.now();
      const inserted = await repository.insertParcels(
        w.tx,
        parcels.map((p) => ({
          orderId: row.id,
          ...p,
          shippedAt,
          staffId: w.staff.id,
          createdAt: at,
        })),
      );
      if (!inserted) throw notInState(TRACKING_NO_USED_MESSAGE);
      const shown = parcels.map((p) => ({
        courierName: courierName(p.courier),
        trackingNo: p.trackingNo,
      }));
      const after = await lifecycle.act(w.tx, row, 'ship', actor(w), {
        note: `发货：${shown.map((p) => `${p.courierName} ${p.trackingNo}`).join('，')}`,
        after: { parcels },
      });
      await notify.notifyIn(w.tx, orderMessages.shipped(after, shown));
    },

    async addParcelEvent(
      w: StaffWrite,
      input: { parcelId: number; at: string; place: string; text: string },
    ): Promise<void> {
      const parcel = await repository.parcel(w.tx, input.parcelId);
      if (!parcel) throw new AppError(404, PARCEL_NOT_FOUND_MESSAGE);
      const row = await lifecycle.lock(w.tx, parcel.orderId);
      lifecycle.assertAllowed('addParcelEvent', row);
      const at = new Date(input.at);
      notFuture(at, '时间');
      await repository.insertParcelEvent(w.tx, {
        parcelId: parcel.id,
        at,
        place: input.place,
        text: input.text,
        staffId: w.staff.id,
        createdAt: deps.now(),
      });
      await lifecycle.act(w.tx, row, 'addParcelEvent', actor(w), {
        note: `物流：${parcel.trackingNo} ${input.place} ${input.text}`,
        after: { parcelId: parcel.id, at: at.toISOString(), place: input.place, text: input.text },
      });
    },

    async complete(w: StaffWrite, id: number, note?: string): Promise<void> {
      const row = await lifecycle.lock(w.tx, id);
      const after = await lifecycle.act(w.tx, row, 'complete', actor(w), {
        note: note ? `完成订单：${note}` : '完成订单',
      });
      await notify.notifyIn(w.tx, orderMessages.completed(after));
    },

    async cancel(w: StaffWrite, id: number, reason: string): Promise<void> {
      const row = await lifecycle.lock(w.tx, id);
      lifecycle.assertAllowed('staffCancel', row);
      if (row.pendingPriceChangeId !== null) {
        await repository.decidePriceChange(w.tx, row.pendingPriceChangeId, 'withdrawn', deps.now());
      }
      await repository.moveEqs(w.tx, row.id, 'open', 'withdrawn');
      const after = await lifecycle.act(w.tx, row, 'staffCancel', actor(w), {
        set: { cancelReason: reason, pendingPriceChangeId: null, openEqCount: 0 },
        note: `取消订单：${reason}`,
        after: { reason },
      });
      await notify.notifyIn(w.tx, orderMessages.cancelledByStaff(after, reason));
    },
  };
}

/** `2026-11-26`: the day in Asia/Shanghai. */
const isoDay = (at: Date): string => {
  const day = shanghaiDay(at);
  return `${day.slice(0, 4)}-${day.slice(4, 6)}-${day.slice(6)}`;
};

export { isoDay };

export type StaffOrderLifecycleService = ReturnType<typeof createStaffOrderLifecycleService>;
