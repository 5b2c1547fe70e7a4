import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  allEndpoints,
  PRICE_CHANGED_MESSAGE,
  productionSteps,
  type EditQuote,
  type Eq,
  type EqListItem,
  type EqOrderProgress,
  type MemberOrderRow,
  type OrderStatusCounts,
  type OrderWriteResult,
  type Parcel,
  type PlacedOrder,
  type TimelineEntry,
} from '@pcb/contract';
import { defaultPcbParams, yuan } from '@pcb/pricing';
import { buildTestApp, uniqueMobile, type TestApp } from './helper';
import {
  changePrice,
  detailOf,
  moduleOf,
  newMember,
  orderIn,
  placeOrder,
  processRows,
  raiseEq,
  recordSteps,
  staffPost,
  staffSessions,
  statusOf,
  type Member,
  type StaffSessions,
} from './order-lifecycle-support';
import { createReceiver, pcbOrderBody, saveOrder } from './order-support';
import { staffCall } from './staff-support';
import { uploadAs } from './upload-support';

let t: TestApp;
let staff: StaffSessions;
beforeAll(async () => {
  t = await buildTestApp();
  staff = await staffSessions(t);
});
afterAll(async () => t?.close());

const put = <T>(url: string, body: unknown, token: string) =>
  t.request<T>({
    method: 'PUT',
    url,
    headers: { authorization: `Bearer ${token}` },
    payload: body as object,
  });

describe('the member’s lists, counts, latest order and detail', () => {
  it('lists one kind by status, newest first, paged, without deleted orders; counts each status', async () => {
    const m = await newMember(t);
    const first = await placeOrder(t, m);
    t.clock.advance(1000);
    const second = await placeOrder(t, m);
    t.clock.advance(1000);
    const third = await placeOrder(t, m);
    const smt = await placeOrder(t, m, 'smt');
    await t.post('/api/Pcb/Cancel', { id: first.id, reason: '重复下单' }, { token: m.token });
    await t.del('/api/Pcb/Delete', { id: first.id }, { token: m.token });
    await t.post('/api/Pcb/Cancel', { id: second.id, reason: '改参数重下' }, { token: m.token });

    const list = (body: Record<string, unknown>, url = '/api/Pcb/GetMemberPcbOrders') =>
      t.post<{ items: MemberOrderRow[]; total: number }>(url, body, { token: m.token });
    const all = await list({});
    expect(all.body.data.items.map((o) => o.id)).toEqual([third.id, second.id]);
    expect(all.body.data.total).toBe(2);
    expect(all.body.data.items[0]).toMatchObject({
      status: 'pendingReview',
      pendingPriceChange: false,
      openEqs: 0,
      actions: ['updateReceiver', 'updateFile', 'cancel', 'edit'],
    });
    expect(all.body.data.items[1]!.actions).toEqual(['delete', 'reorder']);
    const cancelled = await list({ status: 'cancelled' });
    expect(cancelled.body.data.items.map((o) => o.id)).toEqual([second.id]);
    const paged = await list({ page: 2, pageSize: 1 });
    expect(paged.body.data).toMatchObject({ total: 2, page: 2, pageSize: 1 });
    expect(paged.body.data.items.map((o) => o.id)).toEqual([second.id]);
    const smtList = await list({ status: 'all' }, '/api/Smt/GetList');
    expect(smtList.body.data.items.map((o) => o.id)).toEqual([smt.id]);

    const counts = await t.get<OrderStatusCounts>('/api/Pcb/GetMemberOrderStatusNum', {
      token: m.token,
    });
    expect(counts.body.data).toEqual({
      all: 2,
      pendingReview: 1,
      awaitingConfirmation: 0,
      awaitingPayment: 0,
      inProduction: 0,
      shipped: 0,
      completed: 0,
      cancelled: 1,
    });
    const latest = await t.get<MemberOrderRow>('/api/Pcb/GetMemberLatestOrder', { token: m.token });
    expect(latest.body.data.id).toBe(third.id);
    const none = await t.get('/api/Stencil/GetMemberLatestOrder', { token: m.token });
    expect(none.body).toEqual({ success: true, data: null, message: '' });
  });

  it('shows the detail with its timeline and production steps; SMT and stencil carry the timeline too', async () => {
    const m = await newMember(t);
    for (const kind of ['pcb', 'smt', 'stencil'] as const) {
      const order = await orderIn(t, staff, m, 'inProduction', { kind });
      await recordSteps(t, staff, order.id, kind, 2);
      const detail = await detailOf(t, m.token, order.id, kind);
      expect(detail.timeline.map((e) => [e.action, e.toStatus])).toEqual([
        ['place', 'pendingReview'],
        ['pass', 'awaitingPayment'],
        ['recordPayment', 'inProduction'],
        ['recordStep', 'inProduction'],
        ['recordStep', 'inProduction'],
      ]);
      // Staff appear as 工厂 to the member, never by name.
      expect(detail.timeline.slice(1).every((e) => e.actor === '工厂')).toBe(true);
      expect(detail.productionSteps.map((s) => s.step)).toEqual(productionSteps[kind]);
      expect(detail.productionSteps.filter((s) => s.doneAt !== null)).toHaveLength(2);
      expect(detail.receiver.mobile).toBe('13800138000');
      expect(detail.fileUrl).toContain(`${kind}File/${m.id}/`);
      expect(detail.actions).toEqual(['updateReceiver']);
    }
    const pcb = await orderIn(t, staff, m, 'inProduction');
    await recordSteps(t, staff, pcb.id, 'pcb', 3);
    const process = await t.get<{
      timeline: unknown[];
      productionSteps: { doneAt: string | null }[];
    }>('/api/Pcb/GetOrderProcess', { token: m.token, query: { orderId: String(pcb.id) } });
    expect(process.body.data.timeline).toHaveLength(6);
    expect(process.body.data.productionSteps.filter((s) => s.doneAt)).toHaveLength(3);
  });
});

