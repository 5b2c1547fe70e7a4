import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MemberContact } from '@pcb/contract';
import { buildTestApp, uniqueMobile, type ApiResponse, type TestApp } from './helper';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => t?.close());

const newMember = async () => (await t.createMember({ mobile: uniqueMobile() })).token;

const put = <T>(token: string, body: unknown): Promise<ApiResponse<T>> =>
  t.request<T>({
    method: 'PUT',
    url: '/api/MemberContact/Update',
    payload: body as Record<string, unknown>,
    headers: { authorization: `Bearer ${token}` },
  });

const create = async (token: string, body: Record<string, unknown>) => {
  const res = await t.post<MemberContact>(
    '/api/MemberContact/Create',
    { contactName: '王采购', mobile: '13911112222', userType: 'purchasing', ...body },
    { token },
  );
  if (!res.body.success) throw new Error(`Create refused: ${res.body.message}`);
  return res.body.data;
};

const list = async (token: string, userType?: string) =>
  (
    await t.get<MemberContact[]>('/api/MemberContact/GetList', {
      token,
      query: userType ? { userType } : undefined,
    })
  ).body.data;

const mains = async (token: string) =>
  (await list(token)).filter((c) => c.isMain).map((c) => [c.userType, c.id]);

/** The database's own count of main contacts per type: never two. */
async function mainCounts(memberToken: string) {
  const ids = (await list(memberToken)).map((c) => c.id);
  const { rows } = await t.database.pool.query<{ user_type: string; n: string }>(
    `SELECT user_type, count(*) FILTER (WHERE is_main) AS n FROM member_contact WHERE id = ANY($1) GROUP BY user_type ORDER BY user_type`,
    [ids],
  );
  return Object.fromEntries(rows.map((r) => [r.user_type, Number(r.n)]));
}

