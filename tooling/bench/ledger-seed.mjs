// The money behind the bench's orders (issue 20, decision 0058): every seeded order that is in
// production, shipped or completed was paid, and the books say so, as `npm run reconcile`
// checks them. 60 % were paid from the member's balance, 40 % by bank transfer that finance
// recorded (order_offline_payment); each member starts with an opening balance (the balances
// the ledger took over, as its migration writes them) that covers what they paid from it and
// leaves something; about a third were given gift balance by finance. About 1,000,000 ledger
// transactions (2,000,000 entries) over the 100,000 members, written set-based.
//
// The ledger's triggers apply each entry to its account's row one by one; a bulk load of a
// million entries through them would update the bank's one row 400,000 times in one
// transaction. So this one session writes with `session_replication_role = replica` (no
// triggers, no foreign-key checks: the server's own sessions keep every one), writes each
// entry's balance_after and each account's balance as the triggers would have, and the books
// are then checked by the reconciliation itself (run.mjs), not assumed.

/** Paid orders (not already paid in the books) and how: one row each. */
const paidOrdersSql = `
CREATE TEMP TABLE bench_paid ON COMMIT DROP AS
SELECT o.id AS order_id, o.member_id, o.order_no, o.total,
  -- Paid between placing and the status it is in now; 生产中 began with the payment.
  o.created_at + (o.status_changed_at - o.created_at)
    * CASE WHEN o.status = 'inProduction' THEN 1 ELSE 0.2 END AS paid_at,
  -- The demo members' orders (they have books of their own already) by transfer too.
  CASE WHEN o.id % 5 >= 2 AND o.member_id IN (SELECT member_id FROM bench_members)
    THEN 'balance' ELSE 'offline' END AS method
FROM orders o
WHERE o.request_id LIKE 'bench-%' AND o.status IN ('inProduction', 'shipped', 'completed')
  AND NOT EXISTS (SELECT 1 FROM order_payment p WHERE p.order_id = o.id)`;

/** The members getting books: every member with no ledger account yet (the demo's have). */
const membersSql = `
CREATE TEMP TABLE bench_members ON COMMIT DROP AS
SELECT m.id AS member_id,
  -- What is left of the opening balance after the orders it paid: nothing for a quarter.
  CASE WHEN random() < 0.25 THEN 0 ELSE (random() * 500000)::int END AS leftover,
  CASE WHEN random() < 0.33 THEN (1 + floor(random() * 20)::int) * 1000 ELSE 0 END AS gift,
  now() - interval '1100 days' + random() * interval '1 day' AS opened_at
FROM member m
WHERE NOT EXISTS (SELECT 1 FROM ledger_account a WHERE a.member_id = m.id)`;

/** What the postings move into (and out of) each account: its balance after this load, less before. */
const deltaSql = `
CREATE TEMP TABLE bench_delta ON COMMIT DROP AS
SELECT key, sum(amount) AS total FROM (
  SELECT from_key AS key, -amount AS amount FROM bench_postings
  UNION ALL
  SELECT to_key, amount FROM bench_postings
) AS legs GROUP BY key;
CREATE UNIQUE INDEX ON bench_delta (key);
ANALYZE bench_delta`;

/**
 * The new accounts are written with the balances their entries give them (rewriting a million
 * rows afterwards took longer than writing the entries); the two system accounts, which had
 * entries before, move by what this load adds.
 */
const accountsSql = `
INSERT INTO ledger_account (key, kind) VALUES ('bank', 'bank'), ('adjustment', 'adjustment')
ON CONFLICT (key) DO NOTHING;
UPDATE ledger_account a SET balance = a.balance + d.total
FROM bench_delta d WHERE d.key = a.key AND a.key IN ('bank', 'adjustment');
INSERT INTO ledger_account (key, kind, member_id, balance)
SELECT k.prefix || b.member_id, k.kind, b.member_id, coalesce(d.total, 0)
FROM bench_members b
CROSS JOIN (VALUES ('mb:', 'memberBalance', 1), ('mg:', 'memberGift', 2), ('mh:', 'memberHold', 3))
  AS k(prefix, kind, n)
LEFT JOIN bench_delta d ON d.key = k.prefix || b.member_id
ORDER BY b.member_id, k.n;
INSERT INTO ledger_account (key, kind, member_id, order_id, balance)
SELECT 'order:' || p.order_id, 'order', p.member_id, p.order_id, p.total FROM bench_paid p
ORDER BY p.order_id;`;

/**
 * One row per ledger transaction to write, with its two legs (from → to): the openings, the
 * gifts, the payments. `seq` orders them as they happened.
 */
const postingsSql = `
CREATE TEMP TABLE bench_postings ON COMMIT DROP AS
SELECT * FROM (
  SELECT 'opening' AS kind, 'opening:member:' || b.member_id AS ref, b.member_id,
    NULL::int AS order_id, NULL::varchar AS order_no, '期初余额（启用台账前的余额）' AS note,
    b.opened_at AS created_at, 'adjustment' AS from_key, 'mb:' || b.member_id AS to_key,
    b.leftover + coalesce(spent.total, 0) AS amount
  FROM bench_members b
  LEFT JOIN (SELECT member_id, sum(total) AS total FROM bench_paid WHERE method = 'balance'
    GROUP BY member_id) AS spent ON spent.member_id = b.member_id
  UNION ALL
  SELECT 'adjustment', 'adjust:bench-gift-' || b.member_id, b.member_id, NULL, NULL,
    '活动赠送', b.opened_at + random() * interval '1000 days', 'adjustment', 'mg:' || b.member_id,
    b.gift
  FROM bench_members b WHERE b.gift > 0
  UNION ALL
  SELECT 'orderPay', 'orderPay:' || p.order_id, p.member_id, p.order_id, p.order_no,
    CASE WHEN p.method = 'balance' THEN '余额支付' ELSE '对公转账，流水号BENCH' || p.order_id END,
    p.paid_at, CASE WHEN p.method = 'balance' THEN 'mb:' || p.member_id ELSE 'bank' END,
    'order:' || p.order_id, p.total
  FROM bench_paid p
) AS t WHERE amount > 0`;

