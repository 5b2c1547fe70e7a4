import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { ALREADY_SIGNED_IN_MESSAGE, POINTS_NOT_ENOUGH_MESSAGE } from '@pcb/contract';
import { MemberPointHistory, MemberSignIn, StaffPoint } from '@pcb/contract/member-point';
import { call, unchecked } from './call';
import { buildTestApp, createTestClock, uniqueMobile, type TestApp } from './helper';
import { newMember, orderIn, staffSessions, type StaffSessions } from './order-lifecycle-support';
import { auditRows } from './staff-support';

vi.setConfig({ testTimeout: 180_000 });

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;

let t: TestApp;
let staff: StaffSessions;
beforeAll(async () => {
  // 10:00 China time on 29 December: the year's end is two days away.
  t = await buildTestApp({ clock: createTestClock(new Date('2026-12-29T10:00:00+08:00')) });
  staff = await staffSessions(t);
});
afterAll(async () => t?.close());

const member = () => t.createMember({ mobile: uniqueMobile() });

/** A fresh token at the clock's time (tokens expire when a test moves the clock by months). */
async function tokenOf(memberId: number) {
  const { rows } = await t.database.pool.query<{ token_version: number }>(
    'SELECT token_version FROM member WHERE id = $1',
    [memberId],
  );
  return t.app.modules.member.tokens.issue({ id: memberId, tokenVersion: rows[0]!.token_version });
}

async function signIn(token: string) {
  return call(t, MemberSignIn.SignIn, {}, { token });
}

async function card(token: string) {
  const res = await call(t, MemberSignIn.GetSigninCardList, {}, { token });
  expect(res.status, res.body.message).toBe(200);
  return res.body.data;
}

async function summary(token: string) {
  const res = await call(t, MemberPointHistory.GetSummary, {}, { token });
  expect(res.status, res.body.message).toBe(200);
  return res.body.data;
}

/** The balance is the sum of the entries and of the lots left (decision 0073). */
async function expectBooksAgree(memberId: number) {
  const { rows } = await t.database.pool.query<{ points: number; entries: string; lots: string }>(
    `SELECT m.points,
       (SELECT coalesce(sum(delta), 0) FROM point_entry WHERE member_id = m.id)::text AS entries,
       (SELECT coalesce(sum(remaining), 0) FROM point_lot WHERE member_id = m.id)::text AS lots
     FROM member m WHERE m.id = $1`,
    [memberId],
  );
  const row = rows[0]!;
  expect(Number(row.entries)).toBe(row.points);
  expect(Number(row.lots)).toBe(row.points);
  return row.points;
}

const change = (memberId: number, delta: number, ref: string | null, kind = 'adjust' as const) =>
  t.database.db.transaction((tx) =>
    t.app.modules.memberPoint.changeIn(tx, { memberId, delta, kind, ref }),
  );

