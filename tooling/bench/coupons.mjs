// Coupons (issue 21, decisions 0061 and 0062), against the server as `npm start` starts it:
// - the pay sheet's usable-coupon list (`MemberRebate/getPcbUseableRebates`) for the demo
//   member holding 500 coupons (every service, amounts and minimums spread, some expired and
//   used), one request at a time and 10 at once;
// - 100 members claiming one campaign of 60 coupons at the same moment: the time until the
//   last answer, and the stock as the database has it after (exactly 60 claimed, 60 coupons).
import pg from 'pg';
import { bearer, latencies, round1, timed } from './latency.mjs';

const HOLDING = 500;
const CLAIMERS = 100;
const STOCK = 60;
const DAY_MS = 86_400_000;

/** 500 coupons for the member, straight into the table (as grants would make them). */
async function holdCoupons(db, memberId) {
  const { rows: templates } = await db.query(
    `SELECT id, name, service_type FROM coupon_template ORDER BY id`,
  );
  if (templates.length === 0) throw new Error('no coupon templates: run the seed first');
  await db.query(
    `INSERT INTO member_coupon (member_id, template_id, name, service_type, amount_fen,
       min_order_fen, valid_from, valid_to, source, created_at)
     SELECT $1, ($3::int[])[1 + i % $6], ($4::text[])[1 + i % $6], ($5::text[])[1 + i % $6],
       100 * (1 + i % 50), 1000 * (i % 40),
       now() - interval '40 days',
       now() + ((i % 60) - 5) * interval '1 day',
       'grant', now()
     FROM generate_series(1, $2) i`,
    [
      memberId,
      HOLDING,
      templates.map((t) => t.id),
      templates.map((t) => t.name),
      templates.map((t) => t.service_type),
      templates.length,
    ],
  );
}

/** 100 members with the demo member's password, each with a token. */
async function claimers(db, login) {
  await db.query(
    `INSERT INTO member (mobile, password_hash)
     SELECT '1990000' || lpad(i::text, 4, '0'),
       (SELECT password_hash FROM member WHERE mobile = '13800138000')
     FROM generate_series(1, $1) i ON CONFLICT (mobile) DO NOTHING`,
    [CLAIMERS],
  );
  const tokens = [];
  for (let i = 1; i <= CLAIMERS; i += 1) {
    tokens.push(await login(`1990000${String(i).padStart(4, '0')}`));
  }
  return tokens;
}

export async function measureCoupons({ base, databaseUrl, login }) {
  const db = new pg.Client({ connectionString: databaseUrl });
  await db.connect();
  try {
    const token = await login();
    const { rows: me } = await db.query(`SELECT id FROM member WHERE mobile = '13800138000'`);
    const memberId = me[0].id;
    await db.query('DELETE FROM member_coupon WHERE member_id = $1 AND used_order_id IS NULL', [
      memberId,
    ]);
    await holdCoupons(db, memberId);
    const { rows: orders } = await db.query(
      `SELECT id, total FROM orders WHERE member_id = $1 AND kind = 'pcb' AND deleted_at IS NULL
       ORDER BY (status = 'awaitingPayment') DESC, id LIMIT 1`,
      [memberId],
    );
    if (!orders[0]) throw new Error('the demo member has no PCB order');
    const list = () =>
      timed(`${base}/api/MemberRebate/getPcbUseableRebates`, {
        method: 'POST',
        headers: { ...bearer(token), 'content-type': 'application/json' },
        body: JSON.stringify({ orderId: orders[0].id }),
      });
    // The floor on this machine now: the same member's count of coupons (one aggregate over
    // the same index, the same authentication and envelope).
    const count = () =>
      timed(`${base}/api/MemberRebate/GetAvailableNum`, { headers: bearer(token) });
    const sample = await list();
    await latencies(50, list);
    const floor = await latencies(500, count);
    const one = await latencies(500, list);
    const ten = await latencies(1000, list, 10);

    const tokens = await claimers(db, login);
    const { rows: tpl } = await db.query(`SELECT id FROM coupon_template ORDER BY id LIMIT 1`);
    const { rows: created } = await db.query(
      `INSERT INTO coupon_campaign (name, template_id, stock, per_member_limit, starts_at, ends_at, created_at)
       VALUES ('压测活动', $1, $2, 1, now() - interval '1 minute', now() + $3 * interval '1 millisecond', now())
       RETURNING id`,
      [tpl[0].id, STOCK, DAY_MS],
    );
    const campaignId = created[0].id;
    const start = performance.now();
    const answers = await Promise.all(
      tokens.map((t) =>
        timed(`${base}/api/MemberRebate/ClaimCampaign`, {
          method: 'POST',
          headers: { ...bearer(t), 'content-type': 'application/json' },
          body: JSON.stringify({ id: campaignId }),
        }),
      ),
    );
    const totalMs = performance.now() - start;
    const { rows: after } = await db.query(
      `SELECT c.claimed, (SELECT count(*)::int FROM member_coupon m WHERE m.campaign_id = c.id) AS coupons
       FROM coupon_campaign c WHERE c.id = $1`,
      [campaignId],
    );
    return {
      holding: HOLDING,
      listed: sample.body.data?.items.length ?? 0,
      usable: sample.body.data?.items.filter((c) => c.isUsable).length ?? 0,
      floor,
      one,
      ten,
      claims: {
        at: CLAIMERS,
        stock: STOCK,
        totalMs: round1(totalMs),
        ok: answers.filter((a) => a.status === 200).length,
        soldOut: answers.filter((a) => a.status === 400).length,
        other: answers.filter((a) => a.status !== 200 && a.status !== 400).length,
        claimed: after[0].claimed,
        coupons: after[0].coupons,
      },
    };
  } finally {
    await db.end();
  }
}

export function printCoupons(r, goals) {
  const mark = (ok) => (ok ? 'ok' : 'MISSED');
  console.log('\nCoupons (issue 21)');
  console.log(
    `  usable list, ${r.holding} coupons held (${r.listed} listed, ${r.usable} usable): ` +
      `1 at a time p50 ${r.one.p50} ms p99 ${r.one.p99} ms (${r.one.failures} failed); ` +
      `10 at once p50 ${r.ten.p50} ms p99 ${r.ten.p99} ms (${r.ten.failures} failed) ` +
      `[goal p99 ≤ ${goals.couponListP99Ms} ms: ${mark(r.one.p99 <= goals.couponListP99Ms)}]; ` +
      `beside GetAvailableNum on this machine now: p50 ${r.floor.p50} ms p99 ${r.floor.p99} ms`,
  );
  const c = r.claims;
  const exact = c.ok === c.stock && c.claimed === c.stock && c.coupons === c.stock && c.other === 0;
  console.log(
    `  ${c.at} claims at once of a campaign of ${c.stock}: all answered in ${c.totalMs} ms ` +
      `[goal ≤ ${goals.couponClaimsMs} ms: ${mark(c.totalMs <= goals.couponClaimsMs)}]; ` +
      `${c.ok} claimed, ${c.soldOut} 已领完, ${c.other} other; the database: ${c.claimed} claimed, ` +
      `${c.coupons} coupons [exact: ${mark(exact)}]`,
  );
}
