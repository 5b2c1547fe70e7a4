import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  decideOrderAction,
  orderActionKeys,
  orderActions,
  orderStatuses,
  orderStatusRefusal,
  productionSteps,
  type EditQuote,
  type OrderAction,
  type OrderActionRule,
  type OrderFacts,
  type OrderStatus,
} from '@pcb/contract';
import { defaultPcbParams } from '@pcb/pricing';
import { randomUUID } from 'node:crypto';
import { buildTestApp, type ApiResponse, type TestApp } from './helper';
import {
  detailOf,
  isoAgo,
  moduleOf,
  newMember,
  orderIn,
  processRows,
  staffPost,
  staffSessions,
  statusOf,
  trackingNo,
  uploadDesign,
  type Member,
  type StaffSessions,
  type Variant,
} from './order-lifecycle-support';

/**
 * Generated from the lifecycle table (decision 0042): every action in every status, through its
 * endpoint, on an order brought to that status by the real actions. An allowed action moves the
 * order where the table says and logs it; a refused one answers 409 with the table's reason,
 * which names the current status, and changes nothing.
 */
let t: TestApp;
let staff: StaffSessions;
let member: Member;
beforeAll(async () => {
  t = await buildTestApp();
  staff = await staffSessions(t);
  member = await newMember(t);
});
afterAll(async () => t?.close());

interface Case {
  order: { id: number; kind: 'pcb'; total: number; eqId?: number };
}

/** Calls the endpoint of `action` on the order with an input its contract accepts. */
async function perform(action: OrderAction, { order }: Case): Promise<ApiResponse> {
  const token = member.token;
  const id = order.id;
  const path = (name: string) => `/api/${moduleOf[order.kind]}/${name}`;
  const detail = () => detailOf(t, token, id);
  switch (action) {
    case 'updateReceiver':
      return t.patch(path('UpdateReceiver'), { id, value: member.setup.receiverId }, { token });
    case 'updateFile':
      return t.patch(
        path('UpdateFile'),
        { id, fileUrl: await uploadDesign(t, token), fileName: '新版本.zip' },
        { token },
      );
    case 'cancel':
      return t.post(path('Cancel'), { id, reason: '不需要了' }, { token });
    case 'delete':
      return t.del(path('Delete'), { id }, { token });
    case 'edit': {
      const params = { ...defaultPcbParams, quantity: 20 };
      const quote = await t.post<EditQuote>(path('CalcEditOrder'), { id, params }, { token });
      return t.request({
        method: 'PUT',
        url: path('EditOrder'),
        headers: { authorization: `Bearer ${token}` },
        payload: {
          id,
          params,
          revision: quote.body.data?.revision ?? 0,
          sheetVersion: quote.body.data?.quote.sheetVersion ?? 1,
          expectedTotal: quote.body.data?.quote.total ?? 1,
        },
      });
    }
    case 'reorder':
      return t.post(path('Reorder'), { id, requestId: randomUUID() }, { token });
    case 'acceptPrice':
    case 'refusePrice': {
      const priceChangeId = (await detail()).priceChange?.id ?? 1;
      const name = action === 'acceptPrice' ? 'AcceptPriceChange' : 'RefusePriceChange';
      return t.post(path(name), { id, priceChangeId }, { token });
    }
    case 'replyEq':
      return t.post('/api/EqQuestion/Reply', { id: order.eqId, choice: '按原文件生产' }, { token });
    case 'confirmReceipt':
      return t.post(path('ConfirmReceipt'), { id }, { token });
    case 'pass':
      return staffPost(t, staff.engineer, 'Pass', { id });
    case 'changePrice':
      return staffPost(t, staff.engineer, 'ChangePrice', {
        id,
        lines: [{ code: 'board', name: '板费', amount: order.total + 1000 }],
        reason: '板材涨价',
      });
    case 'raiseEq':
      return staffPost(t, staff.engineer, 'RaiseEq', { id, question: '请确认板厚', options: [] });
    case 'recordPayment':
      return staffPost(t, staff.finance, 'RecordPayment', {
        id,
        amount: order.total,
        bankReference: `TR${randomUUID().slice(0, 8)}`,
        payerName: '华创电子',
        receivedAt: isoAgo(t, 10),
      });
    case 'recordStep': {
      const next = (await detail()).productionSteps.find((s) => s.doneAt === null);
      return staffPost(t, staff.production, 'RecordStep', {
        id,
        step: next?.step ?? productionSteps.pcb[0],
        doneAt: isoAgo(t, 1),
      });
    }
    case 'ship':
      return staffPost(t, staff.production, 'Ship', {
        id,
        parcels: [{ courier: 'sf', trackingNo: trackingNo() }],
        shippedAt: isoAgo(t, 1),
      });
    case 'addParcelEvent': {
      const parcelId = (await detail()).parcels[0]!.id;
      return staffPost(t, staff.production, 'AddParcelEvent', {
        parcelId,
        at: isoAgo(t, 1),
        place: '深圳转运中心',
        text: '已发出',
      });
    }
    case 'complete':
      return staffPost(t, staff.production, 'Complete', { id });
    case 'staffCancel':
      return staffPost(t, staff.sales, 'Cancel', { id, reason: '客户要求取消' });
    case 'autoCancel':
    case 'pay':
      throw new Error(`the system takes ${action} (a job, the payment module), not an endpoint`);
  }
}