describe('changing an order', () => {
  it('takes a receiver of the member’s as a copy, until the order is packed', async () => {
    const m = await newMember(t);
    const other = await newMember(t);
    const order = await orderIn(t, staff, m, 'inProduction');
    const suzhou = await createReceiver(t, m.token, {
      receiverName: '李采购',
      mobile: '13912345678',
      regionCode: '320506',
      address: '东吴南路 88 号',
    });
    const theirs = await t.patch(
      '/api/Pcb/UpdateReceiver',
      { id: order.id, value: other.setup.receiverId },
      { token: m.token },
    );
    expect(theirs.status).toBe(400);
    expect(theirs.body).toMatchObject({ message: '收货地址不存在', field: 'value' });
    const res = await t.patch<OrderWriteResult>(
      '/api/Pcb/UpdateReceiver',
      { id: order.id, value: suzhou.id },
      { token: m.token },
    );
    expect(res.body.data).toMatchObject({ status: 'inProduction', revision: 1 });
    // Editing the address later does not move the order.
    const edited = await put(
      '/api/MemberReceiver/Update',
      {
        id: suzhou.id,
        receiverName: '王五',
        mobile: '13912345678',
        regionCode: '320506',
        address: '别处 1 号',
      },
      m.token,
    );
    expect(edited.status, edited.body.message).toBe(200);
    const detail = await detailOf(t, m.token, order.id);
    expect(detail.receiver).toMatchObject({ receiverName: '李采购', province: '江苏省' });
    expect(detail.total).toBe(order.total);

    await recordSteps(t, staff, order.id, 'pcb');
    const packed = await t.patch(
      '/api/Pcb/UpdateReceiver',
      { id: order.id, value: m.setup.receiverId },
      { token: m.token },
    );
    expect(packed.status).toBe(409);
    expect(packed.body.message).toBe('订单已完成包装，不能修改收货地址');
  });

  it('replaces the file with the member’s own upload and sends the order back to review', async () => {
    const m = await newMember(t);
    const other = await newMember(t);
    const order = await orderIn(t, staff, m, 'awaitingConfirmation');
    const theirs = await t.patch(
      '/api/Pcb/UpdateFile',
      { id: order.id, fileUrl: other.setup.fileKey, fileName: 'x.zip' },
      { token: m.token },
    );
    expect(theirs.status).toBe(400);
    expect(theirs.body).toMatchObject({ field: 'fileUrl', message: '请上传本订单的设计文件' });
    const key = await uploadAs(t, m.token, 'pcbFile', '.zip', Buffer.from('PK new'));
    const res = await t.patch<OrderWriteResult>(
      '/api/Pcb/UpdateFile',
      { id: order.id, fileUrl: key, fileName: '主控板V2.zip' },
      { token: m.token },
    );
    expect(res.body.data).toMatchObject({ status: 'pendingReview', revision: 1 });
    const detail = await detailOf(t, m.token, order.id);
    expect(detail.fileName).toBe('主控板V2.zip');
    // The question about the old file is withdrawn, not left waiting.
    expect(detail.eqs).toEqual([]);
    expect(detail.openEqs).toBe(0);
  });

  it('prices an edit first, then edits on that revision and price, back to review', async () => {
    const m = await newMember(t);
    const order = await orderIn(t, staff, m, 'awaitingPayment');
    const params = { ...defaultPcbParams, quantity: 30, maskColor: 'black' as const };
    const calc = await t.post<EditQuote>(
      '/api/Pcb/CalcEditOrder',
      { id: order.id, params },
      {
        token: m.token,
      },
    );
    expect(calc.status).toBe(200);
    expect(calc.body.data.current.total).toBe(order.total);
    expect(calc.body.data.quote.total).not.toBe(order.total);
    expect(calc.body.data.quote.lines.map((l) => l.code)).toContain('shipping');
    const body = {
      id: order.id,
      params,
      revision: calc.body.data.revision,
      sheetVersion: calc.body.data.quote.sheetVersion,
      expectedTotal: calc.body.data.quote.total,
    };
    const forged = await put('/api/Pcb/EditOrder', { ...body, expectedTotal: 1 }, m.token);
    expect(forged.status).toBe(409);
    expect(forged.body.message).toBe(PRICE_CHANGED_MESSAGE);
    const res = await put<OrderWriteResult>('/api/Pcb/EditOrder', body, m.token);
    expect(res.body.data).toMatchObject({ status: 'pendingReview', revision: 1 });
    const detail = await detailOf(t, m.token, order.id);
    expect(detail.total).toBe(calc.body.data.quote.total);
    expect(detail.params).toMatchObject({ quantity: 30, maskColor: 'black' });
    // The member reads the new price in yuan in the timeline, as everywhere else.
    expect(detail.timeline.at(-1)).toMatchObject({
      action: 'edit',
      note: `修改订单：${detail.paramString}，总价${yuan(detail.total)}`,
    });
    const stale = await put('/api/Pcb/EditOrder', body, m.token);
    expect(stale.status).toBe(409);
    expect(stale.body.message).toBe('订单已被修改，请刷新后重试');
  });

  it('reorders a completed PCB order with its parameters and file, today’s price, no engineering fee', async () => {
    const m = await newMember(t);
    const params = {
      layers: 4 as const,
      lengthMm: 150,
      quantity: 50,
      test: 'flyingProbeFull' as const,
    };
    const placed = await saveOrder(t, m.token, await pcbOrderBody(t, m.setup, { params }));
    const source = placed.body.data;
    expect(source.lines.find((l) => l.code === 'engineering')!.amount).toBeGreaterThan(0);
    await t.post('/api/Pcb/Cancel', { id: source.id, reason: '先不做' }, { token: m.token });
    const requestId = randomUUID();
    const res = await t.post<PlacedOrder>(
      '/api/Pcb/Reorder',
      { id: source.id, requestId },
      {
        token: m.token,
      },
    );
    expect(res.status).toBe(200);
    const copy = res.body.data;
    expect(copy.id).not.toBe(source.id);
    expect(copy.status).toBe('pendingReview');
    expect(copy.paramString).toBe(source.paramString);
    const engineering = copy.lines.find((l) => l.code === 'engineering')!;
    expect(engineering).toMatchObject({ amount: 0, reason: '返单且文件未改动，免工程费' });
    expect(copy.total).toBe(
      source.total - source.lines.find((l) => l.code === 'engineering')!.amount,
    );
    const detail = await detailOf(t, m.token, copy.id);
    expect(detail.reorderOf).toEqual({ id: source.id, orderNo: source.orderNo });
    expect(detail.fileName).toBe('主控板.zip');
    // Its timeline says it was placed as a reorder, and of which order: for the member…
    const process = await t.get<{ timeline: TimelineEntry[] }>('/api/Pcb/GetOrderProcess', {
      token: m.token,
      query: { orderId: String(copy.id) },
    });
    expect(process.body.data.timeline).toEqual([
      expect.objectContaining({
        action: 'place',
        fromStatus: null,
        toStatus: 'pendingReview',
        note: `返单：原订单${source.orderNo}`,
        actor: '会员',
      }),
    ]);
    // …and for staff; an order placed from the quote page still says 会员下单.
    const desk = await staffCall<{ timeline: TimelineEntry[] }>(
      t,
      staff.admin,
      'GET',
      '/api/StaffOrder/Get',
      { id: copy.id },
    );
    expect(desk.body.data.timeline[0]!.note).toBe(`返单：原订单${source.orderNo}`);
    const original = await staffCall<{ timeline: TimelineEntry[] }>(
      t,
      staff.admin,
      'GET',
      '/api/StaffOrder/Get',
      { id: source.id },
    );
    expect(original.body.data.timeline[0]!.note).toBe('会员下单');
    // The same request id is the same reorder.
    const again = await t.post<PlacedOrder>(
      '/api/Pcb/Reorder',
      { id: source.id, requestId },
      {
        token: m.token,
      },
    );
    expect(again.body.data.id).toBe(copy.id);
  });
});

