// Money at scale (issue 20, decision 0058): the books of the 1,000,000 seeded orders (about
// 1,000,000 ledger transactions, 2,000,000 entries over 100,000 members, checked by the
// reconciliation), then against the server as `npm start` starts it:
// - a balance payment (`Pcb/Pay`, method balance, with the payment password) by 20 payers at
//   once, beside a bare route doing what any balance payment must (one check of the payment
//   password as the server checks it, a keyed HMAC since decision 0063, and one primary-key
//   read): the floor;
// - a member's balance (`MemberAdvancePayment/GetBalance`) and a page of their money log
//   (`GetLogs`) for 20 members at once, beside the bare primary-key read;
// each at a person's pace (answer, pause 0–1 s, again) and flat out (no pause), in alternating
// rounds, medians; and the plans of the log's queries for the member with the longest log.
import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { cpuMeter, seedOrders } from './orders.mjs';
import { hashPin, paymentPasswordKey } from './pin-hash.mjs';

export const PAY_PASSWORD = '135790';
const AT_ONCE = 20;
const PAUSE_MS = 1000;
/**
 * A paced round lasts three flat rounds: 20 people at 0–1 s pauses ask ~35 times a second, and
 * a p99 over a 5-second round's ~175 answers is its second-slowest, one hiccup of the machine.
 */
const PACED_FACTOR = 3;
/** Orders waiting for payment made for each payer (more than a run's payments). */
const ORDERS_PER_PAYER = Number(process.env.BENCH_PAY_ORDERS ?? 400);

const percentile = (sorted, p) =>
  sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(p * sorted.length) - 1))];
const round1 = (n) => Math.round(n * 10) / 10;
const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

/** The kinds the log (收支明细) lists when no type is chosen (money.service.ts `moneyLogOf`). */
const LOG_KINDS = [
  'recharge',
  'receipt',
  'duplicate',
  'orderPay',
  'orderRefund',
  'duplicateRefunded',
  'adjustment',
  'opening',
];

/**
 * The 20 members whose balance and log are read: the 5 with the longest logs (a distributor's
 * thousands of payments) and 15 at random among members with books.
 */
async function pickReaders(db) {
  const { rows } = await db.query(
    `WITH counted AS (
       SELECT t.member_id, count(*)::int AS n FROM ledger_txn t
       JOIN member m ON m.id = t.member_id AND m.status = 'active'
       GROUP BY t.member_id)
     (SELECT member_id, n FROM counted ORDER BY n DESC LIMIT 5)
     UNION ALL
     (SELECT member_id, n FROM counted WHERE n > 1 AND member_id NOT IN
        (SELECT member_id FROM counted ORDER BY n DESC LIMIT 5)
      ORDER BY random() LIMIT $1)`,
    [AT_ONCE - 5],
  );
  return withMobiles(
    db,
    rows.map((r) => ({ id: r.member_id, txns: r.n })),
  );
}

async function withMobiles(db, members) {
  const { rows } = await db.query('SELECT id, mobile FROM member WHERE id = ANY($1::int[])', [
    members.map((m) => m.id),
  ]);
  const mobileOf = new Map(rows.map((r) => [r.id, r.mobile]));
  return members.map((m) => ({ ...m, mobile: mobileOf.get(m.id) }));
}

/**
 * 20 payers (active members with books, none of the readers), each with the payment password
 * set, ORDERS_PER_PAYER PCB orders waiting for payment (copies of a seeded one, as placed and
 * passed review) and the balance to pay them all, credited the way finance credits one
 * (an adjustment, through the ledger's triggers).
 */
