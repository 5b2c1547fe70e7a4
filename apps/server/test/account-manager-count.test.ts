import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, uniqueMobile, type TestApp } from './helper';

/**
 * Each account manager's `member_count` is kept by triggers on `member` (decision 0076), and
 * registration picks the active manager with the fewest members from it: the count must equal
 * the members really assigned after every way a member gets, changes or loses a manager.
 */
let t: TestApp;
let managers: number[];
beforeAll(async () => {
  t = await buildTestApp();
  const { rows } = await t.database.pool.query<{ id: number }>(
    `INSERT INTO account_manager (real_name, mobile, qq, pic) VALUES
     ('甲', '13710000001', '1', '/a.svg'), ('乙', '13710000002', '2', '/b.svg'),
     ('丙', '13710000003', '3', '/c.svg') RETURNING id`,
  );
  managers = rows.map((r) => r.id);
  // Only these three take new members.
  await t.database.pool.query('UPDATE account_manager SET is_active = (id = ANY($1::int[]))', [
    managers,
  ]);
});
afterAll(async () => t?.close());

/** Each manager's kept count beside the members that really name it. */
async function counts() {
  const { rows } = await t.database.pool.query<{ id: number; kept: number; real: number }>(
    `SELECT a.id, a.member_count AS kept,
       (SELECT count(*)::int FROM member m WHERE m.account_manager_id = a.id) AS real
     FROM account_manager a ORDER BY a.id`,
  );
  return rows;
}

async function expectCountsTrue() {
  for (const row of await counts()) expect(row.kept, `manager ${row.id}`).toBe(row.real);
}

describe('account managers’ member counts', () => {
  it('60 registrations at once: each counted once, every manager’s count true', async () => {
    const mobiles = Array.from({ length: 60 }, () => uniqueMobile());
    for (const [i, mobile] of mobiles.entries()) {
      const sent = await t.post(
        '/api/MemberAuth/SendRegisterMessage',
        { mobile, ncVerifyDto: await t.solveCaptcha() },
        { ip: `10.9.${Math.floor(i / 200)}.${i % 200}` },
      );
      expect(sent.body.success).toBe(true);
    }
    const codes = await Promise.all(mobiles.map((m) => t.lastCode(m)));
    const before = await counts();
    const results = await Promise.all(
      mobiles.map((mobile, i) =>
        t.post('/api/MemberAuth/Register', {
          mobile,
          smsCode: codes[i],
          password: 'Secret123',
          agreement: true,
        }),
      ),
    );
    expect(results.filter((r) => r.body.success)).toHaveLength(60);
    await expectCountsTrue();
    const added = (await counts()).reduce(
      (sum, row) => sum + row.kept - (before.find((b) => b.id === row.id)?.kept ?? 0),
      0,
    );
    expect(added).toBe(60);
    // Every new member got one of the three active managers.
    const { rows } = await t.database.pool.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM member WHERE mobile = ANY($1) AND account_manager_id = ANY($2)`,
      [mobiles, managers],
    );
    expect(rows[0]!.n).toBe(60);
  });

  it('the next registration takes the manager with the fewest members', async () => {
    const [first, second, third] = managers as [number, number, number];
    // 乙 (second) has fewest once the others hold everyone.
    await t.database.pool.query(
      `UPDATE member SET account_manager_id = CASE WHEN id % 2 = 0 THEN $1::int ELSE $2::int END
       WHERE account_manager_id IS NOT NULL`,
      [first, third],
    );
    await expectCountsTrue();
    const token = await t.register(uniqueMobile());
    const manager = await t.get<{ realName: string }>('/api/MemberAdmin/Get', { token });
    expect(manager.body.data.realName).toBe('乙');
    const row = (await counts()).find((r) => r.id === second)!;
    expect(row).toMatchObject({ kept: 1, real: 1 });
  });

  it('moves in both directions at once, removals and a batch insert keep every count true', async () => {
    const [first, , third] = managers as [number, number, number];
    const { rows: some } = await t.database.pool.query<{ id: number; account_manager_id: number }>(
      `SELECT id, account_manager_id FROM member WHERE account_manager_id = ANY($1)
       ORDER BY id LIMIT 20`,
      [[first, third]],
    );
    // Opposite moves at once, one member per statement, as the console assigns.
    await Promise.all(
      some.map((m) =>
        t.database.pool.query('UPDATE member SET account_manager_id = $1 WHERE id = $2', [
          m.account_manager_id === first ? third : first,
          m.id,
        ]),
      ),
    );
    await expectCountsTrue();
    // Unassigned, then removed.
    await t.database.pool.query('UPDATE member SET account_manager_id = NULL WHERE id = $1', [
      some[0]!.id,
    ]);
    const { rows: bare } = await t.database.pool.query<{ id: number }>(
      `INSERT INTO member (mobile, password_hash, account_manager_id) VALUES ($1, 'x', $2)
       RETURNING id`,
      [uniqueMobile(), first],
    );
    await expectCountsTrue();
    await t.database.pool.query('DELETE FROM member WHERE id = $1', [bare[0]!.id]);
    await expectCountsTrue();
    // A seed's bulk insert, counted per statement.
    await t.database.pool.query(
      `INSERT INTO member (mobile, password_hash, account_manager_id)
       SELECT '1390000' || lpad(i::text, 4, '0'), 'x', $1 FROM generate_series(1, 50) i`,
      [third],
    );
    await expectCountsTrue();
  });

  it('the count never goes below zero', async () => {
    await expect(
      t.database.pool.query('UPDATE account_manager SET member_count = -1 WHERE id = $1', [
        managers[0],
      ]),
    ).rejects.toThrow(/account_manager_member_count_ck/);
  });
});