describe('a price change', () => {
  it('is shown as a diff and, accepted, becomes the order’s price (→ 待付款)', async () => {
    const m = await newMember(t);
    const order = await orderIn(t, staff, m, 'awaitingConfirmation', { variant: 'price' });
    const detail = await detailOf(t, m.token, order.id);
    const change = detail.priceChange!;
    expect(change).toMatchObject({
      status: 'pending',
      oldTotal: order.total,
      newTotal: order.total + 1500,
      reason: '阻抗控制需另加工序',
    });
    expect(change.oldLines).toEqual(order.lines);
    expect(change.newLines.at(-1)).toMatchObject({ code: 'adjust', amount: 1500 });
    expect(detail.actions).toEqual(['updateFile', 'cancel', 'acceptPrice', 'refusePrice']);
    const stale = await t.post(
      '/api/Pcb/AcceptPriceChange',
      { id: order.id, priceChangeId: change.id + 1000 },
      { token: m.token },
    );
    expect(stale.status).toBe(409);
    const res = await t.post<OrderWriteResult>(
      '/api/Pcb/AcceptPriceChange',
      { id: order.id, priceChangeId: change.id },
      { token: m.token },
    );
    expect(res.body.data.status).toBe('awaitingPayment');
    const after = await detailOf(t, m.token, order.id);
    expect(after.total).toBe(order.total + 1500);
    expect(after.lines).toEqual(change.newLines);
    expect(after.priceChange).toBeNull();
    expect(after.timeline.at(-1)).toMatchObject({
      action: 'acceptPrice',
      note: `接受新价格：${yuan(order.total)} → ${yuan(order.total + 1500)}`,
    });
  });

  it('refused, cancels the order with the member’s reason', async () => {
    const m = await newMember(t);
    const order = await orderIn(t, staff, m, 'awaitingConfirmation', { variant: 'price' });
    const change = (await detailOf(t, m.token, order.id)).priceChange!;
    const res = await t.post<OrderWriteResult>(
      '/api/Pcb/RefusePriceChange',
      { id: order.id, priceChangeId: change.id, reason: '太贵了' },
      { token: m.token },
    );
    expect(res.body.data.status).toBe('cancelled');
    const detail = await detailOf(t, m.token, order.id);
    expect(detail.cancelReason).toBe('会员不接受调整后的价格：太贵了');
    expect(detail.total).toBe(order.total);
  });

  it('waits for the questions still open, and then goes back to the engineer', async () => {
    const m = await newMember(t);
    const order = await placeOrder(t, m);
    const eqId = await raiseEq(t, staff, order.id);
    await changePrice(t, staff, order.id);
    const change = (await detailOf(t, m.token, order.id)).priceChange!;
    const accepted = await t.post<OrderWriteResult>(
      '/api/Pcb/AcceptPriceChange',
      { id: order.id, priceChangeId: change.id },
      { token: m.token },
    );
    expect(accepted.body.data.status).toBe('awaitingConfirmation');
    const reply = await t.post(
      '/api/EqQuestion/Reply',
      { id: eqId, choice: '按原文件生产' },
      {
        token: m.token,
      },
    );
    expect(reply.status).toBe(200);
    expect(await statusOf(t, order.id)).toBe('pendingReview');
  });
});

