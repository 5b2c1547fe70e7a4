import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RECEIVER_LIMIT } from '@pcb/contract';
import { MemberInfo } from '@pcb/contract/member-info';
import { MemberReceiver } from '@pcb/contract/member-receiver';
import { call, unchecked } from './call';
import { buildTestApp, uniqueMobile, type TestApp } from './helper';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => t?.close());

const NOT_FOUND = { success: false, data: null, message: '收货地址不存在' };

const nanshan = {
  receiverName: '张工',
  mobile: '13800138000',
  regionCode: '440305',
  address: '高新南七道 18 号',
  postcode: '518057',
  company: '示例电子',
};
const wuzhong = {
  receiverName: '李采购',
  mobile: '13912345678',
  regionCode: '320506',
  address: '东吴南路 88 号',
};

async function member(): Promise<string> {
  return (await t.createMember({ mobile: uniqueMobile() })).token;
}

// Sent as written: some bodies are ones the contract refuses, to see the server refuse them.
const create = (token: string, body: Record<string, unknown>) =>
  call(t, MemberReceiver.Create, unchecked(body), { token });
const list = async (token: string) =>
  (await call(t, MemberReceiver.GetPagedList, { page: 1, pageSize: 100 }, { token })).body.data;
const defaults = async (token: string) =>
  (await list(token)).items.filter((r) => r.isDefault).map((r) => r.id);

describe('creating and reading addresses', () => {
  it('derives the region names from the code, and makes the first address the default', async () => {
    const token = await member();
    const res = await create(token, {
      ...nanshan,
      region: { province: '伪造省', city: '伪造市', county: '伪造区' },
      province: '伪造省',
      isDefault: false,
      memberId: 1,
      id: 999,
    });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({
      receiverName: '张工',
      mobile: '13800138000',
      region: {
        code: '440305',
        country: '中国',
        province: '广东省',
        city: '深圳市',
        county: '南山区',
      },
      address: '高新南七道 18 号',
      postcode: '518057',
      company: '示例电子',
      isDefault: true,
    });
    expect(res.body.data.id).not.toBe(999);
    const got = await call(t, MemberReceiver.Get, { id: res.body.data.id }, { token });
    expect(got.body.data).toEqual(res.body.data);
  });

  it('accepts a town of a city without counties (9 digits), blank optional fields as null', async () => {
    const token = await member();
    const res = await create(token, {
      ...wuzhong,
      regionCode: '441900003',
      postcode: '',
      company: '  ',
    });
    expect(res.body.data.region).toEqual({
      code: '441900003',
      country: '中国',
      province: '广东省',
      city: '东莞市',
      county: '东城街道',
    });
    expect(res.body.data.postcode).toBeNull();
    expect(res.body.data.company).toBeNull();
  });

  it('refuses bad input with the field named', async () => {
    const token = await member();
    const cases: [Record<string, unknown>, string, string][] = [
      [{ ...nanshan, mobile: '23800138000' }, 'mobile', '请输入以1开头的11位手机号'],
      [{ ...nanshan, receiverName: '  ' }, 'receiverName', '收货人：请填写收货人'],
      [{ ...nanshan, regionCode: '4403' }, 'regionCode', '所在地区：请选择所在地区'],
      [{ ...nanshan, address: 'x' }, 'address', '详细地址：请填写详细地址（至少2个字）'],
      [{ ...nanshan, postcode: '51805' }, 'postcode', '邮编：邮编应为6位数字'],
      [
        { ...nanshan, receiverName: 'a\u0000b' },
        'receiverName',
        '收货人：不能包含控制字符或无效字符',
      ],
    ];
    for (const [body, field, message] of cases) {
      const res = await create(token, body);
      expect(res.status, field).toBe(400);
      expect(res.body.success).toBe(false);
      expect(res.body.field).toBe(field);
      expect(res.body.message).toContain(message.split('：').pop());
    }
    const unknown = await create(token, { ...nanshan, regionCode: '440399' });
    expect(unknown.status).toBe(400);
    expect(unknown.body).toEqual({
      success: false,
      data: null,
      message: '所在地区不存在，请重新选择',
      field: 'regionCode',
    });
    expect((await list(token)).total).toBe(0);
  });

  it('lists the default first, then the most recently created or edited', async () => {
    const token = await member();
    const a = (await create(token, nanshan)).body.data;
    t.clock.advance(1000);
    const b = (await create(token, wuzhong)).body.data;
    t.clock.advance(1000);
    const c = (await create(token, { ...wuzhong, receiverName: '王五' })).body.data;
    expect((await list(token)).items.map((r) => r.id)).toEqual([a.id, c.id, b.id]);
    t.clock.advance(1000);
    await call(
      t,
      MemberReceiver.Update,
      { id: b.id, ...wuzhong, address: '新地址 1 号' },
      { token },
    );
    const page = await list(token);
    expect(page.items.map((r) => r.id)).toEqual([a.id, b.id, c.id]);
    expect(page.total).toBe(3);
    const second = await call(t, MemberReceiver.GetPagedList, { page: 2, pageSize: 2 }, { token });
    expect(second.body.data).toMatchObject({ total: 3, page: 2, pageSize: 2 });
    expect(second.body.data.items.map((r) => r.id)).toEqual([c.id]);
  });
});