describe('MemberContact', () => {
  it('makes the first contact of a type main, lists main first, filters by type', async () => {
    const token = await newMember();
    expect(await list(token)).toEqual([]);
    const first = await create(token, { isMain: false, email: 'buyer@example.com' });
    expect(first).toMatchObject({
      contactName: '王采购',
      mobile: '13911112222',
      email: 'buyer@example.com',
      qq: null,
      wechat: null,
      isMain: true,
      userType: 'purchasing',
    });
    const second = await create(token, { contactName: '赵敏', mobile: '13911113333' });
    expect(second.isMain).toBe(false);
    const engineer = await create(token, {
      contactName: '陈工',
      mobile: '13911114444',
      userType: 'engineering',
      qq: '123456',
      wechat: 'chen_eng01',
    });
    expect(engineer).toMatchObject({ isMain: true, qq: '123456', wechat: 'chen_eng01' });

    expect((await list(token, 'purchasing')).map((c) => [c.id, c.isMain])).toEqual([
      [first.id, true],
      [second.id, false],
    ]);
    expect((await list(token, 'engineering')).map((c) => c.id)).toEqual([engineer.id]);
    expect(await list(token, 'finance')).toEqual([]);
    expect((await list(token)).length).toBe(3);

    const main = await t.get<MemberContact | null>('/api/MemberContact/GetMainContact', {
      token,
      query: { contactUserType: 'purchasing' },
    });
    expect(main.body.data?.id).toBe(first.id);
    const none = await t.get('/api/MemberContact/GetMainContact', {
      token,
      query: { contactUserType: 'finance' },
    });
    expect(none.body).toEqual({ success: true, data: null, message: '' });
  });

  it('sets a main contact, unsetting the previous one of the same type only', async () => {
    const token = await newMember();
    const a = await create(token, {});
    const b = await create(token, { contactName: '赵敏' });
    const e = await create(token, { userType: 'engineering' });
    const res = await t.patch<MemberContact>(
      '/api/MemberContact/SetMainContact',
      { id: b.id },
      { token },
    );
    expect(res.body.data).toMatchObject({ id: b.id, isMain: true });
    expect(await mains(token)).toEqual([
      ['engineering', e.id],
      ['purchasing', b.id],
    ]);
    // Creating with isMain takes it over as well.
    const c = await create(token, { contactName: '钱多多', isMain: true });
    expect(await mains(token)).toEqual([
      ['engineering', e.id],
      ['purchasing', c.id],
    ]);
    expect(a.isMain).toBe(true);
  });

  it('promotes the earliest left when the main is deleted; the last one leaves none', async () => {
    const token = await newMember();
    const a = await create(token, {});
    const b = await create(token, { contactName: '赵敏' });
    const c = await create(token, { contactName: '钱多多' });
    const res = await t.del('/api/MemberContact/Delete', { id: a.id }, { token });
    expect(res.body).toEqual({ success: true, data: { ok: true }, message: '' });
    expect(await mains(token)).toEqual([['purchasing', b.id]]);
    await t.del('/api/MemberContact/Delete', { id: c.id }, { token });
    expect(await mains(token)).toEqual([['purchasing', b.id]]);
    await t.del('/api/MemberContact/Delete', { id: b.id }, { token });
    expect(await list(token)).toEqual([]);
  });

  it('updates a contact; a main cannot be unset, moving it to another type promotes', async () => {
    const token = await newMember();
    const a = await create(token, {});
    const b = await create(token, { contactName: '赵敏' });
    const updated = await put<MemberContact>(token, {
      id: b.id,
      contactName: '赵敏敏',
      mobile: '13922223333',
      email: null,
      qq: '88888',
      wechat: null,
      isMain: false,
      userType: 'purchasing',
    });
    expect(updated.body.data).toMatchObject({
      id: b.id,
      contactName: '赵敏敏',
      mobile: '13922223333',
      qq: '88888',
      isMain: false,
    });

    const keep = await put(token, {
      id: a.id,
      contactName: '王采购',
      mobile: '13911112222',
      isMain: false,
      userType: 'purchasing',
    });
    expect(keep.status).toBe(409);
    expect(keep.body).toMatchObject({
      success: false,
      message: '主联系人不能直接取消，请把同类型的另一位联系人设为主联系人',
      field: 'isMain',
    });

    // The main buyer becomes the finance contact: first of finance, so main there; b takes over.
    const moved = await put<MemberContact>(token, {
      id: a.id,
      contactName: '王采购',
      mobile: '13911112222',
      isMain: false,
      userType: 'finance',
    });
    expect(moved.body.data).toMatchObject({ userType: 'finance', isMain: true });
    expect(await mains(token)).toEqual([
      ['finance', a.id],
      ['purchasing', b.id],
    ]);
  });

  it("never shows or changes another member's contact: not found, whatever the call", async () => {
    const owner = await newMember();
    const stranger = await newMember();
    const own = await create(owner, {});
    await create(stranger, { contactName: '路人' });
    const notFound = { success: false, data: null, message: '联系人不存在' };

    const setMain = await t.patch(
      '/api/MemberContact/SetMainContact',
      { id: own.id },
      { token: stranger },
    );
    expect([setMain.status, setMain.body]).toEqual([404, notFound]);
    const upd = await put(stranger, {
      id: own.id,
      contactName: '改了',
      mobile: '13900000000',
      isMain: true,
      userType: 'purchasing',
    });
    expect([upd.status, upd.body]).toEqual([404, notFound]);
    const del = await t.del('/api/MemberContact/Delete', { id: own.id }, { token: stranger });
    expect([del.status, del.body]).toEqual([404, notFound]);
    expect((await list(stranger)).map((c) => c.contactName)).toEqual(['路人']);
    expect((await list(owner)).map((c) => [c.contactName, c.mobile, c.isMain])).toEqual([
      ['王采购', '13911112222', true],
    ]);
    const main = await t.get<MemberContact>('/api/MemberContact/GetMainContact', {
      token: stranger,
      query: { contactUserType: 'purchasing' },
    });
    expect(main.body.data.contactName).toBe('路人');
  });

  it('ignores unknown fields: no member id, main flag or id is taken from the body', async () => {
    const owner = await newMember();
    const other = await newMember();
    const theirs = await create(other, {});
    const { rows } = await t.database.pool.query<{ member_id: number }>(
      'SELECT member_id FROM member_contact WHERE id = $1',
      [theirs.id],
    );
    const created = await create(owner, {
      memberId: rows[0]!.member_id,
      member_id: rows[0]!.member_id,
      id: theirs.id,
      createdAt: '2000-01-01T00:00:00Z',
    });
    expect(created.id).not.toBe(theirs.id);
    expect(created.createdAt).not.toBe('2000-01-01T00:00:00.000Z');
    expect((await list(owner)).map((c) => c.id)).toEqual([created.id]);
    expect((await list(other)).map((c) => c.id)).toEqual([theirs.id]);
  });

  it('refuses bad input with 400 naming the field', async () => {
    const token = await newMember();
    const cases: [Record<string, unknown>, string, string][] = [
      [{ mobile: '23911112222' }, 'mobile', '手机号：请输入以1开头的11位手机号'],
      [{ contactName: '   ' }, 'contactName', '联系人：请填写联系人姓名'],
      [{ userType: 'boss' }, 'userType', ''],
      [{ qq: '0123' }, 'qq', 'QQ号：应为5-11位数字'],
      [{ email: 'not-mail' }, 'email', '邮箱：邮箱格式不正确'],
      [{ wechat: '1abc' }, 'wechat', ''],
      [{ isMain: 'yes' }, 'isMain', ''],
    ];
    for (const [body, field, message] of cases) {
      const res = await t.post(
        '/api/MemberContact/Create',
        { contactName: '王采购', mobile: '13911112222', userType: 'purchasing', ...body },
        { token },
      );
      expect(res.status, field).toBe(400);
      expect(res.body.field, field).toBe(field);
      if (message) expect(res.body.message, field).toBe(message);
    }
    const badId = await t.patch('/api/MemberContact/SetMainContact', { id: 2 ** 31 }, { token });
    expect([badId.status, badId.body.field]).toEqual([400, 'id']);
    const badType = await t.get('/api/MemberContact/GetList', { token, query: { userType: 'x' } });
    expect([badType.status, badType.body.field]).toEqual([400, 'userType']);
    expect(await list(token)).toEqual([]);
  });

  it('keeps exactly one main per type under concurrent creates and set-mains', async () => {
    const token = await newMember();
    const created = await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        t.post<MemberContact>(
          '/api/MemberContact/Create',
          {
            contactName: `采购${i}`,
            mobile: `1391111000${i}`,
            userType: i % 2 === 0 ? 'purchasing' : 'finance',
            isMain: i % 3 === 0,
          },
          { token },
        ),
      ),
    );
    expect(created.map((r) => r.status)).toEqual(Array(8).fill(200));
    expect(await mainCounts(token)).toEqual({ finance: 1, purchasing: 1 });

    const ids = created.map((r) => r.body.data.id);
    const results = await Promise.all([
      ...ids.map((id) => t.patch('/api/MemberContact/SetMainContact', { id }, { token })),
      t.del('/api/MemberContact/Delete', { id: ids[0] }, { token }),
      t.del('/api/MemberContact/Delete', { id: ids[1] }, { token }),
    ]);
    // A set-main of a contact deleted meanwhile is "not found"; nothing else fails.
    expect(results.every((r) => r.status === 200 || r.status === 404)).toBe(true);
    expect(await mainCounts(token)).toEqual({ finance: 1, purchasing: 1 });
    const remaining = await list(token);
    expect(remaining.length).toBe(6);
  });

  it('answers 401 without a token', async () => {
    const res = await t.get('/api/MemberContact/GetList');
    expect(res.status).toBe(401);
  });
});
