// Points (issue 23, decision 0073), against the server as `npm start` starts it: the demo member
// with 100,000 points-history rows (BENCH_POINTS_ROWS) over two years, in two yearly lots, the
// calls one at a time: the balance (`MemberInfo/Get`, the /member header's 积分), the
// expiring-soon figure (`MemberPointHistory/GetSummary`), a page of the history
// (`MemberPointHistory/GetList`, page 1 and a deep page), beside a bare read (the unread count).
import pg from 'pg';
import { bearer, latencies, timed } from './latency.mjs';

const ROWS = Number(process.env.BENCH_POINTS_ROWS ?? 100_000);

/** 1 January 00:00 China time of `year`. */
const yearStart = (year) => new Date(`${year}-01-01T00:00:00+08:00`);

/**
 * The history straight into the tables, as the points function would leave them: entries over
 * the last two years (sign-ins, orders, exchanges), their running balance, and the two lots of
 * what is left (oldest spent first), so balance = Σ entries = Σ lots.
 */
async function holdHistory(db, memberId) {
  await db.query('DELETE FROM point_entry WHERE member_id = $1', [memberId]);
  await db.query('DELETE FROM point_lot WHERE member_id = $1', [memberId]);
  const now = Date.now();
  const from = now - 700 * 86_400_000;
  await db.query(
    `INSERT INTO point_entry (member_id, delta, kind, ref, note, balance_after, created_at)
     SELECT $1, d.delta, d.kind, NULL, d.note, sum(d.delta) OVER (ORDER BY d.i), d.at
     FROM (
       SELECT i,
         CASE WHEN i % 10 = 0 THEN -5 WHEN i % 3 = 0 THEN 20 ELSE 3 END AS delta,
         CASE WHEN i % 10 = 0 THEN 'exchange' WHEN i % 3 = 0 THEN 'order' ELSE 'signIn' END AS kind,
         CASE WHEN i % 10 = 0 THEN '兑换' WHEN i % 3 = 0 THEN 'P2026' || lpad(i::text, 8, '0')
           ELSE '连续第3天' END AS note,
         to_timestamp(($2::double precision + (($3 - $2) * i::double precision / $4)) / 1000) AS at
       FROM generate_series(1, $4) i
     ) d ORDER BY d.i`,
    [memberId, from, now, ROWS],
  );
  const thisYear = Number(new Date(now + 8 * 3600_000).toISOString().slice(0, 4));
  const { rows } = await db.query(
    `SELECT
       coalesce(sum(delta) FILTER (WHERE delta > 0 AND created_at < $2), 0)::int AS old_earned,
       coalesce(sum(delta) FILTER (WHERE delta > 0 AND created_at >= $2), 0)::int AS new_earned,
       coalesce(-sum(delta) FILTER (WHERE delta < 0), 0)::int AS spent
     FROM point_entry WHERE member_id = $1`,
    [memberId, yearStart(thisYear)],
  );
  const { old_earned: oldEarned, new_earned: newEarned, spent } = rows[0];
  const oldLeft = Math.max(0, oldEarned - spent);
  const newLeft = newEarned - Math.max(0, spent - oldEarned);
  await db.query(
    `INSERT INTO point_lot (member_id, expires_at, earned, remaining)
     VALUES ($1, $2, $3, $4), ($1, $5, $6, $7)`,
    [
      memberId,
      yearStart(thisYear + 1),
      oldEarned,
      oldLeft,
      yearStart(thisYear + 2),
      newEarned,
      newLeft,
    ],
  );
  await db.query('UPDATE member SET points = $2 WHERE id = $1', [memberId, oldLeft + newLeft]);
  await db.query('ANALYZE point_entry');
  await db.query('ANALYZE point_lot');
  return oldLeft + newLeft;
}

export async function measurePoints({ base, databaseUrl, login }) {
  const db = new pg.Client({ connectionString: databaseUrl });
  await db.connect();
  try {
    const token = await login();
    const { rows: me } = await db.query(`SELECT id FROM member WHERE mobile = '13800138000'`);
    const balance = await holdHistory(db, me[0].id);
    const get = (path) => () => timed(`${base}/api/${path}`, { headers: bearer(token) });
    const info = get('MemberInfo/Get');
    const summary = get('MemberPointHistory/GetSummary');
    const page = get('MemberPointHistory/GetList?page=1&pageSize=20');
    const deepPage = Math.max(1, Math.min(100_000, Math.floor(ROWS / 20 / 2)));
    const deep = get(`MemberPointHistory/GetList?page=${deepPage}&pageSize=20`);
    const floor = get('MemberMessage/GetUnReadNum');
    const first = await summary();
    await latencies(50, info);
    await latencies(50, summary);
    await latencies(50, page);
    return {
      rows: ROWS,
      balance,
      summary: first.body.data,
      deepPage,
      floor: await latencies(300, floor),
      info: await latencies(500, info),
      expiring: await latencies(500, summary),
      page: await latencies(500, page),
      deep: await latencies(300, deep),
    };
  } finally {
    await db.end();
  }
}

export function printPoints(r, goals) {
  const mark = (ok) => (ok ? 'ok' : 'MISSED');
  const line = (name, l, goal) =>
    `  ${name}: p50 ${l.p50} ms p99 ${l.p99} ms (${l.failures} failed)` +
    (goal ? ` [goal p99 ≤ ${goal} ms: ${mark(l.p99 <= goal)}]` : '');
  console.log(
    `\nPoints (issue 23): a member with ${r.rows} history rows, ${r.balance} points, ` +
      `${r.summary.expiringSoon} expiring ${r.summary.expiresAt}`,
  );
  console.log(line('balance (MemberInfo/Get)', r.info, goals.pointReadP99Ms));
  console.log(
    line('expiring soon (MemberPointHistory/GetSummary)', r.expiring, goals.pointReadP99Ms),
  );
  console.log(line('history page 1 (MemberPointHistory/GetList)', r.page, goals.pointReadP99Ms));
  console.log(line(`history page ${r.deepPage}`, r.deep));
  console.log(line('beside MemberMessage/GetUnReadNum on this machine now', r.floor));
}