describe('the one default', () => {
  it('moves with UpdateDefault, with Create and Update asking for it, and never goes away by Update', async () => {
    const token = await member();
    const a = (await create(token, nanshan)).body.data;
    const b = (await create(token, wuzhong)).body.data;
    expect(b.isDefault).toBe(false);
    expect(await defaults(token)).toEqual([a.id]);

    const set = await call(t, MemberReceiver.UpdateDefault, { id: b.id }, { token });
    expect(set.body.data).toMatchObject({ id: b.id, isDefault: true });
    expect(await defaults(token)).toEqual([b.id]);

    const c = (await create(token, { ...wuzhong, isDefault: true })).body.data;
    expect(c.isDefault).toBe(true);
    expect(await defaults(token)).toEqual([c.id]);

    const updated = await call(
      t,
      MemberReceiver.Update,
      { id: a.id, ...nanshan, isDefault: true },
      { token },
    );
    expect(updated.body.data.isDefault).toBe(true);
    expect(await defaults(token)).toEqual([a.id]);

    const kept = await call(
      t,
      MemberReceiver.Update,
      { id: a.id, ...nanshan, isDefault: false },
      { token },
    );
    expect(kept.body.data.isDefault).toBe(true);
    expect(await defaults(token)).toEqual([a.id]);
  });

  it('deleting the default promotes the most recently created or edited one', async () => {
    const token = await member();
    const a = (await create(token, nanshan)).body.data;
    t.clock.advance(1000);
    const b = (await create(token, wuzhong)).body.data;
    t.clock.advance(1000);
    const c = (await create(token, wuzhong)).body.data;
    t.clock.advance(1000);
    await call(t, MemberReceiver.Update, { id: b.id, ...wuzhong, company: '新公司' }, { token });

    const deleted = await call(t, MemberReceiver.Delete, { id: a.id }, { token });
    expect(deleted.body).toEqual({ success: true, data: { ok: true }, message: '' });
    expect(await defaults(token)).toEqual([b.id]);

    const last = await call(t, MemberReceiver.getDefaultOrLast, {}, { token });
    expect(last.body.data?.id).toBe(b.id);

    await call(t, MemberReceiver.Delete, { id: c.id }, { token });
    expect(await defaults(token)).toEqual([b.id]);
    await call(t, MemberReceiver.Delete, { id: b.id }, { token });
    expect((await list(token)).total).toBe(0);
    const none = await call(t, MemberReceiver.getDefaultOrLast, {}, { token });
    expect(none.body).toEqual({ success: true, data: null, message: '' });
    const again = await call(t, MemberReceiver.Delete, { id: b.id }, { token });
    expect(again.status).toBe(404);
    expect(again.body).toEqual(NOT_FOUND);
  });

  it('keeps exactly one default under parallel Create and UpdateDefault', async () => {
    const token = await member();
    const created = await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        create(token, { ...wuzhong, receiverName: `并发${i}`, isDefault: i % 2 === 0 }),
      ),
    );
    expect(created.map((r) => r.status)).toEqual(Array(8).fill(200));
    expect(await defaults(token)).toHaveLength(1);

    const ids = created.map((r) => r.body.data.id);
    const results = await Promise.all([
      ...ids.map((id) => call(t, MemberReceiver.UpdateDefault, { id }, { token })),
      ...ids
        .slice(0, 3)
        .map((_, i) => create(token, { ...nanshan, receiverName: `又一个${i}`, isDefault: true })),
      call(t, MemberReceiver.Delete, { id: ids[7]! }, { token }),
    ]);
    expect(results.every((r) => r.status === 200 || r.status === 404)).toBe(true);
    expect(await defaults(token)).toHaveLength(1);
    expect((await list(token)).total).toBe(10);
  });
});