async function preparePayers(db, readers) {
  const passwordHash = hashPin(paymentPasswordKey(), PAY_PASSWORD);
  const { rows: picked } = await db.query(
    `SELECT m.id FROM member m
     WHERE m.status = 'active' AND m.id <> ALL($1::int[])
       AND EXISTS (SELECT 1 FROM ledger_account a WHERE a.key = 'mb:' || m.id)
     ORDER BY random() LIMIT $2`,
    [readers.map((r) => r.id), AT_ONCE],
  );
  const payers = await withMobiles(
    db,
    picked.map((r) => ({ id: r.id })),
  );
  const { rows: template } = await db.query(
    `SELECT id FROM orders WHERE kind = 'pcb' AND status = 'awaitingPayment' AND deleted_at IS NULL
     AND request_id LIKE 'bench-%' ORDER BY id DESC LIMIT 1`,
  );
  if (!template[0]) throw new Error('no seeded PCB order waits for payment to copy');
  const { rows: columns } = await db.query(
    `SELECT column_name AS name FROM information_schema.columns
     WHERE table_schema = 'public' AND table_name = 'orders'
       AND column_name NOT IN ('id', 'order_no', 'request_id', 'request_digest', 'member_id',
         'created_at', 'updated_at', 'status_changed_at')`,
  );
  const list = columns.map((c) => `"${c.name}"`).join(', ');
  for (const [i, payer] of payers.entries()) {
    await db.query('UPDATE member SET payment_password_hash = $1 WHERE id = $2', [
      passwordHash,
      payer.id,
    ]);
    const { rows: orders } = await db.query(
      `INSERT INTO orders (order_no, request_id, member_id, created_at, updated_at,
         status_changed_at, ${list})
       SELECT 'P9' || lpad(($2::int * 100000 + g)::text, 10, '0'), 'benchpay-' || $2 || '-' || g,
         $3, now(), now(), now(), ${list}
       FROM orders o CROSS JOIN generate_series(1, $4::int) g WHERE o.id = $1
       RETURNING id, total`,
      [template[0].id, i, payer.id, ORDERS_PER_PAYER],
    );
    payer.orders = orders.map((o) => o.id);
    const needed = orders.reduce((sum, o) => sum + o.total, 0);
    await db.query('BEGIN');
    try {
      const { rows: txn } = await db.query(
        `INSERT INTO ledger_txn (kind, ref, member_id, note, created_at)
         VALUES ('adjustment', $1, $2, '压测付款备用金', now()) RETURNING id`,
        [`adjust:bench-payer-${payer.id}`, payer.id],
      );
      await db.query(
        `INSERT INTO ledger_entry (txn_id, account_id, amount, created_at)
         SELECT $1, id, CASE WHEN key = 'adjustment' THEN -$3::bigint ELSE $3::bigint END, now()
         FROM ledger_account WHERE key IN ('adjustment', 'mb:' || $2) ORDER BY id`,
        [txn[0].id, payer.id, needed],
      );
      await db.query('COMMIT');
    } catch (error) {
      await db.query('ROLLBACK');
      throw error;
    }
  }
  return payers;
}

/** One request, timed from sending to its last byte; the answer checked. */
async function timed(url, init, check) {
  const started = performance.now();
  const res = await fetch(url, init);
  const text = await res.text();
  const ms = performance.now() - started;
  if (!res.ok) throw new Error(`${url}: ${res.status} ${text.slice(0, 200)}`);
  if (check) check(JSON.parse(text));
  return ms;
}

/**
 * AT_ONCE clients, each sending `next(i, n)` (its n-th request) and waiting for the answer,
 * with a pause of 0–1 s between (`paced`) or none, for `seconds`.
 */
async function load(next, seconds, paced) {
  const until = performance.now() + seconds * 1000;
  const ms = [];
  const client = async (i) => {
    if (paced) await new Promise((r) => setTimeout(r, Math.random() * PAUSE_MS));
    for (let n = 0; performance.now() < until; n += 1) {
      const { url, init, check } = next(i, n);
      ms.push(await timed(url, init, check));
      if (paced) await new Promise((r) => setTimeout(r, Math.random() * PAUSE_MS));
    }
  };
  const started = performance.now();
  await Promise.all(Array.from({ length: AT_ONCE }, (_, i) => client(i)));
  const elapsed = (performance.now() - started) / 1000;
  ms.sort((a, b) => a - b);
  return {
    requests: ms.length,
    rps: Math.round(ms.length / elapsed),
    p50Ms: round1(percentile(ms, 0.5)),
    p99Ms: round1(percentile(ms, 0.99)),
  };
}

const bearer = (token) => ({ authorization: `Bearer ${token}` });

const kindList = LOG_KINDS.map((k) => `'${k}'`).join(', ');
const logWhere = `("ledger_txn"."member_id" = $1 and "ledger_txn"."kind" in (${kindList}))`;
const logOrder = `"ledger_txn"."created_at" desc, "ledger_txn"."id" desc`;
/**
 * The log's page with its count as the server sends them (ledger.repository `memberTxns`,
 * `pagedList`): page 1 directly, a later page by the keys it reads from the index.
 */
const logPageSql = (offset) =>
  `select "id", "kind", "order_id", "order_no", "note", "created_at",
    (select coalesce(json_agg(json_build_object('amount', e.amount, 'kind', a.kind,
        'channel', a.channel, 'memberId', a.member_id) order by e.id), '[]')
      from ledger_entry e join ledger_account a on a.id = e.account_id
      where e.txn_id = "ledger_txn"."id"),
    (select count(*) from "ledger_txn" where ${logWhere})
  from "ledger_txn" where ` +
  (offset === 0
    ? `${logWhere} order by ${logOrder} limit $2`
    : `"ledger_txn"."id" in (select "ledger_txn"."id" from "ledger_txn" where ${logWhere}
        order by ${logOrder} limit $2 offset ${offset}) order by ${logOrder}`);