/** What the order waits on in `status` for `action` to be possible there. */
function variantFor(action: OrderAction, status: OrderStatus): Variant {
  if (status === 'awaitingConfirmation') {
    return action === 'acceptPrice' || action === 'refusePrice' ? 'price' : 'eq';
  }
  if (status === 'inProduction' && action === 'ship') return 'packed';
  return 'plain';
}

function factsFor(status: OrderStatus, variant: Variant): OrderFacts {
  return {
    kind: 'pcb',
    status,
    packed: variant === 'packed' || status === 'shipped' || status === 'completed',
    started: variant === 'packed' || status === 'shipped' || status === 'completed',
    pendingPriceChange: variant === 'price',
    openEqs: variant === 'eq' ? 1 : 0,
    answeredEqs: 0,
  };
}

/**
 * Actions on something that exists only in their own statuses: an open question only in 待确认
 * (the database's orders_waiting_ck), a parcel only from 已发货. Their refusals elsewhere cannot
 * be asked for; the tests below show the constraint and the answers for what is left.
 */
const objectBound = new Set<OrderAction>(['replyEq', 'addParcelEvent']);

/** One order per status for the refusals (a refusal changes nothing, so they can share it). */
const refusalOrders = new Map<OrderStatus, Promise<Case['order']>>();
const refusalOrder = (status: OrderStatus) => {
  if (!refusalOrders.has(status)) {
    refusalOrders.set(
      status,
      orderIn(t, staff, member, status).then((o) => ({ ...o, kind: 'pcb' as const })),
    );
  }
  return refusalOrders.get(status)!;
};

describe('every action in every status, as the lifecycle table says', () => {
  for (const action of orderActionKeys) {
    const rule: OrderActionRule = orderActions[action];
    // No endpoint takes the system's actions: order-jobs.test.ts runs them in every status.
    if (rule.by === 'system') continue;
    for (const status of orderStatuses) {
      const allowed = rule.from.includes(status);
      if (!allowed && objectBound.has(action)) continue;
      it(`${action} in ${status}: ${allowed ? 'allowed' : 'refused'}`, async () => {
        if (!allowed) {
          const order = await refusalOrder(status);
          const before = await processRows(t, order.id);
          const res = await perform(action, { order });
          expect(res.status, res.body.message).toBe(409);
          expect(res.body).toEqual({
            success: false,
            data: null,
            message: orderStatusRefusal(action, status),
          });
          expect(await statusOf(t, order.id)).toBe(status);
          expect(await processRows(t, order.id)).toEqual(before);
          return;
        }
        const variant = variantFor(action, status);
        const placed = await orderIn(t, staff, member, status, { variant });
        const decision = decideOrderAction(action, factsFor(status, variant));
        if (!decision.allowed) throw new Error(`the table refuses ${action} in ${status}`);
        const res = await perform(action, { order: { ...placed, kind: 'pcb' } });
        expect(res.status, res.body.message).toBe(200);
        expect(await statusOf(t, placed.id)).toBe(decision.to);
        const last = (await processRows(t, placed.id)).at(-1)!;
        if (action === 'reorder') {
          // The source stays as it was; the new order starts its own life.
          expect(last.to_status).toBe(status);
          const placedNew = res.body.data as { status: OrderStatus };
          expect(placedNew.status).toBe('pendingReview');
          return;
        }
        expect(last).toMatchObject({ action, from_status: status, to_status: decision.to });
        expect(last.actor_staff_id === null).toBe(rule.by === 'member');
      });
    }
  }
});

describe('actions bound to an object of their own status', () => {
  it('an open question exists only while the order waits in 待确认 (orders_waiting_ck)', async () => {
    const order = await orderIn(t, staff, member, 'pendingReview');
    for (const change of ['open_eq_count = 1', 'pending_price_change_id = 1']) {
      await expect(
        t.database.pool.query(`UPDATE orders SET ${change} WHERE id = $1`, [order.id]),
      ).rejects.toThrow(/orders_waiting_ck/);
    }
  });

  it('answers an answered or withdrawn question with 409, and no second answer is kept', async () => {
    const order = await orderIn(t, staff, member, 'awaitingConfirmation');
    const reply = () =>
      t.post(
        '/api/EqQuestion/Reply',
        { id: order.eqId, text: '按原文件' },
        { token: member.token },
      );
    expect((await reply()).status).toBe(200);
    const again = await reply();
    expect(again.status).toBe(409);
    expect(again.body.message).toBe('该工程问题已回复');

    const cancelled = await orderIn(t, staff, member, 'awaitingConfirmation');
    await t.post(
      '/api/Pcb/Cancel',
      { id: cancelled.id, reason: '改用别家' },
      { token: member.token },
    );
    const withdrawn = await t.post(
      '/api/EqQuestion/Reply',
      { id: cancelled.eqId, text: '好的' },
      { token: member.token },
    );
    expect(withdrawn.status).toBe(409);
    expect(withdrawn.body.message).toBe('该工程问题已撤回');
  });
});
