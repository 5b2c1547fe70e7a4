import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  POINTS_NOT_ENOUGH_MESSAGE,
  SHOP_RECEIVER_REQUIRED_MESSAGE,
  SHOP_SOLD_OUT_MESSAGE,
} from '@pcb/contract';
import { MemberRebate } from '@pcb/contract/member-rebate';
import { ShopProduct, StaffShop } from '@pcb/contract/shop-product';
import { StaffCoupon } from '@pcb/contract/staff-coupon';
import { call } from './call';
import { buildTestApp, uniqueMobile, type TestApp } from './helper';
import { newMember, staffSessions, type StaffSessions } from './order-lifecycle-support';
import { auditRows } from './staff-support';

vi.setConfig({ testTimeout: 180_000 });

let t: TestApp;
let staff: StaffSessions;
let templateId: number;
beforeAll(async () => {
  t = await buildTestApp();
  staff = await staffSessions(t);
  const res = await call(
    t,
    StaffCoupon.CreateTemplate,
    {
      name: '积分兑换PCB券',
      serviceType: 'pcb',
      amount: 1_000,
      minOrderAmount: 0,
      validityKind: 'days',
      validDays: 30,
    },
    { staff: staff.content },
  );
  expect(res.status, res.body.message).toBe(200);
  templateId = res.body.data.id;
});
afterAll(async () => t?.close());

async function give(memberId: number, points: number) {
  await t.database.db.transaction((tx) =>
    t.app.modules.memberPoint.changeIn(tx, { memberId, delta: points, kind: 'adjust', ref: null }),
  );
}

async function pointsOf(memberId: number) {
  const { rows } = await t.database.pool.query<{ points: number; entries: string }>(
    `SELECT points, (SELECT coalesce(sum(delta), 0) FROM point_entry WHERE member_id = $1)::text AS entries
     FROM member WHERE id = $1`,
    [memberId],
  );
  expect(Number(rows[0]!.entries)).toBe(rows[0]!.points);
  return rows[0]!.points;
}

async function item(input: { kind: 'coupon' | 'goods'; stock: number; pointsPrice: number }) {
  const res = await call(
    t,
    StaffShop.CreateItem,
    {
      name: input.kind === 'coupon' ? '¥10 PCB券' : '定制鼠标垫',
      description: '',
      ...input,
      ...(input.kind === 'coupon' ? { templateId } : {}),
    },
    { staff: staff.content },
  );
  expect(res.status, res.body.message).toBe(200);
  return res.body.data;
}

const exchange = (
  token: string,
  id: number,
  extra: { requestId?: string; receiverId?: number } = {},
) =>
  call(
    t,
    ShopProduct.ExchangeProduct,
    {
      id,
      requestId: extra.requestId ?? randomUUID(),
      ...(extra.receiverId ? { receiverId: extra.receiverId } : {}),
    },
    { token },
  );

describe('exchanging', () => {
  it('never oversells: 100 members exchange at once for 10 in stock', async () => {
    const it10 = await item({ kind: 'coupon', stock: 10, pointsPrice: 100 });
    const members = await Promise.all(
      Array.from({ length: 100 }, () => t.createMember({ mobile: uniqueMobile() })),
    );
    for (const m of members) await give(m.id, 100);
    const results = await Promise.all(members.map((m) => exchange(m.token, it10.id)));
    const won = results.filter((r) => r.status === 200);
    expect(won).toHaveLength(10);
    for (const r of results.filter((r) => r.status !== 200)) {
      expect(r.status).toBe(409);
      expect(r.body.message).toBe(SHOP_SOLD_OUT_MESSAGE);
    }
    const { rows } = await t.database.pool.query(
      'SELECT stock, exchanged FROM shop_item WHERE id = $1',
      [it10.id],
    );
    expect(rows[0]).toEqual({ stock: 0, exchanged: 10 });
    const balances = await Promise.all(members.map((m) => pointsOf(m.id)));
    expect(balances.filter((b) => b === 0)).toHaveLength(10);
    expect(balances.filter((b) => b === 100)).toHaveLength(90);
    // Each winner holds the coupon; nobody else does.
    const { rows: coupons } = await t.database.pool.query(
      'SELECT count(*)::int AS n FROM member_coupon WHERE template_id = $1',
      [templateId],
    );
    expect(coupons[0].n).toBe(10);
  });

  it('never charges twice: one request id sent 20 times at once is one exchange', async () => {
    const it50 = await item({ kind: 'coupon', stock: 50, pointsPrice: 100 });
    const m = await t.createMember({ mobile: uniqueMobile() });
    await give(m.id, 500);
    const requestId = randomUUID();
    const results = await Promise.all(
      Array.from({ length: 20 }, () => exchange(m.token, it50.id, { requestId })),
    );
    expect(results.every((r) => r.status === 200)).toBe(true);
    expect(new Set(results.map((r) => r.body.data.exchange.id)).size).toBe(1);
    expect(await pointsOf(m.id)).toBe(400);
    const coupons = await call(
      t,
      MemberRebate.GetList,
      { state: 'unused', page: 1, pageSize: 20 },
      { token: m.token },
    );
    expect(coupons.body.data.items.map((c) => c.name)).toEqual(['积分兑换PCB券']);
    const history = await call(
      t,
      ShopProduct.GetExchangeList,
      { page: 1, pageSize: 20 },
      { token: m.token },
    );
    expect(history.body.data.total).toBe(1);
  });

  it('spends no more points than held: 60 exchanges at once with points for 2', async () => {
    const many = await item({ kind: 'coupon', stock: 1000, pointsPrice: 100 });
    const m = await t.createMember({ mobile: uniqueMobile() });
    await give(m.id, 250);
    const results = await Promise.all(Array.from({ length: 60 }, () => exchange(m.token, many.id)));
    expect(results.filter((r) => r.status === 200)).toHaveLength(2);
    for (const r of results.filter((r) => r.status !== 200)) {
      expect(r.status).toBe(409);
      expect(r.body.message).toBe(POINTS_NOT_ENOUGH_MESSAGE);
    }
    expect(await pointsOf(m.id)).toBe(50);
    const { rows } = await t.database.pool.query('SELECT stock FROM shop_item WHERE id = $1', [
      many.id,
    ]);
    expect(rows[0].stock).toBe(998);
  });
});