async function explain(db, text, values) {
  const { rows } = await db.query(`EXPLAIN (ANALYZE, BUFFERS) ${text}`, values);
  return rows.map((r) => r['QUERY PLAN']);
}

async function moneyPlans(db, member) {
  return [
    [
      `GetLogs page 1 with its entries and count (member ${member.id}, ${member.txns} transactions)`,
      await explain(db, logPageSql(0), [member.id, 20]),
    ],
    ['  the same, page 50 (980 in)', await explain(db, logPageSql(980), [member.id, 20])],
    [
      'GetBalance (the three accounts by key)',
      await explain(db, `select key, balance from ledger_account where key in ($1, $2, $3)`, [
        `mb:${member.id}`,
        `mg:${member.id}`,
        `mh:${member.id}`,
      ]),
    ],
  ];
}

export async function measureMoney({
  base,
  databaseUrl,
  login,
  bareUrl,
  bareVerifyUrl,
  seconds,
  rounds,
  reconcile,
  serverPid,
  barePid,
  pgDir,
}) {
  const seed = await seedOrders(databaseUrl);
  const books = await reconcile();
  const db = new pg.Client({ connectionString: databaseUrl });
  await db.connect();
  try {
    const { rows: size } = await db.query(
      `SELECT (SELECT count(*) FROM ledger_txn)::int AS txns,
         (SELECT count(*) FROM ledger_entry)::int AS entries,
         (SELECT count(DISTINCT member_id) FROM ledger_txn)::int AS members`,
    );
    const readers = await pickReaders(db);
    for (const r of readers) r.token = await login(r.mobile);
    const payers = await preparePayers(db, readers);
    for (const p of payers) p.token = await login(p.mobile);
    // The seed wrote gigabytes a running system writes over years: their checkpoint, flushed
    // now, would otherwise land in the measured seconds and stall commits (the payment's p99).
    await db.query('CHECKPOINT');

    const logQueries = [1, 2, 3].map((page) => `?page=${page}&pageSize=20`);
    const paidCursor = payers.map(() => 0);
    const calls = {
      pay: (i) => {
        const payer = payers[i];
        const orderId = payer.orders[paidCursor[i]++];
        if (orderId === undefined) throw new Error('the payer has no order left to pay');
        return {
          url: `${base}/api/Pcb/Pay`,
          init: {
            method: 'POST',
            headers: { ...bearer(payer.token), 'content-type': 'application/json' },
            body: JSON.stringify({
              id: orderId,
              requestId: randomUUID(),
              method: 'balance',
              paymentPassword: PAY_PASSWORD,
            }),
          },
          check: (body) => {
            if (body.data?.status !== 'paid') throw new Error(`not paid: ${JSON.stringify(body)}`);
          },
        };
      },
      verify: () => ({ url: bareVerifyUrl, init: {} }),
      balance: (i) => ({
        url: `${base}/api/MemberAdvancePayment/GetBalance`,
        init: { headers: bearer(readers[i].token) },
      }),
      logs: (i, n) => ({
        url: `${base}/api/MemberAdvancePayment/GetLogs${logQueries[n % logQueries.length]}`,
        init: { headers: bearer(readers[i].token) },
      }),
      bare: () => ({ url: bareUrl, init: {} }),
    };
    // BENCH_MONEY_CALLS=logs,bare measures only those (a profile of one call, say).
    const wanted = process.env.BENCH_MONEY_CALLS?.split(',');
    for (const name of Object.keys(calls)) if (wanted && !wanted.includes(name)) delete calls[name];
    // Unmeasured warm-up of each (JIT, pools, the payment password's first verification).
    for (const [name, next] of Object.entries(calls)) {
      if (name !== 'pay') await load(next, 1, false);
    }
    if (calls.pay) await load(calls.pay, 1, true);

    const runs = Object.fromEntries(
      Object.keys(calls).flatMap((k) => [
        [`${k}:paced`, []],
        [`${k}:flat`, []],
      ]),
    );
    for (let round = 0; round < rounds; round += 1) {
      for (const [name, next] of Object.entries(calls)) {
        runs[`${name}:paced`].push(await load(next, seconds * PACED_FACTOR, true));
        // Flat out, the CPU each answer cost the server (the bare routes: their own process)
        // and PostgreSQL: what other work on the machine moves least (decision 0049).
        const cpu = cpuMeter(name === 'verify' || name === 'bare' ? barePid : serverPid, pgDir);
        const run = await load(next, seconds, false);
        runs[`${name}:flat`].push({ ...run, ...cpu.per(run.requests) });
      }
    }
    const figures = Object.fromEntries(
      Object.entries(runs).map(([key, r]) => [
        key,
        {
          p50Ms: median(r.map((x) => x.p50Ms)),
          p99Ms: median(r.map((x) => x.p99Ms)),
          rps: median(r.map((x) => x.rps)),
          ...(r[0]?.nodeUs === undefined
            ? {}
            : { nodeUs: median(r.map((x) => x.nodeUs)), pgUs: median(r.map((x) => x.pgUs)) }),
          rounds: r,
        },
      ]),
    );
    const payments = paidCursor.reduce((a, b) => a + b, 0);
    return {
      seed,
      books,
      size: size[0],
      readers: readers.map((r) => r.txns),
      payments,
      seconds,
      rounds,
      figures,
      plans: await moneyPlans(db, readers[0]),
    };
  } finally {
    await db.end();
  }
}

