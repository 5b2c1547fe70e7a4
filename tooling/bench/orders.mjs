// The orders at scale (issue 19, Performance): 1,000,000 orders over the bench's 100,000
// members written straight into the bench server's database (outside the timed part), then the
// member's order list and status counts under 50 members at once (autocannon), and the staff
// order desk's filtered list one request at a time, all against the server as `npm start`
// starts it. The EXPLAIN ANALYZE of each query on the seeded data is printed beside.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import autocannon from 'autocannon';
import pg from 'pg';
import { seedLedger } from './ledger-seed.mjs';
import { seedMembers, staffSession } from './staff-search.mjs';

export const ORDER_COUNT = Number(process.env.BENCH_ORDERS ?? 1_000_000);
/** Days of history: three years, the busiest the most recent. */
const DAYS = 1095;

/**
 * One statement writes every order, in the order they were placed (ids rise with time, as
 * they do when members place them):
 * - the day of order i grows as √i, so the factory gets busier (a handful of orders a day three
 *   years ago, about 1,800 a day now); order numbers are the kind's prefix, the day, and 1000 + the
 *   order's place in the day (P202611261001): unique, and clear of the demo orders' numbers;
 * - kinds 70 % PCB, 18 % SMT, 12 % stencil, each copying one of the demo orders of its kind
 *   (parameters, fee lines, receiver as the server priced them), its total scaled;
 * - members: 2 % of the orders go to 10 distributors (about 2,000 each), the rest to all
 *   members skewed by r²: the busiest has about 3,000, the median member 7, one in 100 over 50;
 * - the status follows the age: today's wait for review, confirmation or payment, last week's
 *   are in production or shipped, a month old completed, about 1 in 10 cancelled; 3 % of the
 *   old completed and cancelled ones deleted by their member.
 * The `OFFSET 0`s keep each level a subquery of its own, so `created`, the status and the
 * member are computed once per row (flattened, the planner copied them into every expression
 * that used them: 40 µs a row instead of 10).
 */
