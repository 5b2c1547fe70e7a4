import { randomBytes } from 'node:crypto';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { drizzle } from 'drizzle-orm/node-postgres';
import { afterAll, beforeAll, describe, expect, it, inject } from 'vitest';
import { migrateDatabase } from '../src/db/migrate';
import { migrationsFolder } from '../src/lib/paths';
import { createLedger } from '../src/modules/payment/ledger.repository';
import { createReconciler } from '../src/modules/payment/reconcile';
import { databaseUrl } from './database-url';
import { buildTestApp, uniqueMobile, type TestApp } from './helper';

/**
 * What the database itself holds for the ledger (decision 0051), whatever the code does: rows
 * never change, balances move only with entries, entries balance, money never below zero, an
 * order paid once, a provider transaction credited once; and the migration that moved the
 * balances and offline payments into it.
 */
let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => t?.close());

const sql = (text: string, values: unknown[] = []) => t.database.pool.query(text, values);

/** Runs statements in one transaction (committed), so deferred checks run. */
async function inTransaction(statements: [string, unknown[]?][]): Promise<void> {
  const client = await t.database.pool.connect();
  try {
    await client.query('BEGIN');
    for (const [text, values] of statements) await client.query(text, values ?? []);
    await client.query('COMMIT');
  } catch (error) {
    await client.query('ROLLBACK').catch(() => undefined);
    throw error;
  } finally {
    client.release();
  }
}

async function memberAccounts() {
  const { id } = await t.createMember({ mobile: uniqueMobile() });
  await sql(
    `INSERT INTO ledger_account (key, kind, member_id) VALUES ($1, 'memberBalance', $3), ($2, 'memberGift', $3)`,
    [`mb:${id}`, `mg:${id}`, id],
  );
  const { rows } = await sql(`SELECT id, key FROM ledger_account WHERE key = ANY($1)`, [
    [`mb:${id}`, 'adjustment'],
  ]);
  const idOf = (key: string) => rows.find((r) => r.key === key)!.id as number;
  return { memberId: id, mb: idOf(`mb:${id}`), adjustment: idOf('adjustment') };
}

/** One posting: a transaction and its entries, in one database transaction. */
const posting = (ref: string, legs: [number, number][]) =>
  inTransaction([
    [`INSERT INTO ledger_txn (kind, ref, created_at) VALUES ('adjustment', $1, now())`, [ref]],
    ...legs.map(
      ([account, amount]) =>
        [
          `INSERT INTO ledger_entry (txn_id, account_id, amount, created_at)
           VALUES ((SELECT id FROM ledger_txn WHERE ref = $1), $2, $3, now())`,
          [ref, account, amount],
        ] as [string, unknown[]],
    ),
  ]);

