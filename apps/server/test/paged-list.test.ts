import { asc, desc, eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { maskMobile } from '@pcb/contract';
import { mapPage, pagedList } from '../src/db/paged-list';
import { auditLog } from '../src/modules/audit/audit.table';
import { staffAccount } from '../src/modules/staff/staff.table';
import { buildTestApp, uniqueMobile, type TestApp } from './helper';
import { createStaff } from './staff-support';

/** The one paged-list query and the names lists show (decision 0041). */
let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
  // 45 rows of one action among 50, at distinct times.
  await t.database.pool.query(
    `INSERT INTO audit_log (action, object_type, object_id, ip, at, staff_id)
     SELECT CASE WHEN i % 10 = 0 THEN 'Other.Action' ELSE 'Paged.Test' END, 'test', i::text,
       '127.0.0.1', now() - (i || ' minutes')::interval, NULL
     FROM generate_series(1, 50) AS i`,
  );
});
afterAll(async () => t?.close());

const query = (where = eq(auditLog.action, 'Paged.Test')) => ({
  from: auditLog,
  where,
  orderBy: [desc(auditLog.at), desc(auditLog.id)],
});
const objectIds = (rows: { objectId: string | null }[]) => rows.map((r) => Number(r.objectId));

describe('pagedList', () => {
  it('answers the page in order and the total of every matching row', async () => {
    const first = await pagedList(t.database.db, query(), { page: 1, pageSize: 20 });
    expect([first.total, first.page, first.pageSize, first.items.length]).toEqual([45, 1, 20, 20]);
    expect(objectIds(first.items).slice(0, 10)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 11]);
    const last = await pagedList(t.database.db, query(), { page: 3, pageSize: 20 });
    expect(objectIds(last.items)).toEqual([45, 46, 47, 48, 49]);
    expect(last.total).toBe(45);
  });

  it('past the last page: no rows, and still the total', async () => {
    const beyond = await pagedList(t.database.db, query(), { page: 9, pageSize: 20 });
    expect([beyond.items, beyond.total, beyond.page]).toEqual([[], 45, 9]);
    const none = await pagedList(t.database.db, query(eq(auditLog.action, 'Nothing')), {
      page: 1,
      pageSize: 20,
    });
    expect([none.items, none.total]).toEqual([[], 0]);
  });

  it('selects other columns with a join that only adds them, counting the table alone', async () => {
    const staff = await createStaff(t, { roles: ['sales'], realName: '分页员工' });
    await t.database.pool.query(
      `UPDATE audit_log SET staff_id = $1 WHERE object_type = 'test' AND object_id IN ('1', '2')`,
      [staff.id],
    );
    const page = await pagedList<{ objectId: string | null; realName: string | null }>(
      t.database.db,
      {
        ...query(like(auditLog.action, 'Paged.%')),
        fields: { objectId: auditLog.objectId, realName: staffAccount.realName },
        join: (q) => q.leftJoin(staffAccount, eq(staffAccount.id, auditLog.staffId)),
        orderBy: [asc(auditLog.id)],
      },
      { page: 1, pageSize: 3 },
    );
    expect(page.items).toEqual([
      { objectId: '1', realName: '分页员工' },
      { objectId: '2', realName: '分页员工' },
      { objectId: '3', realName: null },
    ]);
    expect(page.total).toBe(45);
  });

  it('with the table’s key, every page is the same slice, found by its keys after the first', async () => {
    const plain = query(like(auditLog.action, 'Paged.%'));
    const keyed = { ...plain, key: auditLog.id };
    for (const page of [1, 2, 4, 5, 9]) {
      const asked = { page, pageSize: 12 };
      const [a, b] = [
        await pagedList(t.database.db, plain, asked),
        await pagedList(t.database.db, keyed, asked),
      ];
      expect(objectIds(b.items), `page ${page}`).toEqual(objectIds(a.items));
      expect([a.total, b.total]).toEqual([45, 45]);
    }
    const fourth = await pagedList(t.database.db, keyed, { page: 4, pageSize: 12 });
    expect(objectIds(fourth.items)).toEqual([41, 42, 43, 44, 45, 46, 47, 48, 49]);
  });

  it('countUpTo counts no further than the cap: past it, the cap and “more”', async () => {
    const capped = (countUpTo: number, page = 1) =>
      pagedList(t.database.db, { ...query(), key: auditLog.id, countUpTo }, { page, pageSize: 20 });
    const under = await capped(45);
    expect([under.total, under.moreThanTotal, under.items.length]).toEqual([45, undefined, 20]);
    const over = await capped(44);
    expect([over.total, over.moreThanTotal]).toEqual([44, true]);
    expect(objectIds(over.items)).toEqual(
      objectIds((await pagedList(t.database.db, query(), { page: 1, pageSize: 20 })).items),
    );
    // The pages past the cap still answer their rows (the keys come from the index, not the count).
    const third = await capped(10, 3);
    expect([objectIds(third.items), third.total, third.moreThanTotal]).toEqual([
      [45, 46, 47, 48, 49],
      10,
      true,
    ]);
    // A page past the end asks the count alone, capped the same way.
    const beyond = await capped(10, 9);
    expect([beyond.items, beyond.total, beyond.moreThanTotal]).toEqual([[], 10, true]);
    const beyondUnder = await capped(100, 9);
    expect([beyondUnder.total, beyondUnder.moreThanTotal]).toEqual([45, undefined]);
  });

  it('mapPage turns the rows and keeps the page', async () => {
    const page = await pagedList(t.database.db, query(), { page: 2, pageSize: 5 });
    const mapped = await mapPage(page, async (rows) => rows.map((r) => r.objectId));
    expect(mapped).toEqual({ items: ['6', '7', '8', '9', '11'], total: 45, page: 2, pageSize: 5 });
  });
});

describe('names for rows', () => {
  it('member.namesOf answers every id asked, once each, a missing member as #id', async () => {
    const mobile = uniqueMobile();
    const { id } = await t.createMember({ mobile });
    const names = await t.app.modules.member.namesOf([id, 2_000_000_000, id]);
    expect([...names.entries()]).toEqual([
      [id, { id, displayName: maskMobile(mobile) }],
      [2_000_000_000, { id: 2_000_000_000, displayName: '#2000000000' }],
    ]);
  });

  it('staff.namesOf skips the nulls of rows nobody decided yet', async () => {
    const staff = await createStaff(t, { roles: ['sales'], realName: '名字员工' });
    const names = await t.app.modules.staff.namesOf([null, staff.id, null]);
    expect([...names.values()]).toEqual([
      { id: staff.id, userName: staff.userName, realName: '名字员工' },
    ]);
  });
});