const seedSql = `
WITH templates AS MATERIALIZED (
  SELECT kind, row_number() OVER (PARTITION BY kind ORDER BY id) AS k,
    count(*) OVER (PARTITION BY kind) AS n, params, param_string, sheet_version, lines, total,
    build_days, weight_grams, courier, receiver
  FROM orders WHERE request_id NOT LIKE 'bench-%'
)
INSERT INTO orders (order_no, kind, member_id, status, params, param_string, sheet_version,
  lines, total, build_days, ship_date, weight_grams, courier, invoice, receiver, file_key,
  file_name, request_id, created_at, updated_at, deleted_at, status_changed_at, cancel_reason,
  packed_at)
SELECT
  CASE s.kind WHEN 'pcb' THEN 'P' WHEN 'smt' THEN 'S' ELSE 'G' END
    || to_char(s.created AT TIME ZONE 'Asia/Shanghai', 'YYYYMMDD') || (1000 + s.seq)::text,
  s.kind, s.member_id, s.status, t.params, t.param_string, t.sheet_version, t.lines,
  (t.total * (0.3 + s.r_total * 4))::int, t.build_days,
  (s.created AT TIME ZONE 'Asia/Shanghai')::date + t.build_days,
  t.weight_grams, t.courier, 'none', t.receiver,
  s.kind || 'File/' || s.member_id || '/bench-' || s.i || '.zip',
  ($3::text[])[1 + (s.i % cardinality($3::text[]))],
  'bench-' || s.i,
  s.created,
  c.changed,
  CASE WHEN s.status IN ('completed', 'cancelled') AND s.age_days > 30 AND s.r_deleted < 0.03
    THEN c.changed + interval '1 day' END,
  c.changed,
  CASE WHEN s.status = 'cancelled' THEN ($4::text[])[1 + (s.i % cardinality($4::text[]))] END,
  CASE WHEN s.status IN ('shipped', 'completed')
    THEN s.created + least(t.build_days + 0.5, s.age_days * 0.8) * interval '1 day' END
FROM (
  SELECT o.*,
    CASE
      WHEN age_days < 1 THEN CASE
        WHEN r_status < 0.50 THEN 'pendingReview' WHEN r_status < 0.65 THEN 'awaitingConfirmation'
        WHEN r_status < 0.85 THEN 'awaitingPayment' WHEN r_status < 0.95 THEN 'inProduction'
        ELSE 'cancelled' END
      WHEN age_days < 3 THEN CASE
        WHEN r_status < 0.03 THEN 'pendingReview' WHEN r_status < 0.08 THEN 'awaitingConfirmation'
        WHEN r_status < 0.30 THEN 'awaitingPayment' WHEN r_status < 0.93 THEN 'inProduction'
        ELSE 'cancelled' END
      WHEN age_days < 10 THEN CASE
        WHEN r_status < 0.45 THEN 'inProduction' WHEN r_status < 0.85 THEN 'shipped'
        WHEN r_status < 0.94 THEN 'completed' ELSE 'cancelled' END
      WHEN age_days < 30 THEN CASE
        WHEN r_status < 0.20 THEN 'shipped' WHEN r_status < 0.92 THEN 'completed'
        ELSE 'cancelled' END
      ELSE CASE WHEN r_status < 0.90 THEN 'completed' ELSE 'cancelled' END
    END AS status
  FROM (
    SELECT g.*,
      CASE WHEN r_kind < 0.70 THEN 'pcb' WHEN r_kind < 0.88 THEN 'smt' ELSE 'stencil' END AS kind,
      ($5::int[])[CASE WHEN r_member < 0.02 THEN 1 + floor(r_member / 0.02 * 10)::int
        ELSE 11 + floor(r_member2 ^ 2 * (cardinality($5::int[]) - 10))::int END] AS member_id,
      date_part('epoch', now() - created) / 86400 AS age_days
    FROM (
      SELECT i,
        -- The day's start (Asia/Shanghai), then 08:00–22:00 by the order's place in the day.
        (date_trunc('day', now() AT TIME ZONE 'Asia/Shanghai') - ($2::int - 1 - d) * interval '1 day'
          + interval '8 hours'
          + interval '14 hours' * ((i - first_i)::float8 / greatest(next_i - first_i, 1)))
          AT TIME ZONE 'Asia/Shanghai' AS created,
        i - first_i + 1 AS seq,
        random() AS r_kind, random() AS r_tpl, random() AS r_member, random() AS r_member2,
        random() AS r_status, random() AS r_total, random() AS r_deleted
      FROM (
        SELECT i, d, ceil($1::float8 * (d::float8 / $2) ^ 2)::int AS first_i,
          ceil($1::float8 * ((d + 1)::float8 / $2) ^ 2)::int AS next_i
        FROM (
          SELECT i, least(floor($2 * sqrt((i - 1)::float8 / $1))::int, $2 - 1) AS d
          FROM generate_series($6::int, $7::int) AS i
        ) AS days
      ) AS day_bounds
    ) AS g OFFSET 0
  ) AS o OFFSET 0
) AS s
CROSS JOIN LATERAL (
  SELECT * FROM templates AS t
  WHERE t.kind = s.kind AND t.k = 1 + floor(s.r_tpl * t.n)::int
  LIMIT 1
) AS t
CROSS JOIN LATERAL (
  SELECT s.created + CASE
    WHEN s.status = 'pendingReview' THEN interval '0'
    WHEN s.status IN ('completed', 'cancelled') AND s.age_days > 30
      THEN least(t.build_days + 7, s.age_days * 0.9) * interval '1 day'
    ELSE s.age_days * (0.3 + 0.5 * s.r_deleted) * interval '1 day' END AS changed
) AS c`;

const fileNames = [
  '主控板V1.2.zip',
  '电源模块-4层.zip',
  'LED驱动板.rar',
  '传感器板BOM坐标.zip',
  '蓝牙模块_rev3.zip',
  'Gerber_主板_V2.0.zip',
  '电机驱动板.7z',
  '钢网_顶层.pdf',
];
const cancelReasons = ['重复下单', '参数填写错误', '暂不需要', '交期不满足', '价格原因'];

/**
 * Writes the orders once per bench database (a second call finds them), the way a bulk load
 * is done: the indexes of `orders` other than its keys are dropped, the rows written by two
 * connections at once (half each), frozen and counted by one VACUUM (as autovacuum leaves a
 * table in steady state: hint bits, the visibility map that index-only counts need, the
 * planner's statistics), and the indexes built again from their own definitions, two at a
 * time. Building an index over a million rows is several times faster than keeping nine of
 * them up to date row by row, and vacuuming before the builds saves the builds a pass of
 * setting hint bits (each a page write with checksums on).
 */
