import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_CONTACTS, MAX_INVOICE_PROFILES, RECEIVER_LIMIT } from '@pcb/contract';
import { buildTestApp, uniqueMobile, type ApiResponse, type TestApp } from './helper';

/**
 * The three member-owned lists share one implementation (src/db/owned-list.ts, decision 0041):
 * a cap reserved atomically before the insert, one default (per type for contacts) that
 * racing calls cannot double, the next row promoted when the default goes. Each list is driven
 * through its own endpoints, 60 calls at once.
 */
let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => t?.close());

const PARALLEL = 60;

interface Member {
  id: number;
  token: string;
}
type Row = { id: number };

interface ListUnderTest {
  name: string;
  table: string;
  countTable: string;
  countColumn: string;
  defaultColumn: string;
  cap: number;
  capMessage: string;
  create: (m: Member, i: number, extra?: Record<string, unknown>) => Promise<ApiResponse<Row>>;
  setDefault: (m: Member, id: number) => Promise<ApiResponse<Row>>;
  remove: (m: Member, id: number) => Promise<ApiResponse<unknown>>;
}

const lists: ListUnderTest[] = [
  {
    name: 'shipping addresses',
    table: 'member_receiver',
    countTable: 'member_receiver_count',
    countColumn: 'count',
    defaultColumn: 'is_default',
    cap: RECEIVER_LIMIT,
    capMessage: `最多保存${RECEIVER_LIMIT}个收货地址，请先删除不用的地址`,
    create: (m, i, extra = {}) =>
      t.post(
        '/api/MemberReceiver/Create',
        {
          receiverName: `收货人${i}`,
          mobile: '13912345678',
          regionCode: '320506',
          address: `东吴南路 ${i} 号`,
          ...extra,
        },
        { token: m.token },
      ),
    setDefault: (m, id) => t.patch('/api/MemberReceiver/UpdateDefault', { id }, { token: m.token }),
    remove: (m, id) => t.del('/api/MemberReceiver/Delete', { id }, { token: m.token }),
  },
  {
    name: 'order contacts (one type)',
    table: 'member_contact',
    countTable: 'member_contact_count',
    countColumn: 'count',
    defaultColumn: 'is_main',
    cap: MAX_CONTACTS,
    capMessage: `联系人最多${MAX_CONTACTS}位，请先删除不再需要的联系人`,
    create: (m, i, extra = {}) =>
      t.post(
        '/api/MemberContact/Create',
        { contactName: `采购${i}`, mobile: '13911112222', userType: 'purchasing', ...extra },
        { token: m.token },
      ),
    setDefault: (m, id) => t.patch('/api/MemberContact/SetMainContact', { id }, { token: m.token }),
    remove: (m, id) => t.del('/api/MemberContact/Delete', { id }, { token: m.token }),
  },
  {
    name: 'invoice profiles',
    table: 'member_invoice_profile',
    countTable: 'member_invoice_quota',
    countColumn: 'profile_count',
    defaultColumn: 'is_default',
    cap: MAX_INVOICE_PROFILES,
    capMessage: `最多可保存${MAX_INVOICE_PROFILES}个发票抬头，请删除不用的后再添加`,
    create: (m, i, extra = {}) =>
      t.post(
        '/api/MemberInvoice/Create',
        {
          invoiceType: 'normal',
          titleType: 'personal',
          title: `抬头${i}`,
          email: 'a@b.cn',
          ...extra,
        },
        { token: m.token },
      ),
    setDefault: (m, id) => t.patch('/api/MemberInvoice/SetDefault', { id }, { token: m.token }),
    remove: (m, id) => t.del('/api/MemberInvoice/Delete', { id }, { token: m.token }),
  },
];

const newMember = (): Promise<Member> => t.createMember({ mobile: uniqueMobile() });

/** What the database holds for the member: rows, defaults and the count row. */
async function stored(list: ListUnderTest, m: Member) {
  const { rows } = await t.database.pool.query<{ n: string; defaults: string; counted: number }>(
    `SELECT count(*) AS n, count(*) FILTER (WHERE ${list.defaultColumn}) AS defaults,
       (SELECT ${list.countColumn} FROM ${list.countTable} WHERE member_id = $1) AS counted
     FROM ${list.table} WHERE member_id = $1`,
    [m.id],
  );
  const row = rows[0]!;
  return { rows: Number(row.n), defaults: Number(row.defaults), counted: row.counted };
}

const statuses = (results: ApiResponse<unknown>[]) => results.map((r) => r.status);

