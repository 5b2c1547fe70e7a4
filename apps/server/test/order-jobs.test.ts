import { setTimeout as sleep } from 'node:timers/promises';
import { randomUUID } from 'node:crypto';
import {
  orderStatuses,
  productionSteps,
  type EditQuote,
  type MemberOrderDetail,
  type OrderStatus,
  type PlacedOrder,
} from '@pcb/contract';
import { defaultPcbParams } from '@pcb/pricing';
import pg from 'pg';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ConfigError, loadConfig } from '../src/config/env';
import { DEMO_MOBILE, DEMO_PASSWORD } from '../src/modules/member/member.seed';
import { chinaMinute } from '../src/modules/order/order-messages';
import { unpaidJobKey, unpaidOrderJob, unpaidSweepJob } from '../src/modules/order/unpaid-orders';
import { seedDemoData } from '../src/modules/seed';
import { DEMO_FACTORY_STAFF } from '../src/modules/staff/staff.module';
import {
  buildTestApp,
  createTestClock,
  createTestDatabase,
  type ApiResponse,
  type TestApp,
  type TestClock,
} from './helper';
import {
  bankReference,
  detailOf,
  newMember,
  orderIn,
  placeOrder,
  processRows,
  staffPost,
  staffSessions,
  statusOf,
  type Member,
  type StaffSessions,
} from './order-lifecycle-support';
import { orderSetup } from './order-support';

// Each test builds apps with job workers and waits for them: more than the default 20 s.
vi.setConfig({ testTimeout: 90_000 });

const DAY = 86_400_000;
const MINUTE = 60_000;
/** Workers on, polling often; member tokens live through the week a test moves its clock. */
const WORKERS_ON = {
  JOB_WORKERS: 'on',
  JOB_POLL_INTERVAL_MS: '100',
  ACCESS_TOKEN_TTL_SECONDS: String(30 * 86_400),
};

async function until(check: () => boolean | Promise<boolean>, timeoutMs = 15_000): Promise<void> {
  const deadline = performance.now() + timeoutMs;
  while (!(await check())) {
    if (performance.now() > deadline) throw new Error('timed out waiting');
    await sleep(50);
  }
}

/**
 * The job table keeps the database's clock, which tests cannot move; the app's clock they can.
 * Jobs the app's clock has reached become due now, and the workers are told.
 */
async function bringDue(t: TestApp): Promise<void> {
  await t.database.pool.query(
    `UPDATE graphile_worker._private_jobs SET run_at = now()
     WHERE run_at > now() AND run_at <= $1 AND locked_at IS NULL`,
    [t.clock.now()],
  );
  await t.database.pool.query(`SELECT pg_notify('jobs:insert', '')`);
}

/** The order's job run now, whatever its time (a server whose clock is behind the database's). */
async function forceDue(t: TestApp, orderId: number): Promise<void> {
  await t.database.pool.query(
    'UPDATE graphile_worker._private_jobs SET run_at = now() WHERE key = $1',
    [unpaidJobKey(orderId)],
  );
  await t.database.pool.query(`SELECT pg_notify('jobs:insert', '')`);
}

async function unpaidJob(t: TestApp, orderId: number) {
  const { rows } = await t.database.pool.query<{
    run_at: Date;
    due: boolean;
    payload: { since: string };
  }>(
    `SELECT j.run_at, j.run_at <= now() AS due, p.payload
     FROM graphile_worker.jobs j JOIN graphile_worker._private_jobs p ON p.id = j.id
     WHERE j.key = $1`,
    [unpaidJobKey(orderId)],
  );
  return rows[0] ?? null;
}

/** Jobs of a task not yet done (waiting, running, or failed and waiting for a retry). */
async function jobsLeft(t: TestApp, task: string): Promise<number> {
  const { rows } = await t.database.pool.query<{ n: number }>(
    'SELECT count(*)::int AS n FROM graphile_worker.jobs WHERE task_identifier = $1',
    [task],
  );
  return rows[0]!.n;
}