export async function seedOrders(databaseUrl) {
  const pool = new pg.Pool({ connectionString: databaseUrl, max: 2 });
  pool.on('error', (err) => console.error('bench orders: idle client error', err));
  try {
    const started = performance.now();
    const members = await withClient(pool, seedMembers);
    const have = Number(
      (await pool.query(`SELECT count(*) AS n FROM orders WHERE request_id LIKE 'bench-%'`)).rows[0]
        .n,
    );
    if (have > 0) {
      return { members, seeded: 0, seedMs: 0, ledger: await withClient(pool, seedLedger) };
    }
    const { rows: indexes } = await pool.query(
      `SELECT i.indexrelid::regclass::text AS name, pg_get_indexdef(i.indexrelid) AS def
       FROM pg_index AS i
       WHERE i.indrelid = 'orders'::regclass
         AND NOT EXISTS (SELECT 1 FROM pg_constraint AS c WHERE c.conindid = i.indexrelid)`,
    );
    // Members in an order of their own (by a hash of the id): the distributors and the
    // busiest are anyone, not the first registered.
    const { rows: memberRows } = await pool.query('SELECT id FROM member ORDER BY md5(id::text)');
    const memberIds = memberRows.map((r) => r.id);

    const phase = timer();
    for (const { name } of indexes) await pool.query(`DROP INDEX ${name}`);
    const half = Math.ceil(ORDER_COUNT / 2);
    await Promise.all(
      [
        [1, half],
        [half + 1, ORDER_COUNT],
      ].map(([from, to]) =>
        pool.query(seedSql, [ORDER_COUNT, DAYS, fileNames, cancelReasons, memberIds, from, to]),
      ),
    );
    const insertMs = phase();
    await pool.query('VACUUM (FREEZE, ANALYZE) orders');
    const vacuumMs = phase();
    const queue = [...indexes];
    await Promise.all(
      [0, 1].map(() =>
        withClient(pool, async (db) => {
          await db.query(`SET maintenance_work_mem = '256MB'`);
          for (let next = queue.shift(); next; next = queue.shift()) await db.query(next.def);
        }),
      ),
    );
    const indexMs = phase();
    // Orders in production, shipped or completed were paid: the books say so (decision 0058).
    const ledger = await withClient(pool, seedLedger);
    return {
      members,
      seeded: ORDER_COUNT,
      seedMs: Math.round(performance.now() - started),
      insertMs,
      vacuumMs,
      indexMs,
      ledger,
    };
  } finally {
    await pool.end();
  }
}

async function withClient(pool, work) {
  const client = await pool.connect();
  try {
    return await work(client);
  } finally {
    client.release();
  }
}

/** Milliseconds since the last call (or since it was made). */
function timer() {
  let last = performance.now();
  return () => {
    const now = performance.now();
    const ms = Math.round(now - last);
    last = now;
    return ms;
  };
}

// ---- Measuring ----

/** User + system CPU seconds of a process (Linux /proc; clock ticks are 1/100 s there). */
function cpuSeconds(pid, withWaitedChildren = false) {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  const ticks =
    Number(f[11]) + Number(f[12]) + (withWaitedChildren ? Number(f[13]) + Number(f[14]) : 0);
  return { ticks: ticks / 100, ppid: Number(f[1]) };
}

/**
 * CPU a PostgreSQL cluster has used: the postmaster with the backends that ended (their time
 * is added to it when it reaps them) and the live ones (its children).
 */
function clusterCpuSeconds(postmasterPid) {
  let sum = cpuSeconds(postmasterPid, true).ticks;
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const p = cpuSeconds(Number(entry));
      if (p.ppid === postmasterPid) sum += p.ticks;
    } catch {
      // ended meanwhile
    }
  }
  return sum;
}

/**
 * The CPU the server (or the bare baseline) and PostgreSQL spend per answer over a run, the
 * figure other work on the shared machine moves least (decision 0049). Nothing off Linux.
 */
export function cpuMeter(nodePid, pgDir) {
  if (!nodePid || !pgDir || !existsSync('/proc/self/stat')) return { per: () => ({}) };
  const postmasterPid = Number(readFileSync(`${pgDir}/postmaster.pid`, 'utf8').split('\n')[0]);
  const node0 = cpuSeconds(nodePid).ticks;
  const pg0 = clusterCpuSeconds(postmasterPid);
  return {
    per: (requests) => ({
      nodeUs: Math.round(((cpuSeconds(nodePid).ticks - node0) / requests) * 1e6),
      pgUs: Math.round(((clusterCpuSeconds(postmasterPid) - pg0) / requests) * 1e6),
    }),
  };
}