describe('the ledger in the database', () => {
  it('applies each entry to its account and mirrors member.balance, in the entry’s statement', async () => {
    const { memberId, mb, adjustment } = await memberAccounts();
    await posting(`test:${randomBytes(4).toString('hex')}`, [
      [adjustment, -5000],
      [mb, 5000],
    ]);
    const { rows } = await sql(
      `SELECT a.balance::int, m.balance AS mirror, e.balance_after::int
       FROM ledger_account a JOIN member m ON m.id = a.member_id
       JOIN ledger_entry e ON e.account_id = a.id WHERE a.id = $1`,
      [mb],
    );
    expect(rows).toEqual([{ balance: 5000, mirror: 5000, balance_after: 5000 }]);
    void memberId;
  });

  it('never updates, deletes or truncates a ledger row', async () => {
    const { mb, adjustment } = await memberAccounts();
    await posting(`test:${randomBytes(4).toString('hex')}`, [
      [adjustment, -100],
      [mb, 100],
    ]);
    for (const statement of [
      `UPDATE ledger_entry SET amount = amount * 2 WHERE account_id = ${mb}`,
      `DELETE FROM ledger_entry WHERE account_id = ${mb}`,
      `UPDATE ledger_txn SET note = 'changed'`,
      `DELETE FROM ledger_txn`,
      `TRUNCATE ledger_entry, ledger_txn`,
    ]) {
      await expect(sql(statement), statement).rejects.toThrow(/append-only/);
    }
    await expect(sql(`DELETE FROM ledger_account WHERE id = ${mb}`)).rejects.toThrow(
      /never deleted/,
    );
  });

  it('moves a balance only with entries, and member.balance only with its account', async () => {
    const { memberId, mb } = await memberAccounts();
    await expect(sql(`UPDATE ledger_account SET balance = 999 WHERE id = ${mb}`)).rejects.toThrow(
      /only through ledger entries/,
    );
    await expect(sql(`UPDATE member SET balance = 999 WHERE id = ${memberId}`)).rejects.toThrow(
      /mirrors the ledger/,
    );
    await expect(
      sql(`INSERT INTO member (mobile, balance) VALUES ($1, 10)`, [uniqueMobile()]),
    ).rejects.toThrow(/credit it through the ledger/);
    await expect(
      sql(`INSERT INTO ledger_account (key, kind, balance) VALUES ('x', 'adjustment', 5)`),
    ).rejects.toThrow(/opens at zero/);
  });

  it('refuses at commit a transaction whose entries do not sum to zero, or that has one entry', async () => {
    const { mb, adjustment } = await memberAccounts();
    await expect(
      posting(`test:${randomBytes(4).toString('hex')}`, [
        [adjustment, -100],
        [mb, 99],
      ]),
    ).rejects.toThrow(/does not balance/);
    await expect(posting(`test:${randomBytes(4).toString('hex')}`, [[mb, 100]])).rejects.toThrow(
      /does not balance/,
    );
    const { rows } = await sql(`SELECT balance::int FROM ledger_account WHERE id = ${mb}`);
    expect(rows[0]!.balance).toBe(0);
  });

  it('makes a member’s accounts without waiting for a transaction moving their balance', async () => {
    // A cancel makes the member's accounts while it holds its order; waiting there for a
    // payment that moves the member's balance, and waits on what the cancel holds, deadlocked.
    const { memberId, mb, adjustment } = await memberAccounts();
    const ledger = createLedger(t.database.db);
    const open = await t.database.pool.connect();
    const ref = `test:${randomBytes(4).toString('hex')}`;
    try {
      await open.query('BEGIN');
      await open.query(
        `INSERT INTO ledger_txn (kind, ref, created_at) VALUES ('adjustment', $1, now())`,
        [ref],
      );
      await open.query(
        `INSERT INTO ledger_entry (txn_id, account_id, amount, created_at)
         SELECT (SELECT id FROM ledger_txn WHERE ref = $1), a, n, now()
         FROM unnest($2::int[], $3::int[]) AS l(a, n)`,
        [ref, [adjustment, mb], [-100, 100]],
      );
      const made = ledger.ensureMember(t.database.db, memberId).then(() => 'made');
      const waited = new Promise((resolve) => setTimeout(() => resolve('waited'), 2000));
      expect(await Promise.race([made, waited])).toBe('made');
      await open.query('COMMIT');
    } finally {
      await open.query('ROLLBACK').catch(() => undefined);
      open.release();
    }
    const { rows } = await sql(`SELECT key FROM ledger_account WHERE member_id = $1 ORDER BY key`, [
      memberId,
    ]);
    expect(rows.map((r) => r.key)).toEqual([`mb:${memberId}`, `mg:${memberId}`, `mh:${memberId}`]);
  });

  it('never lets a member’s balance below zero', async () => {
    const { mb, adjustment } = await memberAccounts();
    await expect(
      posting(`test:${randomBytes(4).toString('hex')}`, [
        [mb, -1],
        [adjustment, 1],
      ]),
    ).rejects.toThrow(/ledger_account_balance_ck/);
  });

  it('records an order paid once, a provider transaction credited once', async () => {
    const payment = `INSERT INTO order_payment (order_id, member_id, method, total_fen, balance_fen, paid_at)
      VALUES (424242, 1, 'balance', 100, 100, now())`;
    await sql(payment);
    await expect(sql(payment)).rejects.toThrow(/order_payment_pkey/);
    const receipt = `INSERT INTO ledger_txn (kind, ref, created_at) VALUES ('receipt', 'receipt:alipay:PTEST1', now())`;
    const client = await t.database.pool.connect();
    try {
      await client.query('BEGIN');
      await client.query(receipt);
      await expect(client.query(receipt)).rejects.toThrow(/ledger_txn_ref_uq/);
    } finally {
      await client.query('ROLLBACK');
      client.release();
    }
    const attempt = (outTradeNo: string) =>
      sql(
        `INSERT INTO payment_attempt (out_trade_no, purpose, member_id, payer_member_id, channel, scene,
           online_fen, status, settlement, provider_trade_no, paid_at, expires_at, created_at, updated_at)
         VALUES ($1, 'recharge', 1, 1, 'wechat', 'h5', 100, 'paid', 'applied', 'WX4200001', now(), now(), now(), now())`,
        [outTradeNo],
      );
    await attempt('RTEST1');
    await expect(attempt('RTEST2')).rejects.toThrow(/payment_attempt_provider_trade_uq/);
  });
});

