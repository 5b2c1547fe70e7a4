import { randomUUID } from 'node:crypto';
import { api, type GradeLevelInput } from '@pcb/contract';
import { MemberGrade } from '@pcb/contract/member-grade';
import { StaffMemberGrade } from '@pcb/contract/staff-member-grade';
import { PcbEdit } from '@pcb/contract/order-quote';
import { defaultPcbParams, type FeeLine, type PcbParams } from '@pcb/pricing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, unchecked } from './call';
import { buildTestApp, createTestClock, uniqueMobile, type TestApp } from './helper';
import { moduleOf } from './order-lifecycle-support';
import { pcbOrderBody, pcbQuote, saveOrder } from './order-support';
import {
  fund,
  pay,
  payer,
  paymentTest,
  uncappedPasswordTries,
  unpaidOrder,
  type PaymentTest,
} from './payment-support';
import { auditRows } from './staff-support';

const DEFAULTS: GradeLevelInput[] = [
  { level: 'normal', thresholdFen: 0, discountBp: 0, freeShipping: false },
  { level: 'bronze', thresholdFen: 500_000, discountBp: 100, freeShipping: false },
  { level: 'silver', thresholdFen: 2_000_000, discountBp: 200, freeShipping: false },
  { level: 'gold', thresholdFen: 10_000_000, discountBp: 300, freeShipping: true },
  { level: 'diamond', thresholdFen: 50_000_000, discountBp: 500, freeShipping: true },
];

const CHINA_OFFSET_MS = 8 * 3_600_000;

/** The first instant of the China month `offset` months from the one holding `at`. */
function chinaMonthStart(at: Date, offset: number): Date {
  const china = new Date(at.getTime() + CHINA_OFFSET_MS);
  const start = Date.UTC(china.getUTCFullYear(), china.getUTCMonth() + offset, 1);
  return new Date(start - CHINA_OFFSET_MS);
}

let nextOrderId = 1_500_000_000;
/** A payment as the payment module writes it (no order row: only the triggers read it). */
async function paidAt(t: TestApp, memberId: number, fen: number, at: Date): Promise<number> {
  const orderId = nextOrderId++;
  await t.database.pool.query(
    `INSERT INTO order_payment (order_id, member_id, method, total_fen, balance_fen, paid_at)
     VALUES ($1, $2, 'balance', $3, $3, $4)`,
    [orderId, memberId, fen, at],
  );
  return orderId;
}

const gradeOf = async (t: TestApp, token: string) => {
  const res = await call(t, MemberGrade.Get, {}, { token });
  if (!res.body.success) throw new Error(res.body.message);
  return res.body.data;
};
const headerGrade = async (t: TestApp, token: string) =>
  (await call(t, api.MemberInfo.Get, {}, { token })).body.data?.gradeName;

describe('the window: the current China month and the 11 before it', () => {
  let t: TestApp;
  let edge: Date;
  beforeAll(async () => {
    // One second before the next China month begins: the window is about to move.
    edge = new Date(chinaMonthStart(new Date(), 1).getTime() - 1000);
    t = await buildTestApp({ clock: createTestClock(edge) });
  });
  afterAll(async () => {
    await t.close();
  });

  it('an amount paid exactly 12 months before counts until the month turns, then not', async () => {
    const m = await t.createMember({ mobile: uniqueMobile() });
    const firstCounted = chinaMonthStart(edge, -11);
    // Paid at the first instant of the window's first month: in. A millisecond before: out.
    await paidAt(t, m.id, 500_000, firstCounted);
    await paidAt(t, m.id, 9_999_999, new Date(firstCounted.getTime() - 1));

    const before = await gradeOf(t, m.token);
    expect(before).toMatchObject({ level: 'bronze', name: '铜牌', paidFen: 500_000 });
    expect(before.next).toEqual({
      level: 'silver',
      name: '银牌',
      thresholdFen: 2_000_000,
      neededFen: 1_500_000,
    });
    expect(await headerGrade(t, m.token)).toBe('铜牌');

    // The month turns in China time: that payment is now 12 months ago, outside.
    t.clock.advance(1000);
    const after = await gradeOf(t, m.token);
    expect(after).toMatchObject({ level: 'normal', name: '普通', paidFen: 0 });
    expect(after.windowFrom).toBe(
      new Date(chinaMonthStart(edge, -10).getTime() + CHINA_OFFSET_MS).toISOString().slice(0, 7),
    );
    expect(await headerGrade(t, m.token)).toBe('普通');
  });

  it('the month is read in China time: 23:59:59.999 on the last day is that month', async () => {
    const m = await t.createMember({ mobile: uniqueMobile() });
    const window = await gradeOf(t, m.token);
    const firstCounted = chinaMonthStart(t.clock.now(), -11);
    // 16:00 UTC the day before is midnight in China: the first counted month.
    await paidAt(t, m.id, 2_000_000, firstCounted);
    // One millisecond before is the month before it, in China: not counted.
    await paidAt(t, m.id, 2_000_000, new Date(firstCounted.getTime() - 1));
    const { rows } = await t.database.pool.query<{ month: string; paid_fen: string }>(
      `SELECT to_char(month, 'YYYY-MM') AS month, paid_fen FROM member_paid_month
       WHERE member_id = $1 ORDER BY month`,
      [m.id],
    );
    expect(rows.map((r) => r.month)).toEqual([
      new Date(firstCounted.getTime() - 1 + CHINA_OFFSET_MS).toISOString().slice(0, 7),
      window.windowFrom,
    ]);
    expect(await gradeOf(t, m.token)).toMatchObject({ level: 'silver', paidFen: 2_000_000 });
  });

  it('60 payments at once are all counted, exactly', async () => {
    const m = await t.createMember({ mobile: uniqueMobile() });
    const at = t.clock.now();
    await Promise.all(Array.from({ length: 60 }, (_, i) => paidAt(t, m.id, 10_001 + i, at)));
    const expected = 60 * 10_001 + (59 * 60) / 2;
    expect((await gradeOf(t, m.token)).paidFen).toBe(expected);
  });
});