const MEMBERS_AT_ONCE = 50;
const deskRequestsPerKind = Number(process.env.BENCH_DESK_REQUESTS ?? 60);
/** The order desk's first role: reviews new orders, no second factor. */
const deskLogin = { userName: 'engineer', password: 'Staff@2026' };
const memberStatuses = ['all', 'awaitingPayment', 'inProduction', 'shipped', 'completed'];
const orderStatuses = [
  'pendingReview',
  'awaitingConfirmation',
  'awaitingPayment',
  'inProduction',
  'shipped',
  'completed',
  'cancelled',
];
const kinds = ['pcb', 'smt', 'stencil'];

const percentile = (sorted, p) =>
  sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(p * sorted.length) - 1))];
const round1 = (n) => Math.round(n * 10) / 10;
const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

/**
 * The 50 members: the 5 with the most orders (a distributor's list is the deepest) and 45
 * drawn at random from the active members with PCB orders, each logged in through the login
 * page's call (the seeded members share the demo member's password).
 */
async function pickMembers(db) {
  const { rows } = await db.query(
    `WITH counted AS (
       SELECT o.member_id, count(*) AS n FROM orders AS o
       JOIN member AS m ON m.id = o.member_id AND m.status = 'active'
       WHERE o.kind = 'pcb' AND o.deleted_at IS NULL GROUP BY o.member_id)
     (SELECT member_id, n FROM counted ORDER BY n DESC LIMIT 5)
     UNION ALL
     (SELECT member_id, n FROM counted WHERE member_id NOT IN
        (SELECT member_id FROM counted ORDER BY n DESC LIMIT 5)
      ORDER BY random() LIMIT $1)`,
    [MEMBERS_AT_ONCE - 5],
  );
  const { rows: mobiles } = await db.query(
    'SELECT id, mobile FROM member WHERE id = ANY($1::int[])',
    [rows.map((r) => r.member_id)],
  );
  const mobileOf = new Map(mobiles.map((m) => [m.id, m.mobile]));
  return rows.map((r) => ({
    id: r.member_id,
    pcbOrders: Number(r.n),
    mobile: mobileOf.get(r.member_id),
  }));
}

/**
 * autocannon's options for a call: each request as the next of the 50 members (their token),
 * and for the lists the next status tab in turn (所有, 待付款, 生产中, 已发货, 已完成), so each
 * member asks for each tab.
 */
function cannonOptions({ url, bodies, tokens }) {
  if (!tokens) return { url };
  let n = 0;
  const setupRequest = (request) => {
    const i = n;
    n += 1;
    const headers = { ...request.headers, authorization: `Bearer ${tokens[i % tokens.length]}` };
    if (!bodies) return { ...request, headers };
    return { ...request, headers, body: bodies[Math.floor(i / tokens.length) % bodies.length] };
  };
  return {
    url,
    ...(bodies ? { method: 'POST', headers: { 'content-type': 'application/json' } } : {}),
    requests: [{ setupRequest }],
  };
}

/** 50 connections without a pause: the server's most, and the wait behind the others. */
function cannonRun(opts) {
  return new Promise((resolve, reject) => {
    autocannon({ connections: MEMBERS_AT_ONCE, ...opts }, (err, res) => {
      if (err) reject(err);
      else if (res.non2xx > 0 || res.errors > 0)
        reject(new Error(`${opts.url}: ${res.non2xx} non-2xx, ${res.errors} errors`));
      else
        resolve({
          rps: Math.round(res.requests.average),
          p50Ms: res.latency.p50,
          p99Ms: res.latency.p99,
          requests: res.requests.total,
        });
    });
  });
}

/** Think time between a member's taps: uniform over 0–1 s (half a second on average). */
const PAUSE_MS = 1000;

/**
 * The 50 members as people use the app: each asks, waits for the answer, pauses (0–1 s) and
 * asks again (the next tab), all at once for `seconds`, about 100 requests a second in all.
 * Every answer is timed from the request to its last byte.
 */
async function pacedRun({ url, bodies, tokens }, seconds) {
  const until = performance.now() + seconds * 1000;
  const ms = [];
  const member = async (i) => {
    for (let n = 0; performance.now() < until; n += 1) {
      const headers = tokens ? { authorization: `Bearer ${tokens[i]}` } : {};
      const init = bodies
        ? {
            method: 'POST',
            body: bodies[n % bodies.length],
            headers: { ...headers, 'content-type': 'application/json' },
          }
        : { headers };
      const started = performance.now();
      const res = await fetch(url, init);
      await res.arrayBuffer();
      if (!res.ok) throw new Error(`${url}: ${res.status}`);
      ms.push(performance.now() - started);
      await new Promise((r) => setTimeout(r, Math.random() * PAUSE_MS));
    }
  };
  // Members start spread over the first pause, not in step.
  await Promise.all(
    Array.from({ length: MEMBERS_AT_ONCE }, async (_, i) => {
      await new Promise((r) => setTimeout(r, Math.random() * PAUSE_MS));
      return member(i);
    }),
  );
  ms.sort((a, b) => a - b);
  return {
    rps: Math.round(ms.length / seconds),
    p50Ms: round1(percentile(ms, 0.5)),
    p99Ms: round1(percentile(ms, 0.99)),
  };
}