describe('engineering questions', () => {
  it('says, with each answer and in the list, where the order stands: a new price may still wait', async () => {
    const m = await newMember(t);
    const order = await placeOrder(t, m);
    const eqId = await raiseEq(t, staff, order.id);
    await changePrice(t, staff, order.id);
    const before = await t.get<{ items: EqListItem[] }>('/api/EqQuestion/GetEqList', {
      token: m.token,
      query: { orderId: String(order.id) },
    });
    expect(before.body.data.items[0]!.orderProgress).toEqual({
      status: 'awaitingConfirmation',
      openEqs: 1,
      pendingPriceChange: true,
    });

    // The last answer: the order still waits for the member's answer to the new price.
    const reply = await t.post<{ ok: true; orderProgress: EqOrderProgress }>(
      '/api/EqQuestion/Reply',
      { id: eqId, choice: '按原文件生产' },
      { token: m.token },
    );
    expect(reply.body.data.orderProgress).toEqual({
      status: 'awaitingConfirmation',
      openEqs: 0,
      pendingPriceChange: true,
    });
    expect(await statusOf(t, order.id)).toBe('awaitingConfirmation');
    const after = await t.get<{ items: EqListItem[] }>('/api/EqQuestion/GetEqList', {
      token: m.token,
      query: { orderId: String(order.id) },
    });
    expect(after.body.data.items[0]).toMatchObject({
      status: 'answered',
      orderProgress: { status: 'awaitingConfirmation', openEqs: 0, pendingPriceChange: true },
    });

    // Accepting the price sends it to the engineer, who reads the answer.
    const change = (await detailOf(t, m.token, order.id)).priceChange!;
    await t.post(
      '/api/Pcb/AcceptPriceChange',
      { id: order.id, priceChangeId: change.id },
      { token: m.token },
    );
    const reviewed = await t.get<{ items: EqListItem[] }>('/api/EqQuestion/GetEqList', {
      token: m.token,
      query: { orderId: String(order.id) },
    });
    expect(reviewed.body.data.items[0]!.orderProgress).toEqual({
      status: 'pendingReview',
      openEqs: 0,
      pendingPriceChange: false,
    });
  });

  it('lists the member’s open questions and answers one with a choice, text and an image', async () => {
    const m = await newMember(t);
    const a = await orderIn(t, staff, m, 'awaitingConfirmation');
    const b = await orderIn(t, staff, m, 'awaitingConfirmation');
    const second = await raiseEq(t, staff, b.id, []);
    const pending = await t.get<{ items: Eq[]; total: number }>('/api/EqQuestion/GetEqList', {
      token: m.token,
    });
    expect(pending.body.data.items.map((e) => e.id)).toEqual([second, b.eqId, a.eqId]);
    expect(pending.body.data.items[0]).toMatchObject({
      orderNo: b.orderNo,
      kind: 'pcb',
      options: [],
    });

    const wrongChoice = await t.post(
      '/api/EqQuestion/Reply',
      { id: a.eqId, choice: '随便' },
      {
        token: m.token,
      },
    );
    expect(wrongChoice.status).toBe(400);
    expect(wrongChoice.body.message).toBe('请从建议选项中选择');
    const empty = await t.post('/api/EqQuestion/Reply', { id: a.eqId }, { token: m.token });
    expect(empty.body.message).toBe('请选择或填写回复');
    const other = await newMember(t);
    const theirImage = await uploadAs(t, other.token, 'eqReply', '.png');
    const stolen = await t.post(
      '/api/EqQuestion/Reply',
      { id: a.eqId, text: '见图', images: [theirImage] },
      { token: m.token },
    );
    expect(stolen.status).toBe(400);
    expect(stolen.body.field).toBe('images');

    const image = await uploadAs(t, m.token, 'eqReply', '.png');
    const res = await t.post<{ ok: true; orderProgress: EqOrderProgress }>(
      '/api/EqQuestion/Reply',
      { id: a.eqId, choice: '按原文件生产', text: '焊盘可以缩小', images: [image] },
      { token: m.token },
    );
    expect(res.status).toBe(200);
    expect(res.body.data.orderProgress).toEqual({
      status: 'pendingReview',
      openEqs: 0,
      pendingPriceChange: false,
    });
    expect(await statusOf(t, a.id)).toBe('pendingReview');
    const ofOrder = await t.get<{ items: Eq[] }>('/api/EqQuestion/GetEqList', {
      token: m.token,
      query: { orderId: String(a.id) },
    });
    expect(ofOrder.body.data.items[0]).toMatchObject({
      status: 'answered',
      answer: { choice: '按原文件生产', text: '焊盘可以缩小' },
    });
    // The member's image is readable through its signed URL.
    const url = ofOrder.body.data.items[0]!.answer!.images[0]!.url!;
    const fetched = await t.app.inject({ method: 'GET', url });
    expect(fetched.statusCode).toBe(200);
    expect(fetched.rawPayload).toEqual(Buffer.from('\x89PNG\r\n\x1a\n test'));

    // b has two questions: one answer leaves it waiting.
    const first = await t.post<{ ok: true; orderProgress: EqOrderProgress }>(
      '/api/EqQuestion/Reply',
      { id: b.eqId, choice: '取消该要求' },
      { token: m.token },
    );
    expect(first.body.data.orderProgress).toMatchObject({
      status: 'awaitingConfirmation',
      openEqs: 1,
    });
    expect(await statusOf(t, b.id)).toBe('awaitingConfirmation');
    await t.post('/api/EqQuestion/Reply', { id: second, text: '按1.6mm' }, { token: m.token });
    expect(await statusOf(t, b.id)).toBe('pendingReview');
  });
});

