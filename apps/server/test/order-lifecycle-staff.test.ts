import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  MemberOrderDetail,
  StaffOrderDetail,
  StaffOrderRow,
  UploadTicket,
  WorkQueue,
} from '@pcb/contract';
import { buildTestApp, type TestApp } from './helper';
import {
  bankReference,
  changePrice,
  detailOf,
  isoAgo,
  newMember,
  orderIn,
  placeOrder,
  raiseEq,
  recordingNotifier,
  recordSteps,
  staffPost,
  staffSessions,
  statusOf,
  trackingNo,
  type StaffSessions,
} from './order-lifecycle-support';
import { auditRows, staffCall } from './staff-support';
import { postToSandbox, ticketFields, uploadAs } from './upload-support';

let t: TestApp;
let staff: StaffSessions;
const recorded = recordingNotifier();
beforeAll(async () => {
  t = await buildTestApp({ overrides: { orderNotifier: recorded.notifier } });
  staff = await staffSessions(t);
});
afterAll(async () => t?.close());

const auditOf = (orderId: number, action: string) =>
  auditRows(t, "object_type = 'order' AND object_id = $1 AND action = $2", [
    String(orderId),
    action,
  ]);

const noticesTo = (memberId: number) => recorded.notices.filter((n) => n.memberId === memberId);