async function messagesAbout(t: TestApp, memberId: number, orderId: number) {
  const { rows } = await t.database.pool.query<{ title: string; content: string }>(
    `SELECT title, content FROM member_message WHERE member_id = $1 AND link LIKE $2 ORDER BY id`,
    [memberId, `%?id=${orderId}&%`],
  );
  return rows;
}

const titlesAbout = async (t: TestApp, memberId: number, orderId: number) =>
  (await messagesAbout(t, memberId, orderId)).map((m) => m.title);

async function orderRow(t: TestApp, id: number) {
  const { rows } = await t.database.pool.query<{
    status: OrderStatus;
    status_changed_at: Date;
    auto_cancel_at: Date | null;
    cancel_reason: string | null;
  }>('SELECT status, status_changed_at, auto_cancel_at, cancel_reason FROM orders WHERE id = $1', [
    id,
  ]);
  return rows[0]!;
}

const payNow = (t: TestApp, staff: StaffSessions, id: number, amount: number) =>
  staffPost(t, staff.finance, 'RecordPayment', {
    id,
    amount,
    bankReference: bankReference(),
    payerName: '深圳华创电子有限公司',
    receivedAt: new Date(t.clock.now().getTime() - MINUTE).toISOString(),
  });

/** Moves the app's clock to `ms` after `from`. */
const moveTo = (clock: TestClock, from: Date, ms: number) =>
  clock.advance(from.getTime() + ms - clock.now().getTime());