describe('no member sees or acts on another member’s orders', () => {
  /** Every member endpoint that names an order (or a question) by id. */
  const idTaking = allEndpoints.filter(
    (e) =>
      (e.access === 'member' || e.access === 'optional') &&
      (['Pcb', 'Smt', 'Stencil', 'EqQuestion'] as string[]).includes(e.module) &&
      ('id' in (e.input as unknown as { shape: object }).shape ||
        'orderId' in (e.input as unknown as { shape: object }).shape),
  );

  it('covers the calls that name an order', () => {
    expect(idTaking.map((e) => `${e.module}/${e.action}`).sort()).toEqual(
      [
        ...['Pcb', 'Smt', 'Stencil'].flatMap((m) =>
          [
            'GetDetail',
            'UpdateReceiver',
            'Cancel',
            'Delete',
            'UpdateFile',
            'AcceptPriceChange',
            'RefusePriceChange',
            'ConfirmReceipt',
            'GetShips',
            'Pay',
          ].map((a) => `${m}/${a}`),
        ),
        'Pcb/GetOrderProcess',
        'Pcb/CalcEditOrder',
        'Pcb/EditOrder',
        'Pcb/Reorder',
        'EqQuestion/GetEqList',
        'EqQuestion/Reply',
      ].sort(),
    );
  });

  it('answers 订单不存在 (or 工程问题不存在) to every one of them, and changes nothing', async () => {
    const owner = await newMember(t);
    const stranger = await newMember(t);
    const orders = {
      pcb: await orderIn(t, staff, owner, 'awaitingConfirmation'),
      smt: await orderIn(t, staff, owner, 'awaitingConfirmation', { kind: 'smt' }),
      stencil: await orderIn(t, staff, owner, 'awaitingConfirmation', { kind: 'stencil' }),
    };
    const before = await t.database.pool.query(
      'SELECT id, status, revision, total, receiver, file_key, deleted_at FROM orders WHERE member_id = $1 ORDER BY id',
      [owner.id],
    );
    for (const endpoint of idTaking) {
      const kind = (Object.keys(moduleOf) as (keyof typeof moduleOf)[]).find(
        (k) => moduleOf[k] === endpoint.module,
      );
      const order = orders[kind ?? 'pcb'];
      const input: Record<string, unknown> = {
        id: endpoint.module === 'EqQuestion' && endpoint.action === 'Reply' ? order.eqId : order.id,
        orderId: order.id,
        value: stranger.setup.receiverId,
        reason: '试试',
        fileUrl: stranger.setup.fileKey,
        fileName: 'x.zip',
        priceChangeId: 1,
        params: defaultPcbParams,
        revision: 0,
        sheetVersion: 1,
        expectedTotal: 1,
        requestId: randomUUID(),
        text: '试试',
        method: 'balance',
        paymentPassword: '135790',
      };
      const shape = (endpoint.input as unknown as { shape: Record<string, unknown> }).shape;
      const body = Object.fromEntries(
        Object.keys(shape)
          .filter((k) => k in input)
          .map((k) => [k, input[k]]),
      );
      const res =
        endpoint.method === 'GET'
          ? await t.get(endpoint.path, {
              token: stranger.token,
              query: Object.fromEntries(Object.entries(body).map(([k, v]) => [k, String(v)])),
            })
          : await t.request({
              method: endpoint.method,
              url: endpoint.path,
              headers: { authorization: `Bearer ${stranger.token}` },
              payload: body,
            });
      expect(res.status, endpoint.path).toBe(404);
      expect(res.body.message, endpoint.path).toBe(
        endpoint.path === '/api/EqQuestion/Reply' ? '工程问题不存在' : '订单不存在',
      );
    }
    // Another kind's module does not find the order either.
    const crossed = await t.get('/api/Smt/GetDetail', {
      token: owner.token,
      query: { id: String(orders.pcb.id) },
    });
    expect(crossed.status).toBe(404);
    const after = await t.database.pool.query(
      'SELECT id, status, revision, total, receiver, file_key, deleted_at FROM orders WHERE member_id = $1 ORDER BY id',
      [owner.id],
    );
    expect(after.rows).toEqual(before.rows);
    const list = await t.post<{ total: number }>(
      '/api/Pcb/GetMemberPcbOrders',
      {},
      { token: stranger.token },
    );
    expect(list.body.data.total).toBe(0);
    const eqs = await t.get<{ total: number }>('/api/EqQuestion/GetEqList', {
      token: stranger.token,
    });
    expect(eqs.body.data.total).toBe(0);
  });

  it('shows a member the parcels of their own orders only', async () => {
    const owner = await newMember(t);
    const order = await orderIn(t, staff, owner, 'shipped');
    const ships = await t.post<Parcel[]>(
      '/api/Pcb/GetShips',
      { id: order.id },
      { token: owner.token },
    );
    expect(ships.body.data).toHaveLength(1);
    expect(ships.body.data[0]).toMatchObject({ courier: 'sf', courierName: '顺丰' });
  });
});