/** An answer the server gave, checked (a failed call fails the bench). */
async function answer(res, what) {
  const body = await res.json();
  if (!body.success) throw new Error(`${what}: ${res.status} ${body.message}`);
  return body.data;
}

/** The desk's filters, drawn from the seeded data so each finds orders. */
async function deskFilters(db) {
  const n = deskRequestsPerKind;
  const statusKind = Array.from({ length: n }, (_, i) => ({
    kind: kinds[i % kinds.length],
    status: orderStatuses[Math.floor(i / kinds.length) % orderStatuses.length],
  }));
  const pick = async (sql) => (await db.query(sql, [n])).rows.map((r) => r.k);
  // A whole mobile, a mobile's first 7 digits, a name or company fragment, an order number
  // or its prefix and day (P20261126): what staff type into the one keyword box.
  const mobiles = await pick(
    `SELECT m.mobile AS k FROM member AS m WHERE EXISTS (SELECT 1 FROM orders AS o WHERE o.member_id = m.id)
     ORDER BY random() LIMIT $1`,
  );
  const names = await pick(
    `SELECT substr(company_name, 3, 2) AS k FROM member WHERE company_name IS NOT NULL
     ORDER BY random() LIMIT $1`,
  );
  const orderNos = await pick(
    `SELECT order_no AS k FROM orders WHERE id IN
       (SELECT 1 + floor(random() * (SELECT max(id) FROM orders))::int FROM generate_series(1, $1 * 2))
     LIMIT $1`,
  );
  const keywords = Array.from({ length: n }, (_, i) => {
    switch (i % 5) {
      case 0:
        return mobiles[i];
      case 1:
        return mobiles[i].slice(0, 7);
      case 2:
        return names[i];
      case 3:
        return orderNos[i];
      default:
        return orderNos[i].slice(0, 9);
    }
  });
  // A day, a week or a month, ending on a day of the last year, with a kind or without.
  const { rows: today } = await db.query(
    `SELECT to_char(now() AT TIME ZONE 'Asia/Shanghai', 'YYYY-MM-DD') AS d`,
  );
  const day = (offset) => {
    const d = new Date(`${today[0].d}T00:00:00Z`);
    d.setUTCDate(d.getUTCDate() - offset);
    return d.toISOString().slice(0, 10);
  };
  const dates = Array.from({ length: n }, (_, i) => {
    const to = (i * 37) % 365;
    const span = [0, 6, 29][i % 3];
    return {
      status: 'all',
      ...(i % 2 === 0 ? { kind: kinds[(i / 2) % 3] } : {}),
      dateFrom: day(to + span),
      dateTo: day(to),
    };
  });
  return {
    statusKind,
    keyword: keywords.map((keyword) => ({ keyword })),
    date: dates,
  };
}

const deskKinds = {
  statusKind: 'a status and a kind',
  keyword: 'a keyword (mobile, name, order no.)',
  date: 'a day range (day, week, month)',
};

async function deskList(base, headers, filter) {
  const query = new URLSearchParams({ ...filter, page: '1', pageSize: '20' });
  const started = performance.now();
  const res = await fetch(`${base}/api/StaffOrder/List?${query}`, { headers });
  const data = await answer(res, `StaffOrder/List ${query}`);
  return { ms: performance.now() - started, total: data.total, filter };
}

/**
 * The SQL the member's list, counts and the desk send (Drizzle writes the same shape): a page
 * carries its total (an uncorrelated count, run once as an InitPlan), and pages after the first
 * find their ids in an index first (decision 0049).
 */
const live = `"orders"."deleted_at" IS NULL`;
const listColumns = `"id", "order_no", "kind", "member_id", "status", "param_string", "sheet_version",
  "total", "ship_date", "file_name", "created_at", "pending_price_change_id", "open_eq_count",
  "answered_eq_count", "packed_at"`;