describe('unpaid orders are cancelled by the system (ORDER_UNPAID_CANCEL_DAYS, default 7)', () => {
  const apps: TestApp[] = [];
  const build = async (...args: Parameters<typeof buildTestApp>) => {
    const t = await buildTestApp(...args);
    apps.push(t);
    return t;
  };
  afterEach(async () => {
    for (const t of apps.splice(0)) await t.close();
    vi.useRealTimers();
  });

  it('reminds a day before and cancels at the deadline, not before, with both messages', async () => {
    const t = await build({ env: WORKERS_ON });
    expect(t.config.orders.unpaidCancelDays).toBe(7);
    const staff = await staffSessions(t);
    const member = await newMember(t);
    const order = await orderIn(t, staff, member, 'awaitingPayment');
    const since = (await orderRow(t, order.id)).status_changed_at;
    const job = await unpaidJob(t, order.id);
    // Queued in the pass's transaction, for the reminder: six days on.
    expect(job?.payload.since).toBe(since.toISOString());
    expect(job?.run_at.getTime()).toBe(since.getTime() + 6 * DAY);

    // A server whose clock is behind runs it early: it does nothing and waits again.
    moveTo(t.clock, since, 6 * DAY - 10 * MINUTE);
    await forceDue(t, order.id);
    await until(async () => (await unpaidJob(t, order.id))?.due === false);
    expect(await titlesAbout(t, member.id, order.id)).toEqual(['订单审核通过']);

    moveTo(t.clock, since, 6 * DAY);
    await bringDue(t);
    await until(async () => (await messagesAbout(t, member.id, order.id)).length === 2);
    const cancelAt = new Date(since.getTime() + 7 * DAY);
    expect((await messagesAbout(t, member.id, order.id))[1]).toEqual({
      title: '订单即将自动取消',
      content: `您的PCB订单${order.orderNo}尚未付款，将于${chinaMinute(cancelAt)}自动取消，请尽快付款。`,
    });
    expect(await orderRow(t, order.id)).toMatchObject({
      status: 'awaitingPayment',
      auto_cancel_at: cancelAt,
    });
    expect((await unpaidJob(t, order.id))?.run_at).toEqual(cancelAt);

    // A minute before the deadline: still waiting, even when the job runs.
    moveTo(t.clock, since, 7 * DAY - MINUTE);
    await forceDue(t, order.id);
    await until(async () => (await unpaidJob(t, order.id))?.due === false);
    expect(await statusOf(t, order.id)).toBe('awaitingPayment');

    moveTo(t.clock, since, 7 * DAY);
    await bringDue(t);
    await until(async () => (await statusOf(t, order.id)) === 'cancelled');
    await until(async () => (await unpaidJob(t, order.id)) === null);
    expect(await orderRow(t, order.id)).toMatchObject({
      auto_cancel_at: null,
      cancel_reason: '超过7天未付款，系统自动取消',
    });
    expect((await processRows(t, order.id)).at(-1)).toMatchObject({
      action: 'autoCancel',
      from_status: 'awaitingPayment',
      to_status: 'cancelled',
      actor: '系统',
      actor_staff_id: null,
      actor_member_id: null,
    });
    expect(await messagesAbout(t, member.id, order.id)).toEqual([
      expect.objectContaining({ title: '订单审核通过' }),
      expect.objectContaining({ title: '订单即将自动取消' }),
      {
        title: '订单已自动取消',
        content: `您的PCB订单${order.orderNo}超过7天未付款，已自动取消。如仍需要，请重新下单或返单。`,
      },
    ]);
    // The member sees who did it, and what the order allows now.
    const detail = await detailOf(t, member.token, order.id);
    expect(detail.status).toBe('cancelled');
    expect(detail.actions).toEqual(expect.arrayContaining(['reorder', 'delete']));
  });

  it('leaves an order paid in time alone, and a job of an earlier stay in 待付款 does nothing', async () => {
    const t = await build({ env: WORKERS_ON });
    const staff = await staffSessions(t);
    const member = await newMember(t);

    const paid = await orderIn(t, staff, member, 'awaitingPayment');
    // Waiting for the reminder, six days into the stay in 待付款.
    const paidSince = (await orderRow(t, paid.id)).status_changed_at;
    expect((await unpaidJob(t, paid.id))?.run_at).toEqual(new Date(paidSince.getTime() + 6 * DAY));
    expect((await payNow(t, staff, paid.id, paid.total)).status).toBe(200);
    // Taken back in the payment's transaction.
    expect(await unpaidJob(t, paid.id)).toBeNull();

    // Edited back to review and passed again: the job is replaced by one for the new stay.
    const edited = await orderIn(t, staff, member, 'awaitingPayment');
    const firstSince = (await orderRow(t, edited.id)).status_changed_at;
    t.clock.advance(MINUTE);
    const params = { ...defaultPcbParams, quantity: 20 };
    const quote = await t.post<EditQuote>(
      '/api/Pcb/CalcEditOrder',
      { id: edited.id, params },
      { token: member.token },
    );
    const edit = await t.request({
      method: 'PUT',
      url: '/api/Pcb/EditOrder',
      headers: { authorization: `Bearer ${member.token}` },
      payload: {
        id: edited.id,
        params,
        revision: quote.body.data.revision,
        sheetVersion: quote.body.data.quote.sheetVersion,
        expectedTotal: quote.body.data.quote.total,
      },
    });
    expect(edit.status, edit.body.message).toBe(200);
    expect(await unpaidJob(t, edited.id)).toBeNull();
    t.clock.advance(MINUTE);
    expect((await staffPost(t, staff.engineer, 'Pass', { id: edited.id })).status).toBe(200);
    const secondSince = (await orderRow(t, edited.id)).status_changed_at;
    expect((await unpaidJob(t, edited.id))?.payload.since).toBe(secondSince.toISOString());
    // A job made for the first stay (a copy that outlived it) finds another stay: nothing.
    await t.app.platform.jobs.add(
      unpaidOrderJob,
      { orderId: edited.id, since: firstSince.toISOString() },
      { key: 'stale-unpaid-job' },
    );

    // Eight days later, the sweep too finds nothing to do for the paid order.
    moveTo(t.clock, firstSince, 8 * DAY);
    await t.app.platform.jobs.add(unpaidSweepJob, {});
    await until(async () => (await jobsLeft(t, unpaidSweepJob.name)) === 0);
    expect(await statusOf(t, paid.id)).toBe('inProduction');
    expect(await titlesAbout(t, member.id, paid.id)).toEqual(['订单审核通过', '已收到付款']);
    expect(await processRows(t, paid.id)).not.toContainEqual(
      expect.objectContaining({ action: 'autoCancel' }),
    );
    // The edited order's second stay is the one reminded (by the sweep, eight days after the
    // first): not cancelled without a day's warning.
    expect(await orderRow(t, edited.id)).toMatchObject({ status: 'awaitingPayment' });
    expect((await messagesAbout(t, member.id, edited.id)).map((m) => m.title)).toEqual([
      '订单审核通过',
      '订单审核通过',
      '订单即将自动取消',
    ]);
  });

  it('of a job and a payment racing at the deadline, exactly one wins, whichever comes first', async () => {
    // Two jobs of a pair wait on the held rows at once, each holding a worker: more workers than
    // that, so a scheduled task that comes due meanwhile cannot keep the second one waiting.
    const t = await build({ env: { ...WORKERS_ON, JOB_CONCURRENCY: '4' } });
    const staff = await staffSessions(t);
    const member = await newMember(t);
    const orders: PlacedOrder[] = [];
    for (let i = 0; i < 4; i++) orders.push(await orderIn(t, staff, member, 'awaitingPayment'));
    const since = (await orderRow(t, orders[0]!.id)).status_changed_at;
    moveTo(t.clock, since, 6 * DAY);
    await bringDue(t);
    await until(async () => {
      for (const o of orders) if ((await orderRow(t, o.id)).auto_cancel_at === null) return false;
      return true;
    });
    moveTo(t.clock, since, 7 * DAY + MINUTE);
    // A week on, finance logs in again (staff sessions end when idle).
    const finance = await staffSessions(t);

    // Both sides are started while another session holds the orders' rows, so both wait on
    // the row lock, in a known order; then it is let go. The first in line must win and the
    // other must find the order moved: never both.
    const holder = new pg.Client(t.databaseUrl);
    await holder.connect();
    const waiting = async () =>
      (
        await holder.query<{ n: number }>(
          `SELECT count(*)::int AS n FROM pg_stat_activity
           WHERE datname = current_database() AND wait_event_type = 'Lock'`,
        )
      ).rows[0]!.n;
    const race = async (pair: PlacedOrder[], jobFirst: boolean) => {
      await holder.query('BEGIN');
      await holder.query('SELECT id FROM orders WHERE id = ANY($1) FOR UPDATE', [
        pair.map((o) => o.id),
      ]);
      const runJobs = async () => {
        for (const o of pair) await forceDue(t, o.id);
      };
      let payments: Promise<ApiResponse>[] = [];
      const pay = () => {
        payments = pair.map((o) => payNow(t, finance, o.id, o.total));
      };
      if (jobFirst) await runJobs();
      else pay();
      await until(async () => (await waiting()) >= pair.length, 45_000);
      if (jobFirst) pay();
      else await runJobs();
      await until(async () => (await waiting()) >= 2 * pair.length, 45_000);
      await holder.query('COMMIT');
      const answers = await Promise.all(payments);
      await until(async () => {
        for (const o of pair) if ((await unpaidJob(t, o.id)) !== null) return false;
        return true;
      });
      return answers;
    };
    try {
      const jobWins = await race(orders.slice(0, 2), true);
      const paymentWins = await race(orders.slice(2), false);
      await until(async () => (await jobsLeft(t, 'order.unpaid')) === 0);

      for (const [i, o] of orders.entries()) {
        const res = i < 2 ? jobWins[i]! : paymentWins[i - 2]!;
        const actions = (await processRows(t, o.id)).map((r) => r.action);
        const titles = await titlesAbout(t, member.id, o.id);
        const { rows } = await t.database.pool.query<{ n: number }>(
          'SELECT count(*)::int AS n FROM order_offline_payment WHERE order_id = $1',
          [o.id],
        );
        if (i < 2) {
          expect(res.status).toBe(409);
          expect(res.body.message).toBe('订单当前为「已取消」，不能登记线下付款');
          expect(await statusOf(t, o.id)).toBe('cancelled');
          expect(actions.filter((a) => a === 'autoCancel' || a === 'recordPayment')).toEqual([
            'autoCancel',
          ]);
          expect(titles.filter((x) => x === '订单已自动取消')).toHaveLength(1);
          expect(rows[0]!.n).toBe(0);
        } else {
          expect(res.status, res.body.message).toBe(200);
          expect(await statusOf(t, o.id)).toBe('inProduction');
          expect(actions.filter((a) => a === 'autoCancel' || a === 'recordPayment')).toEqual([
            'recordPayment',
          ]);
          expect(titles).not.toContain('订单已自动取消');
          expect(rows[0]!.n).toBe(1);
        }
      }
    } finally {
      await holder.end();
    }
  });

  it('runs each step once with two instances on one database', async () => {
    const databaseUrl = await createTestDatabase();
    const clock = createTestClock();
    const a = await build({ databaseUrl, clock, env: WORKERS_ON });
    const b = await build({ databaseUrl, clock, env: WORKERS_ON });
    const staff = await staffSessions(a);
    const member = await newMember(a);
    const orders: PlacedOrder[] = [];
    for (let i = 0; i < 4; i++) orders.push(await orderIn(a, staff, member, 'awaitingPayment'));
    const since = (await orderRow(a, orders[0]!.id)).status_changed_at;

    moveTo(clock, since, 6 * DAY);
    await bringDue(b);
    await until(async () => {
      for (const o of orders) if ((await orderRow(a, o.id)).auto_cancel_at === null) return false;
      return true;
    });
    moveTo(clock, since, 7 * DAY);
    await bringDue(a);
    await until(async () => (await jobsLeft(b, 'order.unpaid')) === 0);
    await sleep(300);
    for (const o of orders) {
      expect(await statusOf(b, o.id)).toBe('cancelled');
      expect(await titlesAbout(a, member.id, o.id)).toEqual([
        '订单审核通过',
        '订单即将自动取消',
        '订单已自动取消',
      ]);
      expect((await processRows(a, o.id)).filter((r) => r.action === 'autoCancel')).toHaveLength(1);
    }
  });

  it('keeps the job through a restart: queued by one instance, run by the next', async () => {
    const databaseUrl = await createTestDatabase();
    const clock = createTestClock();
    const before = await buildTestApp({ databaseUrl, clock });
    const staff = await staffSessions(before);
    const member = await newMember(before);
    const order = await orderIn(before, staff, member, 'awaitingPayment');
    const since = (await orderRow(before, order.id)).status_changed_at;
    await before.close();

    const after = await build({ databaseUrl, clock, env: WORKERS_ON });
    moveTo(clock, since, 6 * DAY);
    await bringDue(after);
    await until(async () => (await orderRow(after, order.id)).auto_cancel_at !== null);
    moveTo(clock, since, 7 * DAY);
    await bringDue(after);
    await until(async () => (await statusOf(after, order.id)) === 'cancelled');
    expect(await titlesAbout(after, member.id, order.id)).toEqual([
      '订单审核通过',
      '订单即将自动取消',
      '订单已自动取消',
    ]);
  });

  it('sweeps every ten minutes for an order without a job: warned first, cancelled a day later', async () => {
    // Node's Date (not the timers) brings the sweep's minute, the last one past so the job the
    // schedule makes for it is due by the database's clock too; the app's clock is the test's.
    const TEN_MINUTES = 10 * MINUTE;
    const due = Math.floor(Date.now() / TEN_MINUTES) * TEN_MINUTES;
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(due - 2_000);
    const t = await build({ env: WORKERS_ON });
    const staff = await staffSessions(t);
    const member = await newMember(t);
    const order = await orderIn(t, staff, member, 'awaitingPayment');
    const since = (await orderRow(t, order.id)).status_changed_at;
    // As an order that was 待付款 before the jobs existed.
    expect(await t.app.platform.jobs.remove(unpaidJobKey(order.id))).toBe(true);

    moveTo(t.clock, since, 8 * DAY);
    vi.setSystemTime(due + 1_000);
    await until(async () => (await orderRow(t, order.id)).auto_cancel_at !== null);
    const warnedAt = t.clock.now();
    expect(await orderRow(t, order.id)).toMatchObject({
      status: 'awaitingPayment',
      auto_cancel_at: new Date(warnedAt.getTime() + DAY),
    });

    moveTo(t.clock, warnedAt, DAY);
    await bringDue(t);
    await until(async () => (await statusOf(t, order.id)) === 'cancelled');
    expect(await titlesAbout(t, member.id, order.id)).toEqual([
      '订单审核通过',
      '订单即将自动取消',
      '订单已自动取消',
    ]);
  });

  it('takes autoCancel only in 待付款: any other status is left as it is', async () => {
    const t = await build({ env: WORKERS_ON });
    const staff = await staffSessions(t);
    const member = await newMember(t);
    const others: { id: number; status: OrderStatus }[] = [];
    for (const status of orderStatuses.filter((s) => s !== 'awaitingPayment')) {
      others.push({ id: (await orderIn(t, staff, member, status)).id, status });
    }
    moveTo(t.clock, new Date(), 30 * DAY);
    // Each job made for the order's current status moment: only the status can stop it.
    for (const o of others) {
      const since = (await orderRow(t, o.id)).status_changed_at.toISOString();
      await t.app.platform.jobs.add(unpaidOrderJob, { orderId: o.id, since });
    }
    await t.app.platform.jobs.add(unpaidSweepJob, {});
    await until(async () => (await jobsLeft(t, 'order.unpaid')) === 0);
    await until(async () => (await jobsLeft(t, unpaidSweepJob.name)) === 0);
    for (const o of others) {
      expect(await statusOf(t, o.id)).toBe(o.status);
      expect(await processRows(t, o.id)).not.toContainEqual(
        expect.objectContaining({ action: 'autoCancel' }),
      );
    }
  });
});