describe('a switched session (a main member acting in a related account)', () => {
  it('acts on the related member’s orders, and the log names the main member', async () => {
    const main = await t.createMember({ mobile: uniqueMobile() });
    const related: Member = await newMember(t);
    await t.database.pool.query(
      `INSERT INTO member_relation (main_member_id, related_member_id, status, created_at, decided_at)
       VALUES ($1, $2, 'approved', now(), now())`,
      [main.id, related.id],
    );
    const switched = await t.get<{ accessToken: string }>(
      '/api/MemberRelationApprove/SwitchMember',
      {
        token: main.token,
        query: { id: String(related.id) },
      },
    );
    const token = switched.body.data.accessToken;
    const order = await placeOrder(t, related);
    const list = await t.post<{ total: number }>('/api/Pcb/GetMemberPcbOrders', {}, { token });
    expect(list.body.data.total).toBe(1);
    const res = await t.post(
      `/api/Pcb/Cancel`,
      { id: order.id, reason: '主账号代为取消' },
      { token },
    );
    expect(res.status).toBe(200);
    const last = (await processRows(t, order.id)).at(-1)!;
    expect(last).toMatchObject({
      action: 'cancel',
      actor: '会员（关联账号代办）',
      actor_member_id: main.id,
    });
    // The main member's own list does not hold the related member's orders.
    const own = await t.post<{ total: number }>(
      '/api/Pcb/GetMemberPcbOrders',
      {},
      { token: main.token },
    );
    expect(own.body.data.total).toBe(0);
  });
});

describe('receipt and deletion', () => {
  it('confirms receipt of a shipped order, then deletes it softly', async () => {
    const m = await newMember(t);
    const order = await orderIn(t, staff, m, 'shipped');
    const res = await t.post<OrderWriteResult>(
      '/api/Pcb/ConfirmReceipt',
      { id: order.id },
      {
        token: m.token,
      },
    );
    expect(res.body.data.status).toBe('completed');
    t.clock.advance(60_000);
    const deletedAt = t.clock.now();
    expect((await t.del('/api/Pcb/Delete', { id: order.id }, { token: m.token })).status).toBe(200);
    expect(
      (await t.get('/api/Pcb/GetDetail', { token: m.token, query: { id: String(order.id) } }))
        .status,
    ).toBe(404);
    const { rows } = await t.database.pool.query(
      'SELECT deleted_at, status FROM orders WHERE id = $1',
      [order.id],
    );
    // Deleted at the server's clock.
    expect(rows[0].deleted_at).toEqual(deletedAt);
    expect(rows[0].status).toBe('completed');
    // Staff no longer see it either.
    const staffView = await staffPost(t, staff.admin, 'Complete', { id: order.id });
    expect(staffView.status).toBe(404);
  });
});