/** The total: every matching row, or (the desk, decision 0070) no more than `countUpTo` + 1. */
const countSql = (where, countUpTo) =>
  countUpTo === undefined
    ? `(select count(*) from "orders" where ${where})`
    : `(select count(*) from (select 1 from "orders" where ${where} limit ${countUpTo + 1}) "counted")`;
const pageSql = (where, order, limit, offset, countUpTo) =>
  `select ${listColumns}, ${countSql(where, countUpTo)} from "orders" where ` +
  (offset === 0
    ? `${where} order by ${order} limit ${limit}`
    : `"orders"."id" in (select "orders"."id" from "orders" where ${where} order by ${order} limit ${limit} offset ${offset}) order by ${order}`);
/** apps/server/src/modules/order/order.repository.ts's DESK_COUNT_UP_TO. */
const DESK_COUNT_UP_TO = 10_000;
const newestFirst = `"orders"."created_at" desc, "orders"."id" desc`;
const mine = `"orders"."member_id" = $1 and "orders"."kind" = $2 and ${live}`;
const planSql = {
  // The member's are prepared by the server: explained as their generic plans.
  memberPage: (memberId, offset) => ({
    prepared: true,
    text: pageSql(mine, newestFirst, '$3', offset === 0 ? 0 : '$4'),
    types: ['int', 'text', 'int', ...(offset === 0 ? [] : ['int'])],
    values: [memberId, 'pcb', 20, ...(offset === 0 ? [] : [offset])],
  }),
  memberStatusPage: (memberId, status) => ({
    prepared: true,
    text: pageSql(`${mine} and "orders"."status" = $3`, newestFirst, '$4', 0),
    types: ['int', 'text', 'text', 'int'],
    values: [memberId, 'pcb', status, 20],
  }),
  memberStatusCounts: (memberId) => ({
    prepared: true,
    text: `select "status", count(*) from "orders" where ${mine} group by "orders"."status"`,
    types: ['int', 'text'],
    values: [memberId, 'pcb'],
  }),
  deskPage: (kind, status, offset) => ({
    text: pageSql(
      `${live} and "orders"."kind" = $1 and "orders"."status" = $2`,
      newestFirst,
      20,
      offset,
      DESK_COUNT_UP_TO,
    ),
    values: [kind, status],
  }),
};

export async function measureOrders({
  base,
  databaseUrl,
  login,
  bareUrl,
  seconds,
  rounds,
  serverPid,
  barePid,
  pgDir,
}) {
  const seed = await seedOrders(databaseUrl);
  const db = new pg.Client({ connectionString: databaseUrl });
  await db.connect();
  try {
    const members = await pickMembers(db);
    const tokens = [];
    for (const m of members) tokens.push(await login(m.mobile));

    const listBodies = memberStatuses.map((status) =>
      JSON.stringify({ status, page: 1, pageSize: 20 }),
    );
    const calls = {
      pcbList: { url: `${base}/api/Pcb/GetMemberPcbOrders`, bodies: listBodies, tokens },
      smtList: { url: `${base}/api/Smt/GetList`, bodies: listBodies, tokens },
      stencilList: { url: `${base}/api/Stencil/GetList`, bodies: listBodies, tokens },
      pcbCounts: { url: `${base}/api/Pcb/GetMemberOrderStatusNum`, tokens },
      bare: { url: bareUrl },
    };
    const flatOut = Object.fromEntries(Object.keys(calls).map((k) => [k, []]));
    const paced = Object.fromEntries(Object.keys(calls).map((k) => [k, []]));
    // Rounds alternate the calls (and the bare baseline), each warmed up first, as the HTTP
    // part does: other work on the two cores moves one run more than anything measured.
    for (let round = 0; round < rounds; round += 1) {
      for (const [name, call] of Object.entries(calls)) {
        const opts = cannonOptions(call);
        await cannonRun({ ...opts, duration: 2 });
        const cpu = cpuMeter(name === 'bare' ? barePid : serverPid, pgDir);
        const run = await cannonRun({ ...opts, duration: seconds });
        flatOut[name].push({ ...run, ...cpu.per(run.requests) });
        paced[name].push(await pacedRun(call, seconds));
      }
    }
    const summary = (runs) =>
      Object.fromEntries(
        Object.entries(runs).map(([name, r]) => [
          name,
          {
            p99Ms: median(r.map((x) => x.p99Ms)),
            p50Ms: median(r.map((x) => x.p50Ms)),
            rps: median(r.map((x) => x.rps)),
            ...(r[0]?.nodeUs === undefined
              ? {}
              : { nodeUs: median(r.map((x) => x.nodeUs)), pgUs: median(r.map((x) => x.pgUs)) }),
            runs: r,
          },
        ]),
      );
    const http = { flatOut: summary(flatOut), paced: summary(paced) };

    // The desk: one request at a time (staff work one screen each), a new filter each call.
    const headers = await staffSession(base, deskLogin);
    const filters = await deskFilters(db);
    for (const filter of [{}, { status: 'all' }, { keyword: '138' }]) {
      await deskList(base, headers, filter);
    }
    const desk = {};
    const all = [];
    for (const [kind, list] of Object.entries(filters)) {
      const calls = [];
      for (const filter of list) calls.push(await deskList(base, headers, filter));
      const ms = calls.map((c) => c.ms).sort((a, b) => a - b);
      all.push(...ms);
      const slowest = [...calls].sort((a, b) => b.ms - a.ms).slice(0, 3);
      desk[kind] = {
        requests: calls.length,
        p50Ms: round1(percentile(ms, 0.5)),
        p95Ms: round1(percentile(ms, 0.95)),
        maxMs: round1(ms[ms.length - 1]),
        slowest: slowest.map((c) => ({ ms: round1(c.ms), total: c.total, filter: c.filter })),
      };
    }
    all.sort((a, b) => a - b);
    const deskAll = { p50Ms: round1(percentile(all, 0.5)), p95Ms: round1(percentile(all, 0.95)) };

    // The plans on the seeded data: the busiest member's list and counts, the desk's largest
    // status (every completed PCB order).
    const busiest = members[0];
    const plans = await orderPlans(db, busiest);

    return {
      seed,
      members: {
        count: members.length,
        busiest: members.slice(0, 5).map((m) => m.pcbOrders),
        medianPcbOrders: median(members.map((m) => m.pcbOrders)),
      },
      connections: MEMBERS_AT_ONCE,
      seconds,
      rounds,
      http,
      desk,
      deskAll,
      plans,
    };
  } finally {
    await db.end();
  }
}