const txnsSql = `
INSERT INTO ledger_txn (kind, ref, member_id, order_id, order_no, note, created_at)
SELECT kind, ref, member_id, order_id, order_no, note, created_at FROM bench_postings
ORDER BY created_at, ref`;

/**
 * Two entries a transaction (out of one account, into the other), in the order the triggers
 * would have applied them, each with the balance it left: the account's balance before this
 * load (its balance now less this load's) plus the running sum.
 */
const entriesSql = `
INSERT INTO ledger_entry (txn_id, account_id, amount, balance_after, created_at)
SELECT e.txn_id, e.account_id, e.amount,
  a.balance - d.total + sum(e.amount) OVER (PARTITION BY e.account_id ORDER BY e.txn_id
    ROWS UNBOUNDED PRECEDING),
  e.created_at
FROM (
  SELECT t.id AS txn_id, f.id AS account_id, -p.amount AS amount, p.created_at
  FROM bench_postings p JOIN ledger_txn t ON t.ref = p.ref JOIN ledger_account f ON f.key = p.from_key
  UNION ALL
  SELECT t.id, d.id, p.amount, p.created_at
  FROM bench_postings p JOIN ledger_txn t ON t.ref = p.ref JOIN ledger_account d ON d.key = p.to_key
) AS e JOIN ledger_account a ON a.id = e.account_id JOIN bench_delta d ON d.key = a.key
ORDER BY e.txn_id, e.account_id`;

/** member.balance mirrors the balance account (what the member module's views read). */
const mirrorSql = `
UPDATE member m SET balance = a.balance
FROM ledger_account a WHERE a.kind = 'memberBalance' AND a.member_id = m.id AND m.balance <> a.balance`;

/** The order's payment row, and finance's record of the transfer for the offline ones. */
const paymentsSql = `
INSERT INTO order_offline_payment (order_id, amount, bank_reference, payer_name, received_at,
  staff_id, staff_name, created_at)
SELECT p.order_id, p.total, 'BENCH' || p.order_id,
  coalesce(m.company_name, m.real_name, m.mobile), p.paid_at - interval '1 hour',
  s.id, s.real_name, p.paid_at
FROM bench_paid p JOIN member m ON m.id = p.member_id
CROSS JOIN (SELECT id, real_name FROM staff_account WHERE 'finance' = ANY(roles) ORDER BY id LIMIT 1) AS s
WHERE p.method = 'offline';
INSERT INTO order_payment (order_id, member_id, method, total_fen, balance_fen, offline_fen,
  offline_payment_id, paid_at)
SELECT p.order_id, p.member_id, p.method, p.total,
  CASE WHEN p.method = 'balance' THEN p.total ELSE 0 END,
  CASE WHEN p.method = 'offline' THEN p.total ELSE 0 END,
  op.id, p.paid_at
FROM bench_paid p LEFT JOIN order_offline_payment op ON op.order_id = p.order_id`;

/**
 * Writes the books of the seeded orders once (a second call finds them); what it wrote and
 * how long each part took. `client` is a pg client of the bench's (a superuser of the bench's
 * own cluster, as `session_replication_role` requires).
 */
export async function seedLedger(client) {
  const { rows } = await client.query(
    `SELECT count(*)::int AS n FROM ledger_txn WHERE ref LIKE 'opening:member:%'`,
  );
  if (rows[0].n > 1000) return { seeded: false };
  const started = performance.now();
  const parts = {};
  let last = started;
  const step = async (name, sql) => {
    await client.query(sql);
    const now = performance.now();
    parts[name] = Math.round(now - last);
    last = now;
  };
  await client.query('BEGIN');
  try {
    await client.query(`SET LOCAL session_replication_role = replica`);
    await client.query(`SET LOCAL work_mem = '256MB'`);
    const { rows: finance } = await client.query(
      `SELECT 1 FROM staff_account WHERE 'finance' = ANY(roles) LIMIT 1`,
    );
    if (finance.length === 0) throw new Error('no finance staff to have recorded the transfers');
    await step('members', membersSql);
    await step('paid', paidOrdersSql);
    await step('postings', postingsSql);
    await step('accounts', `${deltaSql};${accountsSql}`);
    await step('txns', txnsSql);
    await step('entries', entriesSql);
    await step('mirror', mirrorSql);
    await step('payments', paymentsSql);
    const { rows: counts } = await client.query(`
      SELECT (SELECT count(*) FROM bench_postings)::int AS txns,
        (SELECT count(*) FROM bench_members)::int AS members,
        (SELECT count(*) FROM bench_paid)::int AS paid,
        (SELECT count(*) FROM bench_paid WHERE method = 'offline')::int AS offline`);
    await client.query('COMMIT');
    await step(
      'vacuum',
      'VACUUM (ANALYZE) ledger_txn, ledger_entry, ledger_account, order_payment, order_offline_payment, member',
    );
    return {
      seeded: true,
      ...counts[0],
      entries: counts[0].txns * 2,
      seedMs: Math.round(performance.now() - started),
      parts,
    };
  } catch (error) {
    await client.query('ROLLBACK').catch(() => undefined);
    throw error;
  }
}