describe('daily sign-in', () => {
  it('signs in once a day under 20 concurrent taps, the points granted once', async () => {
    const m = await member();
    const results = await Promise.all(Array.from({ length: 20 }, () => signIn(m.token)));
    const ok = results.filter((r) => r.status === 200);
    expect(ok).toHaveLength(1);
    expect(ok[0]!.body.data).toEqual({ points: 1, streak: 1, balance: 1 });
    for (const r of results.filter((r) => r.status !== 200)) {
      expect(r.status).toBe(409);
      expect(r.body.message).toBe(ALREADY_SIGNED_IN_MESSAGE);
    }
    expect(await expectBooksAgree(m.id)).toBe(1);
    const { rows } = await t.database.pool.query(
      `SELECT count(*)::int AS n FROM point_entry WHERE member_id = $1`,
      [m.id],
    );
    expect(rows[0].n).toBe(1);
    const c = await card(m.token);
    expect(c.isSignedToday).toBe(true);
    expect(c.days.filter((d) => d.isDone).map((d) => d.day)).toEqual([1]);
    expect(c.days.find((d) => d.isToday)!.day).toBe(1);
  });

  it('grows the streak day by day across the year end, and starts over after a missed day', async () => {
    const m = await member();
    const start = t.clock.now().getTime();
    const at = (days: number) => t.clock.advance(start + days * DAY_MS - t.clock.now().getTime());
    try {
      // 29, 30, 31 December and 1 January: days 1–4 of the card.
      const earned: number[] = [];
      for (let d = 0; d < 4; d++) {
        at(d);
        const res = await signIn(await tokenOf(m.id));
        expect(res.status, res.body.message).toBe(200);
        expect(res.body.data.streak).toBe(d + 1);
        earned.push(res.body.data.points);
      }
      expect(earned).toEqual([1, 2, 3, 4]);
      const onNewYear = await card(await tokenOf(m.id));
      expect(onNewYear.today).toBe('2027-01-01');
      expect(onNewYear.days.filter((d) => d.isDone).map((d) => d.day)).toEqual([1, 2, 3, 4]);

      // The next morning, not yet signed: day 5 waits.
      at(5 - 1 + 0.1);
      const waiting = await card(await tokenOf(m.id));
      expect(waiting.isSignedToday).toBe(false);
      expect(waiting.days.find((d) => d.isToday)!.day).toBe(5);
      expect(waiting.todayPoints).toBe(5);

      // 2 January missed: on 3 January the card starts over.
      at(5);
      const missed = await card(await tokenOf(m.id));
      expect(missed.streak).toBe(0);
      expect(missed.days.filter((d) => d.isDone)).toEqual([]);
      const again = await signIn(await tokenOf(m.id));
      expect(again.body.data).toMatchObject({ streak: 1, points: 1 });
      expect(await expectBooksAgree(m.id)).toBe(11);

      // What sign-in earned: 11 in all, 1+4+... this month (January: 4 and 1).
      const earnedRes = await call(
        t,
        MemberSignIn.GetEarnedPoints,
        {},
        { token: await tokenOf(m.id) },
      );
      expect(earnedRes.body.data).toEqual({ total: 11, thisMonth: 5, days: 5 });

      // Points of 2026 and of 2027 sit in two lots: they expire a year apart.
      const s = await summary(await tokenOf(m.id));
      expect(s).toEqual({ balance: 11, expiringSoon: 6, expiresAt: '2027-12-31' });
    } finally {
      at(0);
    }
  });

  it('starts a new card the day after day 7', async () => {
    const m = await member();
    const start = t.clock.now().getTime();
    try {
      const streaks: number[] = [];
      for (let d = 0; d < 8; d++) {
        const res = await signIn(await tokenOf(m.id));
        streaks.push(res.body.data.streak);
        t.clock.advance(DAY_MS);
      }
      expect(streaks).toEqual([1, 2, 3, 4, 5, 6, 7, 1]);
      expect(await expectBooksAgree(m.id)).toBe(1 + 2 + 3 + 4 + 5 + 6 + 10 + 1);
    } finally {
      t.clock.advance(start - t.clock.now().getTime());
    }
  });
});