/** The demo member's token (the seed made the account). */
async function demoLogin(t: TestApp): Promise<string> {
  const res = await t.post<{ accessToken: string }>('/api/MemberAuth/Login', {
    userNameOrMobile: DEMO_MOBILE,
    password: DEMO_PASSWORD,
    ncVerifyDto: await t.solveCaptcha(),
  });
  if (!res.body.success) throw new Error(`demo login refused: ${res.body.message}`);
  return res.body.data.accessToken;
}

async function demoMember(t: TestApp): Promise<Member> {
  const token = await demoLogin(t);
  const { rows } = await t.database.pool.query<{ id: number }>(
    'SELECT id FROM member WHERE mobile = $1',
    [DEMO_MOBILE],
  );
  return { id: rows[0]!.id, token, setup: await orderSetup(t, token) };
}

describe('the demo factory (DEMO_FACTORY_PACE, never in production)', () => {
  const apps: TestApp[] = [];
  afterEach(async () => {
    for (const t of apps.splice(0)) await t.close();
  });

  it("moves a new demo order to 已完成 step by step, as staff would; another member's order is left alone", async () => {
    const t = await buildTestApp({ env: { ...WORKERS_ON, DEMO_FACTORY_PACE: '100ms' } });
    apps.push(t);
    expect(t.config.demoFactory).toEqual({ paceMs: 100 });
    await seedDemoData(t.database.db, t.config, { now: t.clock.now() });
    const demo = await demoMember(t);
    const stranger = await newMember(t);

    const order = await placeOrder(t, demo, 'pcb');
    const theirs = await placeOrder(t, stranger, 'pcb');
    const cancelled = await placeOrder(t, demo, 'stencil');
    const cancel = await t.patch(
      '/api/Stencil/Cancel',
      { id: cancelled.id, reason: '下错了' },
      { token: demo.token },
    );
    expect(cancel.status, cancel.body.message).toBe(200);

    const seen = new Set<OrderStatus>();
    await until(async () => {
      const status = await statusOf(t, order.id);
      seen.add(status);
      return status === 'completed';
    }, 60_000);
    expect([...seen]).toEqual(expect.arrayContaining(['inProduction', 'shipped', 'completed']));

    const steps = productionSteps.pcb;
    const log = await processRows(t, order.id);
    expect(log.map((r) => r.action)).toEqual([
      'place',
      'pass',
      'recordPayment',
      ...steps.map(() => 'recordStep'),
      'ship',
      'addParcelEvent',
      'addParcelEvent',
      'addParcelEvent',
      'complete',
    ]);
    const { rows: actors } = await t.database.pool.query<{ id: number }>(
      'SELECT id FROM staff_account WHERE user_name = $1',
      [DEMO_FACTORY_STAFF.userName],
    );
    expect(log.slice(1).every((r) => r.actor === '演示工厂')).toBe(true);
    expect(log.slice(1).every((r) => r.actor_staff_id === actors[0]!.id)).toBe(true);
    // Each step audited as the endpoint a person would have used.
    const { rows: audit } = await t.database.pool.query<{ action: string; ip: string }>(
      `SELECT action, ip FROM audit_log
       WHERE object_type = 'order' AND object_id = $1 AND staff_user_name = $2 ORDER BY id`,
      [String(order.id), DEMO_FACTORY_STAFF.userName],
    );
    expect(audit.map((a) => a.action)).toEqual([
      'StaffOrder.Pass',
      'StaffOrder.RecordPayment',
      ...steps.map(() => 'StaffOrder.RecordStep'),
      'StaffOrder.Ship',
      'StaffOrder.AddParcelEvent',
      'StaffOrder.AddParcelEvent',
      'StaffOrder.AddParcelEvent',
      'StaffOrder.Complete',
    ]);
    expect(new Set(audit.map((a) => a.ip))).toEqual(new Set(['job:order.demoStep']));
    const detail = await t.get<MemberOrderDetail>('/api/Pcb/GetDetail', {
      token: demo.token,
      query: { id: String(order.id) },
    });
    expect(detail.body.data.status).toBe('completed');
    expect(await titlesAbout(t, demo.id, order.id)).toEqual([
      '订单审核通过',
      '已收到付款',
      '订单已发货',
      '订单已完成',
    ]);
    const { rows: parcels } = await t.database.pool.query<{ events: number }>(
      `SELECT (SELECT count(*)::int FROM order_parcel_event e WHERE e.parcel_id = p.id) AS events
       FROM order_parcel p WHERE p.order_id = $1`,
      [order.id],
    );
    expect(parcels).toEqual([{ events: 3 }]);
    await until(async () => (await jobsLeft(t, 'order.demoStep')) === 0);

    // The cancelled demo order stays cancelled; the other member's is never touched.
    expect(await statusOf(t, cancelled.id)).toBe('cancelled');
    expect((await processRows(t, cancelled.id)).map((r) => r.action)).not.toContain(
      'recordPayment',
    );
    expect(await statusOf(t, theirs.id)).toBe('pendingReview');
    expect((await processRows(t, theirs.id)).map((r) => r.action)).toEqual(['place']);
    const { rows: keys } = await t.database.pool.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM graphile_worker._private_jobs WHERE key LIKE $1`,
      [`order:${theirs.id}:demo:%`],
    );
    expect(keys[0]!.n).toBe(0);
  });

  it('is off in tests unless asked; production refuses DEMO_FACTORY_PACE', () => {
    const problems = (env: Record<string, string>): string[] => {
      try {
        loadConfig(env);
        return [];
      } catch (error) {
        if (error instanceof ConfigError) return error.problems;
        throw error;
      }
    };
    const refusal =
      'DEMO_FACTORY_PACE cannot be used in production (the demo factory moves orders by itself; only off is accepted)';
    expect(problems({ NODE_ENV: 'production', DEMO_FACTORY_PACE: '90s' })).toContain(refusal);
    expect(problems({ NODE_ENV: 'production', DEMO_FACTORY_PACE: 'off' })).not.toContain(refusal);
    expect(problems({ NODE_ENV: 'production' })).not.toContain(refusal);
    expect(loadConfig({}).demoFactory).toEqual({ paceMs: 60_000 });
    expect(loadConfig({ NODE_ENV: 'test' }).demoFactory).toBeNull();
    expect(loadConfig({ DEMO_FACTORY_PACE: '90s' }).demoFactory).toEqual({ paceMs: 90_000 });
    expect(loadConfig({ DEMO_FACTORY_PACE: '2m' }).demoFactory).toEqual({ paceMs: 120_000 });
    expect(loadConfig({ DEMO_FACTORY_PACE: '500ms' }).demoFactory).toEqual({ paceMs: 500 });
    expect(loadConfig({ DEMO_FACTORY_PACE: 'OFF' }).demoFactory).toBeNull();
    expect(problems({ DEMO_FACTORY_PACE: 'fast' })).toEqual([
      'DEMO_FACTORY_PACE must be off or a duration from 10ms to 24h, such as 90s, 2m or 500ms',
    ]);
    expect(problems({ DEMO_FACTORY_PACE: '2d' })).toHaveLength(1);
    expect(problems({ ORDER_UNPAID_CANCEL_DAYS: '0' })).toEqual([
      'ORDER_UNPAID_CANCEL_DAYS must be at least 1',
    ]);
    expect(loadConfig({ ORDER_UNPAID_CANCEL_DAYS: '3' }).orders.unpaidCancelDays).toBe(3);
  });
});

describe('the demo seed', () => {
  it('gives the demo member orders in every status through real actions; re-seeding adds none', async () => {
    const t = await buildTestApp();
    try {
      const config = { ...t.config };
      const seed = () => seedDemoData(t.database.db, config, { now: t.clock.now() });
      await Promise.all([seed(), seed()]);
      const demoOrders = async () =>
        (
          await t.database.pool.query<{
            id: number;
            kind: string;
            status: OrderStatus;
            file_key: string;
          }>(
            `SELECT o.id, o.kind, o.status, o.file_key FROM orders o JOIN member m ON m.id = o.member_id
             WHERE m.mobile = $1 ORDER BY o.id`,
            [DEMO_MOBILE],
          )
        ).rows;
      const first = await demoOrders();
      await seed();
      expect(await demoOrders()).toEqual(first);
      expect(new Set(first.map((o) => o.status))).toEqual(new Set(orderStatuses));
      expect(new Set(first.filter((o) => o.kind === 'pcb').map((o) => o.status))).toEqual(
        new Set(orderStatuses),
      );

      // Moved by the real actions, as the demo factory's account, each audited.
      const completed = first.find((o) => o.kind === 'pcb' && o.status === 'completed')!;
      const log = await processRows(t, completed.id);
      expect(log.map((r) => r.action)).toEqual([
        'place',
        'pass',
        'recordPayment',
        ...productionSteps.pcb.map(() => 'recordStep'),
        'ship',
        'addParcelEvent',
        'addParcelEvent',
        'addParcelEvent',
        'complete',
      ]);
      expect(log.slice(1).every((r) => r.actor === '演示工厂')).toBe(true);
      const { rows: audited } = await t.database.pool.query<{ n: number }>(
        `SELECT count(*)::int AS n FROM audit_log WHERE object_type = 'order' AND object_id = $1`,
        [String(completed.id)],
      );
      expect(audited[0]!.n).toBe(log.length - 1);
      const { rows: waiting } = await t.database.pool.query<{
        pending_price_change_id: number | null;
        open_eq_count: number;
      }>(
        `SELECT pending_price_change_id, open_eq_count FROM orders
         WHERE id = ANY($1) AND status = 'awaitingConfirmation' ORDER BY id`,
        [first.map((o) => o.id)],
      );
      expect(waiting).toHaveLength(2);
      expect(waiting.some((w) => w.pending_price_change_id !== null)).toBe(true);
      expect(waiting.some((w) => w.open_eq_count === 1)).toBe(true);

      // Their design files are real: downloaded by the member, reordered from.
      const token = await demoLogin(t);
      const detail = await t.get<MemberOrderDetail>('/api/Pcb/GetDetail', {
        token,
        query: { id: String(completed.id) },
      });
      expect(detail.body.data.fileUrl).toEqual(expect.any(String));
      const file = await t.app.inject({ method: 'GET', url: detail.body.data.fileUrl! });
      expect(file.statusCode).toBe(200);
      expect(file.rawPayload.subarray(0, 4).toString('latin1')).toBe('PK\x03\x04');
      const reorder = await t.post<PlacedOrder>(
        '/api/Pcb/Reorder',
        { id: completed.id, requestId: randomUUID() },
        { token },
      );
      expect(reorder.status, reorder.body.message).toBe(200);
      expect(reorder.body.data.status).toBe('pendingReview');
    } finally {
      await t.close();
    }
  });
});