/** The plans on the seeded data, as the server runs them (EXPLAIN ANALYZE, BUFFERS). */
export async function orderPlans(db, busiest) {
  const explain = async (q) => {
    if (!q.prepared) {
      const { rows } = await db.query({ ...q, text: `EXPLAIN (ANALYZE, BUFFERS) ${q.text}` });
      return rows.map((r) => r['QUERY PLAN']);
    }
    // As the server runs it: prepared, its generic plan (the same for every member).
    await db.query('SET plan_cache_mode = force_generic_plan');
    await db.query(`PREPARE bench_plan(${q.types.join(', ')}) AS ${q.text}`);
    try {
      const args = q.values.map((v) => db.escapeLiteral(String(v))).join(', ');
      const { rows } = await db.query(`EXPLAIN (ANALYZE, BUFFERS) EXECUTE bench_plan(${args})`);
      return rows.map((r) => r['QUERY PLAN']);
    } finally {
      await db.query('DEALLOCATE bench_plan');
      await db.query('RESET plan_cache_mode');
    }
  };
  const deep = Math.min(1000, Math.floor(busiest.pcbOrders / 2 / 20) * 20);
  const plans = [
    [
      `member's PCB list, page 1 with its total (member ${busiest.id}, ${busiest.pcbOrders} PCB orders)`,
      await explain(planSql.memberPage(busiest.id, 0)),
    ],
    [
      `  the same, 已完成, page 1`,
      await explain(planSql.memberStatusPage(busiest.id, 'completed')),
    ],
    [
      `  the same, page ${deep / 20 + 1} (${deep} orders in)`,
      await explain(planSql.memberPage(busiest.id, deep)),
    ],
    [
      "member's PCB status counts (the same member)",
      await explain(planSql.memberStatusCounts(busiest.id)),
    ],
    [
      'desk, PCB 已完成, page 1 with its total (counted up to 10,000)',
      await explain(planSql.deskPage('pcb', 'completed', 0)),
    ],
    ['  page 51 (1,000 orders in)', await explain(planSql.deskPage('pcb', 'completed', 1000))],
  ];
  return plans;
}

/** A plan's nodes (which index, how many rows) and its time. */
export function planOutline(lines) {
  return lines
    .filter(
      (l, i) =>
        i === 0 ||
        /^\s*(->|InitPlan|Index Cond|Filter|Heap Fetches|Buffers)/.test(l) ||
        /^Execution Time/.test(l),
    )
    .map((l) => l.replace(/\(cost=[^)]*\) /, ''));
}