describe('grades follow real payments and refunds', () => {
  let p: PaymentTest;
  beforeAll(async () => {
    // Every payer knows the password: the race is for the sums (as in payment-races.test.ts).
    p = await paymentTest({ wrapStore: uncappedPasswordTries });
  });
  afterAll(async () => {
    await p.t.close();
  });

  const setLevels = (levels: unknown, staff = p.staff.admin) =>
    call(p.t, StaffMemberGrade.Update, unchecked({ levels }), { staff });

  it('a paid order raises the grade; its refund lowers it again', async () => {
    const member = await payer(p.t);
    const order = await unpaidOrder(p, member);
    // 铜牌 from exactly this order's amount.
    const levels = DEFAULTS.map((l) =>
      l.level === 'bronze' ? { ...l, thresholdFen: order.total } : l,
    );
    expect((await setLevels(levels)).status).toBe(200);
    expect((await gradeOf(p.t, member.token)).level).toBe('normal');

    await fund(p, member.id, order.total);
    expect((await pay(p.t, member, order, 'balance')).body.success).toBe(true);
    expect(await gradeOf(p.t, member.token)).toMatchObject({
      level: 'bronze',
      paidFen: order.total,
    });
    expect(await headerGrade(p.t, member.token)).toBe('铜牌');

    const cancel = await p.t.post(
      `/api/${moduleOf.pcb}/Cancel`,
      { id: order.id, reason: '不需要了' },
      { token: member.token },
    );
    expect(cancel.body.success, cancel.body.message).toBe(true);
    expect(await gradeOf(p.t, member.token)).toMatchObject({ level: 'normal', paidFen: 0 });
    expect(await headerGrade(p.t, member.token)).toBe('普通');
    const { rows } = await p.t.database.pool.query(
      'SELECT paid_fen::int AS paid, refunded_fen::int AS refunded FROM member_paid_month WHERE member_id = $1',
      [member.id],
    );
    expect(rows).toEqual([{ paid: order.total, refunded: order.total }]);
    expect((await setLevels(DEFAULTS)).status).toBe(200);
  });

  it('60 orders paid at once through Pay: the month holds their sum, exactly', async () => {
    const member = await payer(p.t);
    const orders = [];
    for (let i = 0; i < 60; i += 1) orders.push(await unpaidOrder(p, member));
    const sum = orders.reduce((s, o) => s + o.total, 0);
    await fund(p, member.id, sum);
    const results = await Promise.all(orders.map((o) => pay(p.t, member, o, 'balance')));
    expect(results.filter((r) => r.body.success)).toHaveLength(60);
    expect((await gradeOf(p.t, member.token)).paidFen).toBe(sum);
    const { rows } = await p.t.database.pool.query(
      'SELECT sum(paid_fen)::int AS paid FROM member_paid_month WHERE member_id = $1',
      [member.id],
    );
    expect(rows[0]).toEqual({ paid: sum });
  }, 120_000);

  it('the gift balance and a coupon are not paid money', async () => {
    const member = await payer(p.t);
    const order = await unpaidOrder(p, member);
    await fund(p, member.id, order.total, 'gift');
    expect((await pay(p.t, member, order, 'gift')).body.success).toBe(true);
    expect((await gradeOf(p.t, member.token)).paidFen).toBe(0);
  });
});