describe('points', () => {
  it('earns once when an order completes, 1 per yuan paid; a cancel after payment earns nothing', async () => {
    const m = await newMember(t);
    const done = await orderIn(t, staff, m, 'completed');
    const expected = Math.floor(done.total / 100);
    expect(expected).toBeGreaterThan(0);
    expect(await expectBooksAgree(m.id)).toBe(expected);
    // The completion's hook again (a retried job, a second path): the order earns once.
    const again = await t.database.db.transaction((tx) =>
      t.app.modules.memberPoint.earnForOrderIn(tx, {
        id: done.id,
        orderNo: done.orderNo,
        memberId: m.id,
        paidFen: done.total,
      }),
    );
    expect(again).toBeNull();
    expect(await expectBooksAgree(m.id)).toBe(expected);

    const paid = await orderIn(t, staff, m, 'inProduction');
    const cancel = await t.post(
      `/api/Pcb/Cancel`,
      { id: paid.id, reason: '不需要了' },
      { token: m.token },
    );
    expect(cancel.status, cancel.body.message).toBe(200);
    expect(await expectBooksAgree(m.id)).toBe(expected);

    const list = await call(
      t,
      MemberPointHistory.GetList,
      { page: 1, pageSize: 20 },
      { token: m.token },
    );
    expect(list.body.data.items).toEqual([
      expect.objectContaining({
        delta: expected,
        kind: 'order',
        reason: `订单完成 · ${done.orderNo}`,
        balanceAfter: expected,
      }),
    ]);
  });

  it('never goes below zero: a spend beyond the balance is refused, the books unchanged', async () => {
    const m = await member();
    await change(m.id, 30, 'grant-1');
    await expect(change(m.id, -31, null)).rejects.toThrow(POINTS_NOT_ENOUGH_MESSAGE);
    // Thirty concurrent spends of 2 from 30… and 60 of them: at most 15 succeed.
    const results = await Promise.allSettled(
      Array.from({ length: 60 }, (_, i) => change(m.id, -2, `spend-${i}`)),
    );
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(15);
    expect(await expectBooksAgree(m.id)).toBe(0);
    await expect(
      t.database.pool.query('UPDATE member SET points = -1 WHERE id = $1', [m.id]),
    ).rejects.toThrow(/member_points_ck/);
  });

  it('applies a change with a reference once, also when sent 60 times at once', async () => {
    const m = await member();
    const results = await Promise.all(Array.from({ length: 60 }, () => change(m.id, 7, 'once')));
    expect(results.filter((r) => r !== null)).toEqual([7]);
    expect(await expectBooksAgree(m.id)).toBe(7);
  });

  it('spends and expires the oldest lot first; the expiry job is idempotent', async () => {
    const m = await member();
    const start = t.clock.now().getTime();
    try {
      await change(m.id, 100, 'y2026'); // earned in 2026: expires at the end of 2027
      t.clock.advance(new Date('2027-06-01T12:00:00+08:00').getTime() - t.clock.now().getTime());
      await change(m.id, 50, 'y2027'); // expires at the end of 2028
      await change(m.id, -30, null); // from 2026's lot: 70 left of it
      const mid = await summary(await tokenOf(m.id));
      expect(mid).toEqual({ balance: 120, expiringSoon: 70, expiresAt: '2027-12-31' });

      // Nothing is due before the year ends.
      expect(await t.app.modules.memberPoint.expireDue(t.clock.now())).toMatchObject({ points: 0 });
      t.clock.advance(new Date('2028-01-01T00:05:00+08:00').getTime() - t.clock.now().getTime());
      const first = await t.app.modules.memberPoint.expireDue(t.clock.now());
      expect(first.points).toBeGreaterThanOrEqual(70);
      const second = await t.app.modules.memberPoint.expireDue(t.clock.now());
      expect(second.points).toBe(0);
      const token = await tokenOf(m.id);
      expect(await expectBooksAgree(m.id)).toBe(50);
      expect(await summary(token)).toEqual({
        balance: 50,
        expiringSoon: 50,
        expiresAt: '2028-12-31',
      });
      const list = await call(t, MemberPointHistory.GetList, { page: 1, pageSize: 2 }, { token });
      expect(list.body.data.items[0]).toMatchObject({
        delta: -70,
        kind: 'expire',
        balanceAfter: 50,
      });
      expect(list.body.data.total).toBe(4);

      // 2027 in one sum: 50 earned, 30 spent; 2028: 70 expired.
      const y2027 = await call(
        t,
        MemberPointHistory.GetEarnedPoints,
        { start: '2027-01-01', end: '2027-12-31' },
        { token },
      );
      expect(y2027.body.data).toMatchObject({ earned: 50, spent: 30, expired: 0 });
      const thisYear = await call(t, MemberPointHistory.GetEarnedPoints, {}, { token });
      expect(thisYear.body.data).toMatchObject({ start: '2028-01-01', expired: 70 });
      const bad = await call(
        t,
        MemberPointHistory.GetEarnedPoints,
        unchecked({ start: '2027-13-01' }),
        { token },
      );
      expect(bad.status).toBe(400);
    } finally {
      t.clock.advance(start - t.clock.now().getTime());
    }
  });
});

describe('rules', () => {
  it('运营 sets the rate and the rewards (audited); sign-in and the rules page follow', async () => {
    const rewards = [2, 4, 6, 8, 10, 12, 20];
    const res = await call(
      t,
      StaffPoint.SetRules,
      { pointsPerYuan: 2, signInRewards: rewards },
      { staff: staff.content },
    );
    expect(res.status, res.body.message).toBe(200);
    const audit = await auditRows(t, `action = 'StaffPoint.SetRules'`);
    expect(audit.length).toBe(1);
    const rules = await call(t, MemberPointHistory.GetRules, {});
    expect(rules.body.data).toEqual({ pointsPerYuan: 2, signInRewards: rewards });
    const m = await member();
    expect((await signIn(m.token)).body.data.points).toBe(2);

    const refused = await call(
      t,
      StaffPoint.SetRules,
      unchecked({ pointsPerYuan: 1, signInRewards: [1, 2, 3] }),
      { staff: staff.content },
    );
    expect(refused.status).toBe(400);
    expect(refused.body.success).toBe(false);
    const negative = await call(
      t,
      StaffPoint.SetRules,
      unchecked({ pointsPerYuan: -1, signInRewards: rewards }),
      { staff: staff.content },
    );
    expect(negative.status).toBe(400);
    const byFinance = await call(
      t,
      StaffPoint.SetRules,
      { pointsPerYuan: 1, signInRewards: rewards },
      { staff: staff.finance },
    );
    expect(byFinance.status).toBe(403);
    // Back to the defaults for the other tests.
    await call(
      t,
      StaffPoint.SetRules,
      { pointsPerYuan: 1, signInRewards: [1, 2, 3, 4, 5, 6, 10] },
      { staff: staff.content },
    );
  });
});