describe('the cap', () => {
  it(`keeps at most ${RECEIVER_LIMIT} per member, also when they are asked for at once`, async () => {
    const token = await member();
    const results = await Promise.all(
      Array.from({ length: RECEIVER_LIMIT + 5 }, (_, i) =>
        create(token, { ...wuzhong, receiverName: `地址${i}` }),
      ),
    );
    const refused = results.filter((r) => r.status === 409);
    expect(results.filter((r) => r.status === 200)).toHaveLength(RECEIVER_LIMIT);
    expect(refused).toHaveLength(5);
    expect(refused[0]?.body.message).toBe(
      `最多保存${RECEIVER_LIMIT}个收货地址，请先删除不用的地址`,
    );
    const page = await list(token);
    expect(page.total).toBe(RECEIVER_LIMIT);
    expect(page.items.filter((r) => r.isDefault)).toHaveLength(1);

    // A deleted address frees its slot.
    await call(t, MemberReceiver.Delete, { id: page.items[3]!.id }, { token });
    expect((await create(token, wuzhong)).status).toBe(200);
    expect((await create(token, wuzhong)).status).toBe(409);
  });
});

describe('one member never reaches another member’s addresses', () => {
  it('answers every call with an id of someone else’s address as not found', async () => {
    const owner = await member();
    const stranger = await member();
    const a = (await create(owner, nanshan)).body.data;
    const b = (await create(owner, wuzhong)).body.data;
    const mine = (await create(stranger, wuzhong)).body.data;

    const get = await call(t, MemberReceiver.Get, { id: a.id }, { token: stranger });
    expect(get.status).toBe(404);
    expect(get.body).toEqual(NOT_FOUND);
    const upd = await call(t, MemberReceiver.Update, { id: a.id, ...wuzhong }, { token: stranger });
    expect(upd.status).toBe(404);
    expect(upd.body).toEqual(NOT_FOUND);
    const def = await call(t, MemberReceiver.UpdateDefault, { id: b.id }, { token: stranger });
    expect(def.status).toBe(404);
    expect(def.body).toEqual(NOT_FOUND);
    const del = await call(t, MemberReceiver.Delete, { id: a.id }, { token: stranger });
    expect(del.status).toBe(404);
    expect(del.body).toEqual(NOT_FOUND);

    // Nothing changed for the owner; the stranger sees only their own.
    const ownerPage = await list(owner);
    expect(ownerPage.items.map((r) => [r.id, r.isDefault, r.receiverName])).toEqual([
      [a.id, true, '张工'],
      [b.id, false, '李采购'],
    ]);
    expect((await list(stranger)).items.map((r) => r.id)).toEqual([mine.id]);
    const last = await call(t, MemberReceiver.getDefaultOrLast, {}, { token: stranger });
    expect(last.body.data?.id).toBe(mine.id);

    // The module's API for quotes and orders applies the same rule.
    const receivers = t.app.modules.memberReceiver;
    const ownerId = (await call(t, MemberInfo.Get, {}, { token: owner })).body.data.id;
    expect((await receivers.findForMember(ownerId, a.id))?.id).toBe(a.id);
    expect(await receivers.findForMember(ownerId, mine.id)).toBeNull();
    expect((await receivers.defaultOrLast(ownerId))?.id).toBe(a.id);
  });

  it('refuses an anonymous caller', async () => {
    const res = await call(t, MemberReceiver.GetPagedList, {});
    expect(res.status).toBe(401);
  });
});