describe('the migration into the ledger', () => {
  it('turns member balances into opening entries and offline payments into order payments', async () => {
    const { adminUrl, prefix } = inject('testDatabase');
    const name = `${prefix}mig${randomBytes(4).toString('hex')}`;
    const admin = new pg.Client(adminUrl);
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name}`);
    const pool = new pg.Pool({ connectionString: databaseUrl(adminUrl, name), max: 2 });
    pool.on('error', () => undefined);
    const before = mkdtempSync(path.join(os.tmpdir(), 'pcb-migrations-'));
    try {
      // The migrations up to the one before the ledger.
      cpSync(migrationsFolder(), before, { recursive: true });
      const journalPath = path.join(before, 'meta', '_journal.json');
      const journal = JSON.parse(readFileSync(journalPath, 'utf8')) as {
        entries: { tag: string }[];
      };
      const ledger = journal.entries.findIndex((e) => e.tag.endsWith('_ledger_payments'));
      for (const entry of journal.entries.slice(ledger))
        rmSync(path.join(before, `${entry.tag}.sql`));
      journal.entries = journal.entries.slice(0, ledger);
      writeFileSync(journalPath, JSON.stringify(journal));
      await migrateDatabase(pool, before);

      const member = await pool.query<{ id: number }>(
        `INSERT INTO member (mobile, balance) VALUES ('13800000001', 12345), ('13800000002', 0) RETURNING id`,
      );
      const [rich, plain] = member.rows.map((r) => r.id);
      const order = await pool.query<{ id: number }>(
        `INSERT INTO orders (order_no, kind, member_id, status, params, param_string, sheet_version, lines,
           total, build_days, weight_grams, courier, invoice, receiver, file_key, file_name, request_id,
           created_at, updated_at)
         VALUES ('P202611260001', 'pcb', $1, 'inProduction', '{}', '2层', 1, '[]', 8800, 5, 100, 'sf',
           'none', '{}', 'pcbFile/1/a.zip', 'a.zip', 'r1', now(), now())
         RETURNING id`,
        [plain],
      );
      const orderId = order.rows[0]!.id;
      await pool.query(
        `INSERT INTO order_offline_payment (order_id, amount, bank_reference, payer_name, received_at,
           staff_id, staff_name, created_at)
         VALUES ($1, 8800, 'TR001', '华创电子', now(), 1, '周会计', now())`,
        [orderId],
      );
      await pool.query(
        `INSERT INTO order_production_step (order_id, step, done_at, staff_id, staff_name, created_at)
         VALUES ($1, 'cutting', '2026-11-26T02:00:00Z', 1, '孙师傅', now()),
                ($1, 'drilling', '2026-11-26T03:00:00Z', 1, '孙师傅', now())`,
        [orderId],
      );

      await migrateDatabase(pool);

      const accounts = await pool.query<{ key: string; balance: string }>(
        `SELECT key, balance::text FROM ledger_account WHERE key = ANY($1) ORDER BY key`,
        [[`mb:${rich}`, `mb:${plain}`, `order:${orderId}`, 'bank', 'adjustment']],
      );
      expect(accounts.rows).toEqual([
        { key: 'adjustment', balance: '-12345' },
        { key: 'bank', balance: '-8800' },
        { key: `mb:${rich}`, balance: '12345' },
        { key: `order:${orderId}`, balance: '8800' },
      ]);
      const mirror = await pool.query(`SELECT id, balance FROM member ORDER BY id`);
      expect(mirror.rows).toEqual([
        { id: rich, balance: 12345 },
        { id: plain, balance: 0 },
      ]);
      const paid = await pool.query(
        `SELECT method, total_fen, offline_fen, refunded_at FROM order_payment WHERE order_id = $1`,
        [orderId],
      );
      expect(paid.rows).toEqual([
        { method: 'offline', total_fen: 8800, offline_fen: 8800, refunded_at: null },
      ]);
      const started = await pool.query(`SELECT production_started_at FROM orders WHERE id = $1`, [
        orderId,
      ]);
      expect(started.rows[0]!.production_started_at).toEqual(new Date('2026-11-26T02:00:00Z'));
      const report = await createReconciler({
        db: drizzle(pool),
        payments: {},
        now: () => new Date(),
      }).run();
      expect(report.differences).toEqual([]);
    } finally {
      rmSync(before, { recursive: true, force: true });
      await pool.end();
      await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await admin.end();
    }
  });
});