describe.each(lists)('$name', (list) => {
  it(`${PARALLEL} parallel creates fill the cap exactly, and at the cap every one is refused`, async () => {
    const m = await newMember();
    const first = await Promise.all(
      Array.from({ length: PARALLEL }, (_, i) => list.create(m, i, { isDefault: i % 7 === 0 })),
    );
    expect(statuses(first).filter((s) => s === 200)).toHaveLength(list.cap);
    const refused = first.filter((r) => r.status === 409);
    expect(refused).toHaveLength(PARALLEL - list.cap);
    expect(refused[0]!.body.message).toBe(list.capMessage);
    expect(await stored(list, m)).toEqual({ rows: list.cap, defaults: 1, counted: list.cap });

    // At the cap: 60 more at once, none passes.
    const atCap = await Promise.all(Array.from({ length: PARALLEL }, (_, i) => list.create(m, i)));
    expect(statuses(atCap)).toEqual(Array(PARALLEL).fill(409));

    // One place freed: exactly one of 60 takes it.
    const someId = first.find((r) => r.status === 200)!.body.data.id;
    expect((await list.remove(m, someId)).status).toBe(200);
    const onePlace = await Promise.all(
      Array.from({ length: PARALLEL }, (_, i) => list.create(m, i)),
    );
    expect(statuses(onePlace).filter((s) => s === 200)).toHaveLength(1);
    expect(await stored(list, m)).toEqual({ rows: list.cap, defaults: 1, counted: list.cap });
  });

  it(`${PARALLEL} racing SetDefault calls, with deletes among them, leave exactly one default`, async () => {
    const m = await newMember();
    const ids: number[] = [];
    for (let i = 0; i < 10; i++) ids.push((await list.create(m, i)).body.data.id);
    const results = await Promise.all([
      ...Array.from({ length: PARALLEL }, (_, i) => list.setDefault(m, ids[i % ids.length]!)),
      list.remove(m, ids[0]!),
      list.remove(m, ids[9]!),
    ]);
    // A SetDefault of a row deleted meanwhile is "not found"; nothing else fails.
    for (const r of results) expect([200, 404]).toContain(r.status);
    const answeredDefault = results
      .slice(0, PARALLEL)
      .filter((r) => r.status === 200)
      .map((r) => (r.body.data as Row).id);
    expect(answeredDefault.length).toBeGreaterThan(0);
    expect(await stored(list, m)).toEqual({ rows: 8, defaults: 1, counted: 8 });
  });

  it('deleting the default promotes another; the last one deleted leaves none, and its place', async () => {
    const m = await newMember();
    const a = (await list.create(m, 1)).body.data.id;
    const b = (await list.create(m, 2)).body.data.id;
    expect((await list.remove(m, a)).status).toBe(200);
    expect(await stored(list, m)).toEqual({ rows: 1, defaults: 1, counted: 1 });
    expect((await list.remove(m, b)).status).toBe(200);
    expect(await stored(list, m)).toEqual({ rows: 0, defaults: 0, counted: 0 });
    expect((await list.remove(m, b)).status).toBe(404);
  });
});

describe('contacts kept before their count row existed', () => {
  it('are counted on the member’s first write: the cap holds against 60 parallel creates', async () => {
    const m = await newMember();
    // Rows as the contacts module wrote them before member_contact_count (migration 0011).
    await t.database.pool.query(
      `INSERT INTO member_contact (member_id, user_type, contact_name, mobile, is_main,
         created_at, updated_at)
       SELECT $1, 'finance', '财务' || i, '13911112222', i = 1, now(), now()
       FROM generate_series(1, $2::int) AS i`,
      [m.id, MAX_CONTACTS - 1],
    );
    const results = await Promise.all(
      Array.from({ length: PARALLEL }, (_, i) => lists[1]!.create(m, i, { isMain: true })),
    );
    expect(statuses(results).filter((s) => s === 200)).toHaveLength(1);
    const { rows } = await t.database.pool.query<{ user_type: string; mains: string }>(
      `SELECT user_type, count(*) FILTER (WHERE is_main) AS mains FROM member_contact
       WHERE member_id = $1 GROUP BY user_type ORDER BY user_type`,
      [m.id],
    );
    expect(rows.map((r) => [r.user_type, Number(r.mains)])).toEqual([
      ['finance', 1],
      ['purchasing', 1],
    ]);
    expect((await stored(lists[1]!, m)).counted).toBe(MAX_CONTACTS);
  });
});
