// Bills (issue 22, decisions 0067 and 0068), against the server as `npm start` starts it: the
// demo member holding 10,000 bills (both invoice types, two years of payments, some refunded,
// 2,000 in requests, one issued and one waiting), the invoicing centre's calls one at a time:
// a filtered page of `Bill/GetList` (普票, 待开票, the last year), a deep page of it, and
// `Bill/GetTotalAmount` of the same filter and of a 100-bill selection.
import pg from 'pg';
import { bearer, latencies, timed } from './latency.mjs';

const BILLS = 10_000;
/** Bills of the bench, far above any order id the seeds make. */
const FIRST_ID = 1_900_000_000;

const chinaDay = (ms) => new Date(ms + 8 * 3600_000).toISOString().slice(0, 10);

/** 10,000 bills for the member, straight into the table (as paid orders' payments write them). */
async function holdBills(db, memberId) {
  await db.query('DELETE FROM invoice_request WHERE member_id = $1', [memberId]);
  await db.query('DELETE FROM bill WHERE member_id = $1 AND order_id >= $2', [memberId, FIRST_ID]);
  await db.query(
    `INSERT INTO bill (order_id, member_id, order_no, order_kind, invoice_type, title_type, title,
       tax_number, paid_fen, excluded_fen, amount_fen, refunded_fen, paid_at, refunded_at)
     SELECT $2 + i, $1, 'PB' || lpad(i::text, 12, '0'),
       (ARRAY['pcb', 'smt', 'stencil'])[1 + i % 3],
       CASE WHEN i % 5 = 0 THEN 'special' ELSE 'normal' END, 'company', '深圳示例电子有限公司',
       '91440300MA5DCKXX0T', 5000 + i % 90000, CASE WHEN i % 17 = 0 THEN 1000 ELSE 0 END,
       5000 + i % 90000 - CASE WHEN i % 17 = 0 THEN 1000 ELSE 0 END,
       CASE WHEN i % 20 = 0 THEN 5000 + i % 90000 - CASE WHEN i % 17 = 0 THEN 1000 ELSE 0 END ELSE 0 END,
       now() - (i * interval '1 hour' * 1.75),
       CASE WHEN i % 20 = 0 THEN now() - (i * interval '1 hour' * 1.75) + interval '1 day' END
     FROM generate_series(1, $3) i`,
    [memberId, FIRST_ID, BILLS],
  );
  const profile = {
    invoiceType: 'normal',
    titleType: 'company',
    title: '深圳示例电子有限公司',
    taxNumber: '91440300MA5DCKXX0T',
    registeredAddress: null,
    registeredPhone: null,
    bankName: null,
    bankAccount: null,
    email: 'finance@example.com',
  };
  // Two requests of 1,000 bills each: one issued, one waiting.
  for (const [status, offset] of [
    ['approved', 1],
    ['pending', 2],
  ]) {
    const { rows } = await db.query(
      `INSERT INTO invoice_request (member_id, invoice_type, profile_id, profile, total_fen,
         bill_count, status, decided_at, invoice_no, pdf_key, pdf_source, created_at)
       VALUES ($1, 'normal', 1, $2, 1, 1000, $3,
         CASE WHEN $3 = 'approved' THEN now() END,
         CASE WHEN $3 = 'approved' THEN '12345678901234567890' END,
         CASE WHEN $3 = 'approved' THEN 'invoicePdf/bench.pdf' END,
         CASE WHEN $3 = 'approved' THEN 'upload' END, now())
       RETURNING id`,
      [memberId, JSON.stringify(profile), status],
    );
    const id = rows[0].id;
    const { rows: claimed } = await db.query(
      `UPDATE bill SET request_id = $1
       WHERE order_id IN (
         SELECT order_id FROM bill WHERE member_id = $2 AND order_id >= $3 AND request_id IS NULL
           AND refunded_at IS NULL AND amount_fen > 0 AND invoice_type = 'normal'
           AND (order_id - $3) % 3 = $4
         ORDER BY order_id LIMIT 1000)
       RETURNING order_id, amount_fen`,
      [id, memberId, FIRST_ID, offset],
    );
    await db.query(
      `INSERT INTO invoice_request_bill (request_id, order_id, amount_fen)
       SELECT $1, unnest($2::int[]), unnest($3::int[])`,
      [id, claimed.map((c) => c.order_id), claimed.map((c) => c.amount_fen)],
    );
    await db.query(`UPDATE invoice_request SET total_fen = $2, bill_count = $3 WHERE id = $1`, [
      id,
      claimed.reduce((s, c) => s + c.amount_fen, 0),
      claimed.length,
    ]);
  }
  await db.query('ANALYZE bill');
}

export async function measureBills({ base, databaseUrl, login }) {
  const db = new pg.Client({ connectionString: databaseUrl });
  await db.connect();
  try {
    const token = await login();
    const { rows: me } = await db.query(`SELECT id FROM member WHERE mobile = '13800138000'`);
    const memberId = me[0].id;
    await holdBills(db, memberId);
    const now = Date.now();
    const filter = {
      invoiceType: 'normal',
      state: 'open',
      start: chinaDay(now - 365 * 86_400_000),
      end: chinaDay(now),
    };
    const post = (path, body) =>
      timed(`${base}/api/Bill/${path}`, {
        method: 'POST',
        headers: { ...bearer(token), 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
    const page = () => post('GetList', { ...filter, page: 1, pageSize: 20 });
    const deep = () => post('GetList', { ...filter, page: 50, pageSize: 20 });
    const sum = () => post('GetTotalAmount', { params: filter });
    const first = await page();
    const selection = first.body.data.items.map((b) => b.id);
    const more = await post('GetList', { ...filter, page: 1, pageSize: 100 });
    const ids = more.body.data.items.map((b) => b.id);
    const sumIds = () => post('GetTotalAmount', { params: { ids } });
    // The floor on this machine now: the member's unread count (one small query, same auth).
    const floor = () => timed(`${base}/api/MemberMessage/GetUnReadNum`, { headers: bearer(token) });
    await latencies(50, page);
    await latencies(50, sum);
    const total = await sum();
    return {
      bills: BILLS,
      matching: first.body.data.total,
      selected: selection.length,
      sumTotal: total.body.data,
      floor: await latencies(300, floor),
      page: await latencies(500, page),
      deep: await latencies(300, deep),
      sum: await latencies(500, sum),
      sumIds: await latencies(300, sumIds),
    };
  } finally {
    await db.end();
  }
}

export function printBills(r, goals) {
  const mark = (ok) => (ok ? 'ok' : 'MISSED');
  const line = (name, l, goal) =>
    `  ${name}: p50 ${l.p50} ms p99 ${l.p99} ms (${l.failures} failed)` +
    (goal ? ` [goal p99 ≤ ${goal} ms: ${mark(l.p99 <= goal)}]` : '');
  console.log(`\nBills (issue 22): a member with ${r.bills} bills, ${r.matching} match the filter`);
  console.log(line('GetList, 普票 待开票 last year, page 1', r.page, goals.billPageP99Ms));
  console.log(line('GetList, the same, page 50', r.deep));
  console.log(
    line(
      `GetTotalAmount of the filter (${r.sumTotal.count} bills, ${r.sumTotal.total} fen)`,
      r.sum,
      goals.billTotalP99Ms,
    ),
  );
  console.log(line('GetTotalAmount of 100 chosen bills', r.sumIds));
  console.log(line('beside MemberMessage/GetUnReadNum on this machine now', r.floor));
}