describe('staff actions', () => {
  it('audit every write with the status before and after, and tell the member in the same transaction', async () => {
    const m = await newMember(t);
    const order = await placeOrder(t, m);
    const eqId = await raiseEq(t, staff, order.id);
    await t.post('/api/EqQuestion/Reply', { id: eqId, choice: '按原文件生产' }, { token: m.token });
    await staffPost(t, staff.engineer, 'Pass', { id: order.id, note: '资料齐全' });
    await staffPost(t, staff.finance, 'RecordPayment', {
      id: order.id,
      amount: order.total,
      bankReference: bankReference(),
      payerName: '华创电子',
      receivedAt: isoAgo(t, 60),
    });
    await recordSteps(t, staff, order.id, 'pcb');
    await staffPost(t, staff.production, 'Ship', {
      id: order.id,
      parcels: [
        { courier: 'sf', trackingNo: trackingNo() },
        { courier: 'zto', trackingNo: trackingNo() },
      ],
      shippedAt: isoAgo(t, 5),
    });
    const detail = await detailOf(t, m.token, order.id);
    expect(detail.parcels.map((p) => p.courierName)).toEqual(['顺丰', '中通']);
    await staffPost(t, staff.production, 'AddParcelEvent', {
      parcelId: detail.parcels[0]!.id,
      at: isoAgo(t, 1),
      place: '深圳宝安',
      text: '快件已揽收',
    });
    await staffPost(t, staff.production, 'Complete', { id: order.id });

    for (const [action, before, after] of [
      ['StaffOrder.RaiseEq', 'pendingReview', 'awaitingConfirmation'],
      ['StaffOrder.Pass', 'pendingReview', 'awaitingPayment'],
      ['StaffOrder.RecordPayment', 'awaitingPayment', 'inProduction'],
      ['StaffOrder.Ship', 'inProduction', 'shipped'],
      ['StaffOrder.AddParcelEvent', 'shipped', 'shipped'],
      ['StaffOrder.Complete', 'shipped', 'completed'],
    ] as const) {
      const rows = await auditOf(order.id, action);
      expect(rows, action).toHaveLength(1);
      expect(rows[0]!.before).toMatchObject({ status: before, orderNo: order.orderNo });
      expect(rows[0]!.after).toMatchObject({ status: after });
    }
    expect(await auditOf(order.id, 'StaffOrder.RecordStep')).toHaveLength(12);

    const notices = noticesTo(m.id);
    expect(notices.map((n) => [n.category, n.title])).toEqual([
      ['eq', '工程问题待回复'],
      ['order', '订单审核通过'],
      ['finance', '已收到付款'],
      ['order', '订单已发货'],
      ['order', '订单已完成'],
    ]);
    // Told inside the transaction that changed the order (it has written already).
    expect(notices.every((n) => n.txid !== null)).toBe(true);
    expect(notices[0]!.link).toBe(`/InfoList/eqReply?orderId=${order.id}&id=${eqId}`);
    expect(notices[3]!.content).toContain(detail.parcels[0]!.trackingNo);
  });

  it('tells the member of a new price and of a cancellation by staff, not of their own cancellation', async () => {
    const m = await newMember(t);
    const order = await placeOrder(t, m);
    await changePrice(t, staff, order.id);
    const audit = await auditOf(order.id, 'StaffOrder.ChangePrice');
    expect(audit[0]!.before).toMatchObject({ status: 'pendingReview', total: order.total });
    expect(audit[0]!.after).toMatchObject({
      status: 'awaitingConfirmation',
      total: order.total + 1500,
    });
    const cancelled = await staffPost(t, staff.sales, 'Cancel', {
      id: order.id,
      reason: '客户电话要求取消',
    });
    expect(cancelled.status).toBe(200);
    const detail = await detailOf(t, m.token, order.id);
    expect(detail.status).toBe('cancelled');
    expect(detail.cancelReason).toBe('客户电话要求取消');
    const own = await placeOrder(t, m);
    await t.post('/api/Pcb/Cancel', { id: own.id, reason: '不要了' }, { token: m.token });
    expect(noticesTo(m.id).map((n) => n.title)).toEqual(['订单价格调整，请确认', '订单已取消']);
    expect(noticesTo(m.id)[0]!.content).toContain('阻抗控制需另加工序');
  });

  it('records an offline payment of exactly the total, once per order and per bank reference', async () => {
    const m = await newMember(t);
    const a = await orderIn(t, staff, m, 'awaitingPayment');
    const b = await orderIn(t, staff, m, 'awaitingPayment');
    const body = (id: number, amount: number, reference: string) => ({
      id,
      amount,
      bankReference: reference,
      payerName: '华创电子',
      receivedAt: isoAgo(t, 10),
    });
    const short = await staffPost(
      t,
      staff.finance,
      'RecordPayment',
      body(a.id, a.total - 1, 'REF0001'),
    );
    expect(short.status).toBe(400);
    expect(short.body).toMatchObject({ field: 'amount' });
    expect(short.body.message).toMatch(/^到账金额与订单应付金额（¥[\d,.]+）不符$/);
    const reference = bankReference();
    expect(
      (await staffPost(t, staff.finance, 'RecordPayment', body(a.id, a.total, reference))).status,
    ).toBe(200);
    const reused = await staffPost(
      t,
      staff.finance,
      'RecordPayment',
      body(b.id, b.total, reference.toLowerCase()),
    );
    expect(reused.status).toBe(409);
    expect(reused.body.message).toBe('该银行流水号已登记过付款');
    expect(await statusOf(t, b.id)).toBe('awaitingPayment');
    const twice = await staffPost(
      t,
      staff.finance,
      'RecordPayment',
      body(a.id, a.total, bankReference()),
    );
    expect(twice.status).toBe(409);
    expect(twice.body.message).toBe('订单当前为「生产中」，不能登记线下付款');
    const view = await staffCall<StaffOrderDetail>(t, staff.finance, 'GET', '/api/StaffOrder/Get', {
      id: a.id,
    });
    expect(view.body.data.payment).toMatchObject({
      amount: a.total,
      bankReference: reference,
      recordedBy: 'finance员工',
    });
  });

  it('records production steps in order, each once, not in the future; ships only once packed', async () => {
    const m = await newMember(t);
    const order = await orderIn(t, staff, m, 'inProduction');
    const step = (s: string, minutesAgo = 60) =>
      staffPost(t, staff.production, 'RecordStep', {
        id: order.id,
        step: s,
        doneAt: isoAgo(t, minutesAgo),
      });
    const skipped = await step('drilling');
    expect(skipped.status).toBe(409);
    expect(skipped.body.message).toBe('请先登记工序「开料」');
    const foreign = await step('reflow');
    expect(foreign.status).toBe(400);
    expect(foreign.body.message).toBe('该类订单没有这道工序');
    const future = await step('cutting', -60);
    expect(future.body.message).toBe('完成时间不能晚于当前时间');
    expect((await step('cutting', 120)).status).toBe(200);
    const again = await step('cutting');
    expect(again.status).toBe(409);
    expect(again.body.message).toBe('工序「开料」已登记');
    const earlier = await step('drilling', 180);
    expect(earlier.body.message).toBe('完成时间不能早于上一道工序');
    const early = await staffPost(t, staff.production, 'Ship', {
      id: order.id,
      parcels: [{ courier: 'sf', trackingNo: trackingNo() }],
      shippedAt: isoAgo(t, 1),
    });
    expect(early.status).toBe(409);
    expect(early.body.message).toBe('订单尚未完成包装工序，不能发货');
  });

  it('refuses a tracking number already shipped with', async () => {
    const m = await newMember(t);
    const a = await orderIn(t, staff, m, 'inProduction', { variant: 'packed' });
    const b = await orderIn(t, staff, m, 'inProduction', { variant: 'packed' });
    const number = trackingNo();
    const ship = (id: number) =>
      staffPost(t, staff.production, 'Ship', {
        id,
        parcels: [{ courier: 'sf', trackingNo: number }],
        shippedAt: isoAgo(t, 1),
      });
    expect((await ship(a.id)).status).toBe(200);
    const reused = await ship(b.id);
    expect(reused.status).toBe(409);
    expect(reused.body.message).toBe('快递单号已登记过');
    expect(await statusOf(t, b.id)).toBe('inProduction');
  });

  it('reveals the full receiver only through an audited call of production or admin', async () => {
    const m = await newMember(t);
    const order = await placeOrder(t, m);
    const masked = await staffCall<StaffOrderDetail>(
      t,
      staff.production,
      'GET',
      '/api/StaffOrder/Get',
      {
        id: order.id,
      },
    );
    expect(masked.body.data.receiver.mobile).toBe('138****8000');
    const res = await staffPost(t, staff.production, 'RevealReceiver', { id: order.id });
    expect(res.body.data).toMatchObject({ mobile: '13800138000', address: '高新南七道 18 号' });
    const rows = await auditOf(order.id, 'StaffOrder.RevealReceiver');
    expect(rows).toHaveLength(1);
    expect(rows[0]!.after).toEqual({ revealed: 'receiver', orderNo: order.orderNo });
    expect((await staffPost(t, staff.engineer, 'RevealReceiver', { id: order.id })).status).toBe(
      403,
    );
  });

  it('shows staff what their roles may do on the order, with its price change, questions and log', async () => {
    const m = await newMember(t);
    const order = await orderIn(t, staff, m, 'awaitingConfirmation', { variant: 'price' });
    const get = (role: keyof StaffSessions) =>
      staffCall<StaffOrderDetail>(t, staff[role], 'GET', '/api/StaffOrder/Get', { id: order.id });
    const engineer = (await get('engineer')).body.data;
    expect(engineer.actions).toEqual(['raiseEq']);
    expect(engineer.priceChange).toMatchObject({ status: 'pending', newTotal: order.total + 1500 });
    expect(engineer.timeline.map((e) => [e.action, e.actor])).toEqual([
      ['place', '会员'],
      ['changePrice', 'engineer员工'],
    ]);
    expect((await get('sales')).body.data.actions).toEqual(['staffCancel']);
    expect((await get('admin')).body.data.actions).toEqual(['raiseEq', 'staffCancel']);
  });
});