describe('goods', () => {
  it('go to the chosen address; staff ship them once (audited); the member sees it shipped', async () => {
    const pad = await item({ kind: 'goods', stock: 5, pointsPrice: 300 });
    const m = await newMember(t);
    await give(m.id, 300);
    const missing = await exchange(m.token, pad.id);
    expect(missing.status).toBe(400);
    expect(missing.body.message).toBe(SHOP_RECEIVER_REQUIRED_MESSAGE);
    const other = await newMember(t);
    const notMine = await exchange(m.token, pad.id, { receiverId: other.setup.receiverId });
    expect(notMine.status).toBe(404);
    const ok = await exchange(m.token, pad.id, { receiverId: m.setup.receiverId });
    expect(ok.status, ok.body.message).toBe(200);
    expect(ok.body.data).toMatchObject({
      balance: 0,
      exchange: { kind: 'goods', status: 'pending' },
    });

    const list = await call(
      t,
      StaffShop.ListDeliveries,
      { status: 'pending', page: 1, pageSize: 20 },
      { staff: staff.production },
    );
    const delivery = list.body.data.items.find((d) => d.id === ok.body.data.exchange.id)!;
    expect(delivery.receiver.address.length).toBeGreaterThan(0);
    expect(delivery.receiver.mobile).toMatch(/^\d{3}\*{4}\d{4}$/);
    const ship = { id: delivery.id, courier: '顺丰', trackingNo: 'SF1234567890' };
    const shipped = await call(t, StaffShop.ShipDelivery, ship, { staff: staff.production });
    expect(shipped.status, shipped.body.message).toBe(200);
    expect((await call(t, StaffShop.ShipDelivery, ship, { staff: staff.production })).status).toBe(
      409,
    );
    expect(await auditRows(t, `action = 'StaffShop.ShipDelivery'`)).toHaveLength(1);
    const mine = await call(
      t,
      ShopProduct.GetExchangeList,
      { page: 1, pageSize: 20 },
      { token: m.token },
    );
    expect(mine.body.data.items[0]).toMatchObject({
      status: 'shipped',
      trackingNo: 'SF1234567890',
    });
  });
});

describe('运营 keeps the items', () => {
  it('lists only items on sale to members; stock never below zero; writes audited', async () => {
    const a = await item({ kind: 'goods', stock: 3, pointsPrice: 10 });
    const off = await call(
      t,
      StaffShop.SetItem,
      { id: a.id, pointsPrice: 20, isActive: false },
      { staff: staff.content },
    );
    expect(off.body.data).toMatchObject({ pointsPrice: 20, isActive: false });
    const m = await t.createMember({ mobile: uniqueMobile() });
    const list = await call(
      t,
      ShopProduct.GetRebateList,
      { page: 1, pageSize: 100 },
      { token: m.token },
    );
    expect(list.body.data.items.map((i) => i.id)).not.toContain(a.id);
    const coupons = list.body.data.items.filter((i) => i.kind === 'coupon');
    expect(coupons[0]!.coupon).toMatchObject({ amount: 1_000, validity: '领取后30天内有效' });
    const tooMany = await call(
      t,
      StaffShop.AddStock,
      { id: a.id, quantity: -4 },
      { staff: staff.content },
    );
    expect(tooMany.status).toBe(409);
    const more = await call(
      t,
      StaffShop.AddStock,
      { id: a.id, quantity: 7 },
      { staff: staff.content },
    );
    expect(more.body.data.stock).toBe(10);
    expect((await auditRows(t, `action LIKE 'StaffShop.%'`)).length).toBeGreaterThanOrEqual(5);
    const bad = await call(
      t,
      StaffShop.CreateItem,
      { kind: 'coupon', name: '券', description: '', pointsPrice: 1, stock: 1 },
      { staff: staff.content },
    );
    expect(bad.status).toBe(400);
  });
});