export function printOrders(r, goals) {
  const mark = (ok) => (ok ? 'ok' : 'MISSED');
  const s = r.seed;
  console.log(
    `\nOrders at scale: ${r.connections} members at once, each with its own token (${r.rounds} alternating rounds of ${r.seconds} s, the flat-out ones after 2 s of warm-up; medians):`,
  );
  console.log(
    s.seeded > 0
      ? `  seeded ${s.seeded} orders in ${(s.seedMs / 1000).toFixed(1)} s (insert ${(s.insertMs / 1000).toFixed(1)} s, ` +
          `vacuum ${(s.vacuumMs / 1000).toFixed(1)} s, indexes ${(s.indexMs / 1000).toFixed(1)} s), ` +
          `over ${s.members.members} members` +
          (s.members.seeded
            ? ` (${s.members.seeded} seeded first, ${(s.members.seedMs / 1000).toFixed(1)} s)`
            : '')
      : '  orders already seeded in this database',
  );
  console.log(
    `  the 50: the 5 busiest (${r.members.busiest.join(', ')} PCB orders) and 45 at random (median ${r.members.medianPcbOrders})`,
  );
  const calls = [
    ['pcbList', 'POST Pcb/GetMemberPcbOrders (page 1, by tab)'],
    ['smtList', 'POST Smt/GetList (page 1, by tab)'],
    ['stencilList', 'POST Stencil/GetList (page 1, by tab)'],
    ['pcbCounts', 'GET Pcb/GetMemberOrderStatusNum'],
    ['bare', 'bare Fastify + pg pool, one primary-key read'],
  ];
  for (const [mode, title] of [
    [
      'paced',
      `the ${r.connections} members at a person's pace (each waits for its answer, pauses 0–1 s, asks again):`,
    ],
    [
      'flatOut',
      `the ${r.connections} members flat out (autocannon, ${r.connections} connections, no pause: the server's most):`,
    ],
  ]) {
    console.log(`  ${title}`);
    for (const [name, label] of calls) {
      const h = r.http[mode][name];
      // Flat out, the answers a second beside the bare read's: the server's cost, not the
      // machine's (other work on the two cores moves both alike).
      const ofBare =
        mode === 'flatOut' && name !== 'bare'
          ? `   ${(h.rps / r.http.flatOut.bare.rps).toFixed(2)} of bare`
          : '';
      const verdict =
        name === 'bare'
          ? '(baseline)'
          : `goal p99 ≤ ${goals.orderListP99Ms} ms: ${mark(h.p99Ms <= goals.orderListP99Ms)}${ofBare}`;
      // Flat out, the CPU per answer of the server (the bare baseline's own process for it) and
      // of PostgreSQL: what the other work on the machine moves least.
      const cpu =
        mode === 'flatOut' && h.nodeUs !== undefined
          ? `   CPU per answer: Node ${h.nodeUs} µs, PostgreSQL ${h.pgUs} µs`
          : '';
      console.log(
        `    ${label.padEnd(46)} p99 ${String(h.p99Ms).padStart(5)} ms   p50 ${String(h.p50Ms).padStart(5)} ms   ` +
          `${String(h.rps).padStart(5)} req/s   ${verdict}${cpu}   (p99 of rounds ${h.runs.map((x) => x.p99Ms).join(' ')})`,
      );
    }
  }
  console.log(
    `\n  Staff order desk (GET StaffOrder/List as engineer, page 1 of 20, one request at a time, a new filter each):`,
  );
  for (const [kind, d] of Object.entries(r.desk)) {
    console.log(
      `    ${deskKinds[kind].padEnd(36)} p50 ${d.p50Ms.toFixed(1).padStart(6)} ms   p95 ${d.p95Ms.toFixed(1).padStart(6)} ms   ` +
        `max ${d.maxMs.toFixed(1)} ms (${d.requests} requests; slowest: ` +
        d.slowest
          .map((c) => `${JSON.stringify(c.filter)} ${c.total} orders ${c.ms} ms`)
          .join('; ') +
        ')',
    );
  }
  console.log(
    `    all filters: p50 ${r.deskAll.p50Ms.toFixed(1)} ms   p95 ${r.deskAll.p95Ms.toFixed(1)} ms   ` +
      `goal p95 ≤ ${goals.orderDeskP95Ms} ms: ${mark(r.deskAll.p95Ms <= goals.orderDeskP95Ms)}`,
  );
  for (const [label, lines] of r.plans) {
    console.log(`\n  EXPLAIN ANALYZE, ${label.trim()}:`);
    for (const line of planOutline(lines)) console.log(`    ${line}`);
  }
}