describe('engineering questions with staff images', () => {
  it('takes images the engineer uploaded, and the member reads them', async () => {
    const issued = await staffCall<UploadTicket>(
      t,
      staff.engineer,
      'POST',
      '/api/StaffUpload/GetUploadCode',
      {
        dirType: 'eqQuestion',
        fileExt: 'png',
      },
    );
    expect(issued.status).toBe(200);
    expect(issued.body.data.dir).toMatch(/^eqQuestion\/staff-\d+\/$/);
    const posted = await postToSandbox(t, ticketFields(issued.body.data), {
      content: Buffer.from('PNG-eq'),
    });
    expect(posted.statusCode).toBe(200);
    const key = `${issued.body.data.dir}${issued.body.data.filename}${issued.body.data.fileExt}`;
    expect(
      await auditRows(t, "action = 'StaffUpload.GetUploadCode' AND object_id = $1", [key]),
    ).toHaveLength(1);

    const m = await newMember(t);
    const order = await placeOrder(t, m);
    const memberImage = await uploadAs(t, m.token, 'eqReply', '.png');
    const otherStaff = await staffCall<UploadTicket>(
      t,
      staff.admin,
      'POST',
      '/api/StaffUpload/GetUploadCode',
      {
        dirType: 'eqQuestion',
        fileExt: 'png',
      },
    );
    const notMine = `${otherStaff.body.data.dir}${otherStaff.body.data.filename}${otherStaff.body.data.fileExt}`;
    await postToSandbox(t, ticketFields(otherStaff.body.data), { content: Buffer.from('PNG') });
    for (const image of [memberImage, notMine]) {
      const refused = await staffPost(t, staff.engineer, 'RaiseEq', {
        id: order.id,
        question: '请看图',
        images: [image],
      });
      expect(refused.status).toBe(400);
      expect(refused.body).toMatchObject({ field: 'images', message: '请上传工程问题的图片' });
    }
    const raised = await staffPost<{ eqId: number }>(t, staff.engineer, 'RaiseEq', {
      id: order.id,
      question: '丝印压焊盘，是否可以移动丝印？',
      images: [key],
      options: ['可以移动', '不要移动'],
    });
    expect(raised.status).toBe(200);
    const detail: MemberOrderDetail = await detailOf(t, m.token, order.id);
    expect(detail.eqs[0]).toMatchObject({
      id: raised.body.data.eqId,
      options: ['可以移动', '不要移动'],
    });
    const read = await t.app.inject({ method: 'GET', url: detail.eqs[0]!.images[0]!.url! });
    expect(read.body).toBe('PNG-eq');
    // Members cannot ask for a staff upload's ticket.
    const memberTicket = await t.get('/api/Common/getUploadCode', {
      token: m.token,
      query: { dirType: 'eqQuestion', fileExt: 'png' },
    });
    expect(memberTicket.status).toBe(400);
  });
});