describe('grade configuration (admin, audited)', () => {
  let p: PaymentTest;
  beforeAll(async () => {
    p = await paymentTest();
  });
  afterAll(async () => {
    await p.t.close();
  });
  const setLevels = (levels: unknown) =>
    call(p.t, StaffMemberGrade.Update, unchecked({ levels }), { staff: p.staff.admin });
  const levelsNow = async () =>
    (await call(p.t, StaffMemberGrade.Get, {}, { staff: p.staff.admin })).body.data!.levels;

  it('starts with the defaults', async () => {
    expect((await levelsNow()).map(({ name: _n, ...l }) => l)).toEqual(DEFAULTS);
    expect((await levelsNow()).map((l) => l.name)).toEqual([
      '普通',
      '铜牌',
      '银牌',
      '金牌',
      '钻石',
    ]);
  });

  it('refuses thresholds that do not strictly increase from 0, in Chinese, changing nothing', async () => {
    const cases: [unknown, string][] = [
      [
        DEFAULTS.map((l) => (l.level === 'gold' ? { ...l, thresholdFen: 2_000_000 } : l)),
        '各等级门槛须从普通的0起逐级严格递增',
      ],
      [
        DEFAULTS.map((l) => (l.level === 'normal' ? { ...l, thresholdFen: 1 } : l)),
        '各等级门槛须从普通的0起逐级严格递增',
      ],
      [DEFAULTS.slice(0, 4), '须依次设置普通、铜牌、银牌、金牌、钻石五个等级'],
      [[...DEFAULTS].reverse(), '须依次设置普通、铜牌、银牌、金牌、钻石五个等级'],
    ];
    const auditBefore = (await auditRows(p.t, "action = 'StaffMemberGrade.Update'")).length;
    for (const [levels, message] of cases) {
      const res = await setLevels(levels);
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ success: false, message });
    }
    for (const bad of [
      DEFAULTS.map((l, i) => (i === 1 ? { ...l, discountBp: 5001 } : l)),
      DEFAULTS.map((l, i) => (i === 1 ? { ...l, thresholdFen: '5000' } : l)),
      DEFAULTS.map((l, i) => (i === 1 ? { ...l, thresholdFen: 1.5 } : l)),
      DEFAULTS.map((l, i) => (i === 1 ? { ...l, thresholdFen: 1e30 } : l)),
      DEFAULTS.map((l, i) => (i === 1 ? { ...l, level: 'bronze\u0000' } : l)),
      'x',
    ]) {
      const res = await setLevels(bad);
      expect(res.status).toBe(400);
      expect(res.body.success).toBe(false);
      expect(res.body.message).toMatch(/[\u4e00-\u9fa5]/);
    }
    expect((await levelsNow()).map(({ name: _n, ...l }) => l)).toEqual(DEFAULTS);
    expect((await auditRows(p.t, "action = 'StaffMemberGrade.Update'")).length).toBe(auditBefore);
  });

  it('saves all five levels with an audit row of before and after', async () => {
    const next = DEFAULTS.map((l) =>
      l.level === 'silver' ? { ...l, thresholdFen: 3_000_000, discountBp: 250 } : l,
    );
    const res = await setLevels(next);
    expect(res.status).toBe(200);
    expect(res.body.data!.levels[2]).toMatchObject({ thresholdFen: 3_000_000, discountBp: 250 });
    expect(res.body.data!.updatedAt).toBe(p.t.clock.now().toISOString());
    const [row] = (await auditRows(p.t, "action = 'StaffMemberGrade.Update'")).slice(-1);
    expect(row!.object_type).toBe('memberGradeLevels');
    expect((row!.before as { levels: GradeLevelInput[] }).levels[2]!.thresholdFen).toBe(2_000_000);
    expect((row!.after as { levels: GradeLevelInput[] }).levels[2]!.thresholdFen).toBe(3_000_000);
    expect((await setLevels(DEFAULTS)).status).toBe(200);
  });

  it('60 saves at once: each audited, the last one whole', async () => {
    const auditBefore = (await auditRows(p.t, "action = 'StaffMemberGrade.Update'")).length;
    const results = await Promise.all(
      Array.from({ length: 60 }, (_, i) =>
        setLevels(
          DEFAULTS.map((l) => (l.level === 'bronze' ? { ...l, thresholdFen: 1000 + i } : l)),
        ),
      ),
    );
    expect(results.map((r) => r.status)).toEqual(Array(60).fill(200));
    expect((await auditRows(p.t, "action = 'StaffMemberGrade.Update'")).length).toBe(
      auditBefore + 60,
    );
    const bronze = (await levelsNow())[1]!.thresholdFen;
    expect(bronze).toBeGreaterThanOrEqual(1000);
    expect(bronze).toBeLessThan(1060);
    expect((await setLevels(DEFAULTS)).status).toBe(200);
  });

  it('the database refuses thresholds out of order even without the service', async () => {
    await expect(
      p.t.database.pool.query(
        "UPDATE member_grade_level SET threshold_fen = 1 WHERE level = 'diamond'",
      ),
    ).rejects.toThrow(/strictly increase/);
  });

  it('is for admin only', async () => {
    for (const role of ['finance', 'sales', 'content'] as const) {
      const res = await call(p.t, StaffMemberGrade.Get, {}, { staff: p.staff[role] });
      expect(res.status).toBe(403);
    }
  });
});