export function printMoney(r, goals) {
  const mark = (ok) => (ok ? 'ok' : 'MISSED');
  const s = r.seed.ledger;
  console.log(
    `\nMoney: ${r.size.txns} ledger transactions (${r.size.entries} entries) over ${r.size.members} members` +
      (s?.seeded
        ? `; the seeded orders' books written in ${(s.seedMs / 1000).toFixed(1)} s (${s.paid} paid orders, ${s.offline} by bank transfer; ${Object.entries(
            s.parts,
          )
            .map(([k, ms]) => `${k} ${(ms / 1000).toFixed(1)} s`)
            .join(', ')})`
        : ''),
  );
  console.log(
    `  npm run reconcile on them: ${r.books.differences === 0 ? 'no differences' : `${r.books.differences} differences`} ` +
      `(${(r.books.ms / 1000).toFixed(1)} s)   ${mark(r.books.differences === 0)}` +
      (r.books.differences ? `\n${r.books.output}` : ''),
  );
  console.log(
    `  ${AT_ONCE} at once, ${r.rounds} alternating rounds (${r.seconds * PACED_FACTOR} s at a person's pace: answer, pause 0–1 s; ${r.seconds} s flat out), medians; ` +
      `readers: the 5 longest logs (${r.readers.slice(0, 5).join(', ')} transactions) and 15 at random (median ${median(r.readers.slice(5))}); ${r.payments} payments made`,
  );
  const rows = [
    ['pay', 'POST Pcb/Pay, balance, with the payment password', 'verify', goals.balancePayP99Ms],
    ['verify', 'bare: one payment-password check (HMAC) + one primary-key read', null, null],
    ['balance', 'GET MemberAdvancePayment/GetBalance', 'bare', goals.moneyReadP99Ms],
    ['logs', 'GET MemberAdvancePayment/GetLogs (pages 1–3)', 'bare', goals.moneyReadP99Ms],
    ['bare', 'bare: one primary-key read', null, null],
  ];
  for (const mode of ['paced', 'flat']) {
    console.log(`  ${mode === 'paced' ? "at a person's pace" : 'flat out'}:`);
    for (const [name, label, baseline, goal] of rows) {
      const f = r.figures[`${name}:${mode}`];
      if (!f) continue;
      const b = baseline ? (r.figures[`${baseline}:${mode}`] ?? null) : null;
      const ratio = b
        ? `   p99 ${(f.p99Ms / b.p99Ms).toFixed(1)}× and ${(f.rps / b.rps).toFixed(2)} of the rate of ${baseline}`
        : '   (baseline)';
      const verdict = goal ? `   goal p99 ≤ ${goal} ms: ${mark(f.p99Ms <= goal)}` : '';
      const cpu =
        f.nodeUs === undefined
          ? ''
          : `   CPU per answer: Node ${f.nodeUs} µs, PostgreSQL ${f.pgUs} µs`;
      console.log(
        `    ${label.padEnd(54)} p99 ${String(f.p99Ms).padStart(6)} ms   p50 ${String(f.p50Ms).padStart(6)} ms   ${String(f.rps).padStart(5)}/s${verdict}${ratio}${cpu}   (p99 of rounds ${f.rounds.map((x) => x.p99Ms).join(' ')})`,
      );
    }
  }
  for (const [label, lines] of r.plans) {
    console.log(`\n  EXPLAIN ANALYZE, ${label.trim()}:`);
    for (const line of lines) {
      if (
        /^\s*(->|InitPlan|Index Cond|Filter|Heap Fetches|Buffers|Sort)|Execution Time|^\S/.test(
          line,
        )
      )
        console.log(`    ${line.replace(/\(cost=[^)]*\) /, '')}`);
    }
  }
}