describe('the order desk', () => {
  it('counts each role’s work queue and lists it with the same conditions', async () => {
    const fresh = await buildTestApp();
    try {
      const s = await staffSessions(fresh);
      const m = await newMember(fresh);
      const waiting = await orderIn(fresh, s, m, 'awaitingConfirmation');
      await orderIn(fresh, s, m, 'pendingReview');
      await orderIn(fresh, s, m, 'awaitingPayment');
      const producing = await orderIn(fresh, s, m, 'inProduction');
      await orderIn(fresh, s, m, 'shipped');
      const queue = async (role: keyof StaffSessions) =>
        Object.fromEntries(
          (
            await staffCall<WorkQueue>(fresh, s[role], 'GET', '/api/StaffOrder/GetWorkQueue')
          ).body.data.queues.map((q) => [q.key, q.count]),
        );
      expect(await queue('engineer')).toEqual({ pendingReview: 1, awaitingConfirmationOverdue: 0 });
      expect(await queue('finance')).toEqual({ awaitingPayment: 1 });
      const content = await staffCall(fresh, s.content, 'GET', '/api/StaffOrder/GetWorkQueue');
      expect(content.status).toBe(403);
      expect(await queue('production')).toEqual({ toShipToday: 0, shipped: 1 });
      // 25 hours later the question is overdue; the order promised for today is due. (The
      // order's clock moves, not the test's: staff sessions would idle out.)
      await fresh.database.pool.query(
        "UPDATE orders SET status_changed_at = status_changed_at - interval '25 hours' WHERE id = $1",
        [waiting.id],
      );
      const today = new Date(fresh.clock.now().getTime() + 8 * 3_600_000)
        .toISOString()
        .slice(0, 10);
      await fresh.database.pool.query('UPDATE orders SET ship_date = $2 WHERE id = $1', [
        producing.id,
        today,
      ]);
      expect(await queue('engineer')).toEqual({ pendingReview: 1, awaitingConfirmationOverdue: 1 });
      expect(await queue('production')).toEqual({ toShipToday: 1, shipped: 1 });
      const list = async (role: keyof StaffSessions, query: Record<string, unknown>) =>
        (
          await staffCall<{ items: StaffOrderRow[] }>(
            fresh,
            s[role],
            'GET',
            '/api/StaffOrder/List',
            query,
          )
        ).body.data.items.map((r) => r.id);
      expect(await list('engineer', { queue: 'awaitingConfirmationOverdue' })).toEqual([
        waiting.id,
      ]);
      expect(await list('production', { queue: 'toShipToday' })).toEqual([producing.id]);
      // Without a status, each role starts on its own work.
      expect((await list('production', {})).length).toBe(1);
      expect(await list('production', {})).toEqual([producing.id]);
      expect((await list('finance', {})).length).toBe(1);
      const tomorrow = new Date(Date.parse(today) + 86_400_000).toISOString().slice(0, 10);
      expect(await list('admin', { status: 'all', dateFrom: tomorrow })).toEqual([]);
      expect((await list('admin', { status: 'all', dateFrom: today, dateTo: today })).length).toBe(
        5,
      );
      expect((await list('admin', { status: 'all', kind: 'smt' })).length).toBe(0);
      const bad = await staffCall(fresh, s.admin, 'GET', '/api/StaffOrder/List', {
        dateFrom: '2026/01/01',
      });
      expect(bad.status).toBe(400);
    } finally {
      await fresh.close();
    }
  });
});