describe('the member discount and free shipping', () => {
  let p: PaymentTest;
  beforeAll(async () => {
    p = await paymentTest();
  });
  afterAll(async () => {
    await p.t.close();
  });

  const discountOf = (lines: FeeLine[]) => lines.find((l) => l.code === 'memberDiscount');

  it('anonymous quotes have no discount; a 银牌 member gets 2% off the PCB lines, exact', async () => {
    const member = await payer(p.t);
    await paidAt(p.t, member.id, 2_000_000, p.t.clock.now());
    const params = { ...defaultPcbParams, quantity: 50 };
    const anonymous = await pcbQuote(p.t, { params });
    expect(anonymous.body.success).toBe(true);
    expect(discountOf(anonymous.body.data!.lines)).toBeUndefined();

    const mine = await pcbQuote(p.t, { params }, member.token);
    const base = anonymous.body.data!.total;
    const discount = Math.floor((base * 200 * 2 + 10_000) / (2 * 10_000));
    expect(discountOf(mine.body.data!.lines)).toMatchObject({
      name: '会员折扣(银牌 2%)',
      amount: -discount,
    });
    expect(mine.body.data!.total).toBe(base - discount);
  });

  it('a 普通 member has no discount line', async () => {
    const member = await payer(p.t);
    const mine = await pcbQuote(p.t, { params: defaultPcbParams }, member.token);
    expect(discountOf(mine.body.data!.lines)).toBeUndefined();
  });

  it('金牌 ships free: the 运费 line is 0 with its reason', async () => {
    const member = await payer(p.t);
    await paidAt(p.t, member.id, 10_000_000, p.t.clock.now());
    const anonymous = await pcbQuote(p.t, { params: defaultPcbParams, province: '北京' });
    const shipping = anonymous.body.data!.lines.find((l) => l.code === 'shipping')!;
    expect(shipping.amount).toBeGreaterThan(0);
    const mine = await pcbQuote(p.t, { params: defaultPcbParams, province: '北京' }, member.token);
    const free = mine.body.data!.lines.find((l) => l.code === 'shipping')!;
    expect(free.amount).toBe(0);
    expect(free.reason).toContain('金牌会员包邮');
  });

  it('SaveOrder computes the same line; a later grade change leaves the placed order', async () => {
    const member = await payer(p.t);
    await paidAt(p.t, member.id, 2_000_000, p.t.clock.now());
    const body = await pcbOrderBody(p.t, member.setup);
    // A page showing another total is shown the server's price: nothing saved.
    const refused = await saveOrder(p.t, member.token, {
      ...body,
      requestId: randomUUID(),
      expectedTotal: (body.expectedTotal as number) + 1,
    });
    expect(refused.status).toBe(409);

    const placed = await saveOrder(p.t, member.token, body);
    expect(placed.body.success, placed.body.message).toBe(true);
    const orderRow = async () =>
      (
        await p.t.database.pool.query<{ lines: FeeLine[]; total: number }>(
          'SELECT lines, total FROM orders WHERE id = $1',
          [placed.body.data!.id],
        )
      ).rows[0]!;
    const before = await orderRow();
    expect(before.total).toBe(body.expectedTotal);
    expect(discountOf(before.lines)?.name).toBe('会员折扣(银牌 2%)');

    // The member's grade rises to 钻石: quotes change, the placed order does not.
    await paidAt(p.t, member.id, 50_000_000, p.t.clock.now());
    const now = await pcbQuote(p.t, { params: body.params }, member.token);
    expect(discountOf(now.body.data!.lines)?.name).toBe('会员折扣(钻石 5%)');
    expect(await orderRow()).toEqual(before);

    // Editing the unpaid order prices it again with the perks it was placed with.
    const edit = await call(
      p.t,
      PcbEdit.CalcEditOrder,
      { id: placed.body.data!.id, params: body.params as PcbParams },
      { token: member.token },
    );
    expect(edit.body.success, edit.body.message).toBe(true);
    expect(discountOf(edit.body.data!.quote.lines)?.name).toBe('会员折扣(银牌 2%)');
  });
});
