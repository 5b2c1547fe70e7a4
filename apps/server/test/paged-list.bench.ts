import { and, desc, eq, getTableColumns, gte, sql, type SQL } from 'drizzle-orm';
import { afterAll, beforeAll, bench, describe } from 'vitest';
import { createDatabase, type Database } from '../src/db/client';
import { pagedList } from '../src/db/paged-list';
import { auditLog } from '../src/modules/audit/audit.table';
import { createTestDatabase } from './helper';

/**
 * Decision 0041: the total of a paged list as a separate `count(*)` (what `pagedList` does)
 * against `count(*) OVER ()` on the page's own query, on 100 000 audit rows (the longest list
 * the console pages). `npx vitest bench --project server --run test/paged-list.bench.ts`.
 */
const ROWS = 100_000;
let database: Database;

beforeAll(async () => {
  database = createDatabase(await createTestDatabase(), { max: 4 });
  await database.pool.query(
    `INSERT INTO audit_log (staff_id, staff_user_name, staff_real_name, action, object_type,
       object_id, before, after, ip, at)
     SELECT 1 + i % 12, 'staff' || (1 + i % 12), '员工' || (1 + i % 12),
       (ARRAY['StaffMember.SetStatus','StaffOrder.Review','StaffAnnouncement.Create',
              'StaffAuth.Login','StaffPriceSheet.Save'])[1 + i % 5],
       'member', (i % 5000)::text, '{"status":"active"}', '{"status":"disabled","reason":"x"}',
       '10.0.0.' || (i % 250), now() - (i || ' seconds')::interval
     FROM generate_series(1, $1::int) AS i`,
    [ROWS],
  );
  await database.pool.query('ANALYZE audit_log');
}, 120_000);
afterAll(async () => database?.pool.end());

const order = [desc(auditLog.at), desc(auditLog.id)] as const;

async function withWindow(where: SQL | undefined, page: number, pageSize: number) {
  const rows = await database.db
    .select({ ...getTableColumns(auditLog), total: sql<number>`count(*) OVER ()`.mapWith(Number) })
    .from(auditLog)
    .where(where)
    .orderBy(...order)
    .limit(pageSize)
    .offset((page - 1) * pageSize);
  // Past the last page the window has no row to ride on: a count is needed after all.
  const total = rows[0]?.total ?? (await database.db.$count(auditLog, where));
  return { items: rows, total };
}

const separate = (where: SQL | undefined, page: number, pageSize: number) =>
  pagedList(database.db, { from: auditLog, where, orderBy: order }, { page, pageSize });

const cases: [string, () => SQL | undefined, number][] = [
  ['all rows, first page', () => undefined, 1],
  ['all rows, page 200', () => undefined, 200],
  ['one action (20 000 rows), first page', () => eq(auditLog.action, 'StaffOrder.Review'), 1],
  [
    'one staff member, last day (~7 200 rows), first page',
    () => and(eq(auditLog.staffId, 3), gte(auditLog.at, sql`now() - interval '1 day'`)),
    1,
  ],
];

for (const [name, where, page] of cases) {
  describe(name, () => {
    bench('separate count(*)', async () => void (await separate(where(), page, 20)), {
      time: 2000,
    });
    bench('count(*) OVER ()', async () => void (await withWindow(where(), page, 20)), {
      time: 2000,
    });
  });
}
