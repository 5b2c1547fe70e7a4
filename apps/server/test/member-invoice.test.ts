import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  MAX_INVOICE_PROFILES,
  SPECIAL_NEEDS_CERTIFICATION_MESSAGE,
  type EndpointDef,
  type InputOf,
  type InvoiceProfile,
} from '@pcb/contract';
import { MemberAuth } from '@pcb/contract/member-auth';
import { MemberInvoice } from '@pcb/contract/member-invoice';
import { DEMO_MOBILE } from '../src/modules/member/member.seed';
import { seedDemoData } from '../src/modules/seed';
import { call, unchecked } from './call';
import { buildTestApp, uniqueMobile, type TestApp } from './helper';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => t?.close());

const NOT_FOUND = '发票抬头不存在';
const TAX_NUMBER = '91440300MA5DCKXX0T';
const OTHER_TAX_NUMBER = '91350100M000100Y43';

interface Member {
  id: number;
  token: string;
}
const newMember = async (): Promise<Member> => t.createMember({ mobile: uniqueMobile() });

/** Enterprise certification approved (or revoked), as the certification flow will set it. */
async function setCertified(member: Member, certified: boolean) {
  await t.database.db.execute(
    sql`UPDATE member SET certified_at = ${certified ? sql`now()` : sql`NULL`} WHERE id = ${member.id}`,
  );
}

const personal = { invoiceType: 'normal', titleType: 'personal', title: '张三', email: 'a@b.cn' };
const company = {
  invoiceType: 'normal',
  titleType: 'company',
  title: '深圳市示例科技有限公司',
  taxNumber: TAX_NUMBER,
  email: 'finance@example.com',
};
const special = {
  invoiceType: 'special',
  titleType: 'company',
  title: '深圳市示例科技有限公司',
  taxNumber: TAX_NUMBER,
  registeredAddress: '深圳市南山区科技园一路1号',
  registeredPhone: '0755-86000000',
  bankName: '招商银行深圳科技园支行',
  bankAccount: '7559 1234 5678 901',
  email: 'finance@example.com',
};

// Bodies are sent as written: many are ones the contract refuses, to see the server refuse them.
const create = (m: Member, body: Record<string, unknown>) =>
  call(t, MemberInvoice.Create, unchecked(body), { token: m.token });
const update = (m: Member, body: Record<string, unknown>) =>
  call(t, MemberInvoice.Update, unchecked(body), { token: m.token });
const list = async (m: Member, input: InputOf<typeof MemberInvoice.GetList> = {}) =>
  (await call(t, MemberInvoice.GetList, input, { token: m.token })).body.data;
const getOne = (m: Member, id: number | string) =>
  call(t, MemberInvoice.Get, unchecked({ id }), { token: m.token });
const getDefault = async (m: Member) =>
  (await call(t, MemberInvoice.GetDefault, {}, { token: m.token })).body.data;
const setDefault = (m: Member, id: number) =>
  call(t, MemberInvoice.SetDefault, { id }, { token: m.token });
const remove = (m: Member, id: number) => call(t, MemberInvoice.Delete, { id }, { token: m.token });

async function created(m: Member, body: Record<string, unknown>): Promise<InvoiceProfile> {
  const res = await create(m, body);
  if (!res.body.success) throw new Error(res.body.message);
  return res.body.data;
}

/** The member's default profiles, straight from the table. */
async function defaultIds(m: Member): Promise<number[]> {
  const res = await t.database.db.execute<{ id: number }>(
    sql`SELECT id FROM member_invoice_profile WHERE member_id = ${m.id} AND is_default`,
  );
  return res.rows.map((r) => r.id);
}

describe('invoice permissions', () => {
  it('普票 always; 专票 only once the enterprise certification is approved', async () => {
    const m = await newMember();
    const before = await call(t, MemberInvoice.GetInvoicePermissions, {}, { token: m.token });
    expect(before.body.data).toEqual({
      canUseNormal: true,
      canUseSpecial: false,
      specialRefusal: SPECIAL_NEEDS_CERTIFICATION_MESSAGE,
    });
    await setCertified(m, true);
    const after = await call(t, MemberInvoice.GetInvoicePermissions, {}, { token: m.token });
    expect(after.body.data).toEqual({
      canUseNormal: true,
      canUseSpecial: true,
      specialRefusal: null,
    });
  });

  it('every call needs a login', async () => {
    const calls: [EndpointDef, object][] = [
      [MemberInvoice.GetList, {}],
      [MemberInvoice.GetInvoicePermissions, {}],
      [MemberInvoice.Get, { id: 1 }],
      [MemberInvoice.GetDefault, {}],
      [MemberInvoice.SetDefault, {}],
      [MemberInvoice.Delete, {}],
      [MemberInvoice.Create, {}],
      [MemberInvoice.Update, {}],
    ];
    // A new endpoint of the module is added here, or this fails.
    expect(new Set(calls.map(([endpoint]) => endpoint))).toEqual(
      new Set(Object.values(MemberInvoice)),
    );
    for (const [endpoint, input] of calls) {
      const res = await call(t, endpoint, unchecked(input));
      expect(res.status, endpoint.path).toBe(401);
      expect(res.body.success).toBe(false);
    }
  });
});

describe('profile types', () => {
  it('a person’s 普票 keeps the name only: other fields sent are dropped', async () => {
    const m = await newMember();
    const p = await created(m, {
      ...personal,
      title: '  张三 ',
      taxNumber: TAX_NUMBER,
      bankName: '某银行',
      mobile: '13912345678',
    });
    expect(p).toMatchObject({
      invoiceType: 'normal',
      titleType: 'personal',
      title: '张三',
      taxNumber: null,
      registeredAddress: null,
      registeredPhone: null,
      bankName: null,
      bankAccount: null,
      email: 'a@b.cn',
      mobile: '13912345678',
      isDefault: true,
      isUsable: true,
    });
    expect((await getOne(m, p.id)).body.data).toEqual(p);
  });

  it('a company’s 普票 needs a valid tax number (normalised; check character verified)', async () => {
    const m = await newMember();
    const missing = await create(m, { ...company, taxNumber: undefined });
    expect(missing.status).toBe(400);
    expect(missing.body).toMatchObject({ message: '税号：请填写税号', field: 'taxNumber' });
    const wrongCheck = await create(m, { ...company, taxNumber: '91440300MA5DCKXX0A' });
    expect(wrongCheck.status).toBe(400);
    expect(wrongCheck.body).toMatchObject({
      message: '税号：校验位不正确，请核对税号',
      field: 'taxNumber',
    });
    const short = await create(m, { ...company, taxNumber: '9144030' });
    expect(short.body).toMatchObject({
      message: '税号：应为18位统一社会信用代码（数字或大写字母）',
      field: 'taxNumber',
    });
    const p = await created(m, { ...company, taxNumber: ' 9144 0300 ma5d ckxx0t' });
    expect(p.taxNumber).toBe(TAX_NUMBER);
    expect(p.bankName).toBeNull();
    expect(await list(m)).toHaveLength(1);
  });

  it('专票 is refused without certification, with the reason, on Create and Update', async () => {
    const m = await newMember();
    const res = await create(m, special);
    expect(res.status).toBe(403);
    expect(res.body).toMatchObject({
      success: false,
      message: SPECIAL_NEEDS_CERTIFICATION_MESSAGE,
      field: 'invoiceType',
    });
    const p = await created(m, company);
    const upgraded = await update(m, { ...special, id: p.id });
    expect(upgraded.status).toBe(403);
    expect(upgraded.body.message).toBe(SPECIAL_NEEDS_CERTIFICATION_MESSAGE);
    expect(await list(m)).toEqual([p]);
  });

  it('专票 with certification: a company with address, phone, bank and account', async () => {
    const m = await newMember();
    await setCertified(m, true);
    const asPerson = await create(m, { ...special, titleType: 'personal' });
    expect(asPerson.status).toBe(400);
    expect(asPerson.body).toMatchObject({
      message: '抬头类型：增值税专用发票只能开给企业',
      field: 'titleType',
    });
    const noBank = await create(m, { ...special, bankName: ' ' });
    expect(noBank.body).toMatchObject({ message: '开户银行：请填写开户银行', field: 'bankName' });
    const badAccount = await create(m, { ...special, bankAccount: '12ab' });
    expect(badAccount.body).toMatchObject({
      message: '银行账号：应为8至30位数字',
      field: 'bankAccount',
    });
    const badPhone = await create(m, { ...special, registeredPhone: '12' });
    expect(badPhone.body.field).toBe('registeredPhone');
    const p = await created(m, special);
    expect(p).toMatchObject({
      invoiceType: 'special',
      titleType: 'company',
      taxNumber: TAX_NUMBER,
      registeredAddress: '深圳市南山区科技园一路1号',
      registeredPhone: '0755-86000000',
      bankName: '招商银行深圳科技园支行',
      bankAccount: '755912345678901',
      isUsable: true,
    });
  });

  it('Update replaces the whole profile: a 专票 turned 普票 loses its bank details', async () => {
    const m = await newMember();
    await setCertified(m, true);
    const p = await created(m, special);
    const res = await update(m, {
      ...company,
      id: p.id,
      taxNumber: OTHER_TAX_NUMBER,
      bankName: '留着也没用',
    });
    expect(res.body.data).toMatchObject({
      id: p.id,
      invoiceType: 'normal',
      titleType: 'company',
      taxNumber: OTHER_TAX_NUMBER,
      registeredAddress: null,
      registeredPhone: null,
      bankName: null,
      bankAccount: null,
      isDefault: true,
    });
    expect(res.body.data.createdAt).toBe(p.createdAt);
  });

  it('a revoked certification keeps 专票 profiles, marked unusable; they can only become 普票', async () => {
    const m = await newMember();
    await setCertified(m, true);
    const p = await created(m, special);
    await setCertified(m, false);
    expect((await getOne(m, p.id)).body.data).toMatchObject({ id: p.id, isUsable: false });
    expect(await t.app.modules.memberInvoice.findOwned(m.id, p.id)).toMatchObject({
      isUsable: false,
    });
    const kept = await update(m, { ...special, id: p.id, title: '改个名' });
    expect(kept.status).toBe(403);
    const switched = await update(m, { ...company, id: p.id });
    expect(switched.body.data).toMatchObject({ invoiceType: 'normal', isUsable: true });
  });
});

describe('the default', () => {
  it('the first becomes default, later ones do not, unless asked; GetDefault follows', async () => {
    const m = await newMember();
    expect(await getDefault(m)).toBeNull();
    expect(await list(m)).toEqual([]);
    const a = await created(m, personal);
    const b = await created(m, { ...company, isDefault: false });
    expect([a.isDefault, b.isDefault]).toEqual([true, false]);
    expect((await getDefault(m))?.id).toBe(a.id);
    const c = await created(m, { ...personal, title: '李四', isDefault: true });
    expect(c.isDefault).toBe(true);
    expect((await list(m)).map((p) => [p.id, p.isDefault])).toEqual([
      [c.id, true],
      [b.id, false],
      [a.id, false],
    ]);
    expect(await defaultIds(m)).toEqual([c.id]);
  });

  it('SetDefault moves it; Update with isDefault moves it; false never unsets it', async () => {
    const m = await newMember();
    const a = await created(m, personal);
    const b = await created(m, company);
    const res = await setDefault(m, b.id);
    expect(res.body.data).toMatchObject({ id: b.id, isDefault: true });
    expect(await defaultIds(m)).toEqual([b.id]);
    expect((await setDefault(m, b.id)).body.data.isDefault).toBe(true);
    const moved = await update(m, { ...personal, id: a.id, isDefault: true });
    expect(moved.body.data.isDefault).toBe(true);
    expect(await defaultIds(m)).toEqual([a.id]);
    const kept = await update(m, { ...personal, id: a.id, isDefault: false });
    expect(kept.body.data.isDefault).toBe(true);
    expect(await defaultIds(m)).toEqual([a.id]);
  });

  it('deleting the default promotes the most recently added; deleting the last leaves none', async () => {
    const m = await newMember();
    const a = await created(m, personal);
    const b = await created(m, company);
    const c = await created(m, { ...personal, title: '王五' });
    expect((await remove(m, a.id)).body).toMatchObject({ success: true, data: { ok: true } });
    expect((await getDefault(m))?.id).toBe(c.id);
    expect((await remove(m, b.id)).body.success).toBe(true);
    expect((await getDefault(m))?.id).toBe(c.id);
    expect((await remove(m, c.id)).body.success).toBe(true);
    expect(await getDefault(m)).toBeNull();
    expect(await list(m)).toEqual([]);
    expect((await remove(m, c.id)).status).toBe(404);
    // The quota came back: a new first profile is the default again.
    expect((await created(m, personal)).isDefault).toBe(true);
  });

  it('GetList filters by type', async () => {
    const m = await newMember();
    await setCertified(m, true);
    const n = await created(m, company);
    const s = await created(m, special);
    expect((await list(m, { invoiceType: 'special' })).map((p) => p.id)).toEqual([s.id]);
    expect((await list(m, { invoiceType: 'normal' })).map((p) => p.id)).toEqual([n.id]);
  });
});

describe('isolation: another member’s id is not found, in every call', () => {
  it('Get, SetDefault, Update, Delete and the module API answer as for a missing id', async () => {
    const owner = await newMember();
    const stranger = await newMember();
    const mine = await created(stranger, personal);
    const p = await created(owner, company);
    const before = await list(owner);

    const got = await getOne(stranger, p.id);
    expect(got.status).toBe(404);
    expect(got.body).toEqual({ success: false, data: null, message: NOT_FOUND });
    const sd = await setDefault(stranger, p.id);
    expect([sd.status, sd.body.message]).toEqual([404, NOT_FOUND]);
    const up = await update(stranger, { ...personal, id: p.id, title: '冒名' });
    expect([up.status, up.body.message]).toEqual([404, NOT_FOUND]);
    const del = await remove(stranger, p.id);
    expect([del.status, del.body.message]).toEqual([404, NOT_FOUND]);
    expect(await t.app.modules.memberInvoice.findOwned(stranger.id, p.id)).toBeNull();

    expect(await list(owner)).toEqual(before);
    expect((await list(stranger)).map((x) => x.id)).toEqual([mine.id]);
    // The stranger's own default survived the refused SetDefault.
    expect(await defaultIds(stranger)).toEqual([mine.id]);
    expect((await t.app.modules.memberInvoice.findDefault(stranger.id))?.id).toBe(mine.id);
  });

  it('unknown fields are ignored, never written (no owner, id, default or time from the body)', async () => {
    const owner = await newMember();
    const other = await newMember();
    const theirs = await created(other, personal);
    const res = await create(owner, {
      ...personal,
      memberId: other.id,
      member_id: other.id,
      id: theirs.id,
      createdAt: '2000-01-01T00:00:00.000Z',
      isUsable: false,
    });
    expect(res.status).toBe(200);
    expect(res.body.data.id).not.toBe(theirs.id);
    expect(res.body.data.isUsable).toBe(true);
    expect(res.body.data.createdAt).not.toBe('2000-01-01T00:00:00.000Z');
    expect((await list(owner)).map((p) => p.id)).toEqual([res.body.data.id]);
    expect((await list(other)).map((p) => p.id)).toEqual([theirs.id]);
    const up = await update(owner, { ...personal, id: res.body.data.id, memberId: other.id });
    expect(up.status).toBe(200);
    expect((await list(other)).map((p) => p.id)).toEqual([theirs.id]);
  });
});

describe('bad input: 400 with the field named', () => {
  it('names the field in Chinese', async () => {
    const m = await newMember();
    const cases: [Record<string, unknown>, string, string][] = [
      [{ ...personal, email: 'not-an-email' }, 'email', '接收邮箱：请输入有效的邮箱地址'],
      [{ ...personal, email: '' }, 'email', '接收邮箱：请填写接收电子发票的邮箱'],
      [{ ...personal, title: '' }, 'title', '发票抬头：请填写发票抬头'],
      [{ ...personal, title: 'x'.repeat(101) }, 'title', '发票抬头：最多100个字符'],
      [{ ...personal, mobile: '2391234567' }, 'mobile', '接收手机号：请输入以1开头的11位手机号'],
      [{ ...personal, invoiceType: 'vat' }, 'invoiceType', '发票类型：取值不在允许范围内'],
      [{ ...personal, title: 'a\u0000b' }, 'title', '发票抬头：不能包含控制字符或无效字符'],
      [{ ...personal, isDefault: 'yes' }, 'isDefault', '设为默认：类型不正确'],
    ];
    for (const [body, field, message] of cases) {
      const res = await create(m, body);
      expect(res.status, field).toBe(400);
      expect(res.body, field).toMatchObject({ success: false, field, message });
    }
    const badId = await getOne(m, 'abc');
    expect(badId.status).toBe(400);
    expect(badId.body.field).toBe('id');
    const bigId = await setDefault(m, 2_147_483_648);
    expect([bigId.status, bigId.body.message]).toEqual([400, '编号：超出范围']);
    expect(await list(m)).toEqual([]);
  });
});

describe('concurrency', () => {
  it('parallel Creates of a new member: exactly one default', async () => {
    const m = await newMember();
    const results = await Promise.all(
      Array.from({ length: 12 }, (_, i) => create(m, { ...personal, title: `并发${i}` })),
    );
    expect(results.map((r) => r.status)).toEqual(Array(12).fill(200));
    expect(results.filter((r) => r.body.data.isDefault)).toHaveLength(1);
    expect(await defaultIds(m)).toHaveLength(1);
  });

  it('parallel SetDefault, Create with isDefault and Delete: exactly one default remains', async () => {
    const m = await newMember();
    const ps: InvoiceProfile[] = [];
    for (let i = 0; i < 8; i++) ps.push(await created(m, { ...personal, title: `抬头${i}` }));
    const calls = [
      ...ps.slice(0, 6).map((p) => setDefault(m, p.id)),
      create(m, { ...company, isDefault: true }),
      create(m, { ...company, isDefault: true }),
      remove(m, ps[0]!.id),
      remove(m, ps[7]!.id),
    ];
    const results = await Promise.all(calls);
    for (const r of results) expect([200, 404]).toContain(r.status);
    const ids = await defaultIds(m);
    expect(ids).toHaveLength(1);
    expect((await getDefault(m))?.id).toBe(ids[0]);
  });

  it(`the cap of ${MAX_INVOICE_PROFILES} holds under parallel Creates`, async () => {
    const m = await newMember();
    const results = await Promise.all(
      Array.from({ length: MAX_INVOICE_PROFILES + 5 }, (_, i) =>
        create(m, { ...personal, title: `第${i}个` }),
      ),
    );
    const refused = results.filter((r) => r.status === 409);
    expect(results.filter((r) => r.status === 200)).toHaveLength(MAX_INVOICE_PROFILES);
    expect(refused).toHaveLength(5);
    expect(refused[0]?.body.message).toBe(
      `最多可保存${MAX_INVOICE_PROFILES}个发票抬头，请删除不用的后再添加`,
    );
    expect(await list(m)).toHaveLength(MAX_INVOICE_PROFILES);
    // Deleting one frees one place.
    const [first] = await list(m);
    await remove(m, first!.id);
    expect((await create(m, personal)).status).toBe(200);
    expect((await create(m, personal)).status).toBe(409);
  });
});

describe('demo data', () => {
  it('the demo member has a default company 普票 and a personal one, seeded once', async () => {
    await seedDemoData(t.database.db, t.config);
    await seedDemoData(t.database.db, t.config);
    const login = await call(t, MemberAuth.Login, {
      userNameOrMobile: DEMO_MOBILE,
      password: 'Demo@2026',
      userAgent: 'vitest',
      ncVerifyDto: await t.solveCaptcha(),
    });
    const token = login.body.data.accessToken;
    const profiles = (await call(t, MemberInvoice.GetList, {}, { token })).body.data;
    expect(profiles.map((p) => [p.titleType, p.title, p.isDefault])).toEqual([
      ['company', '深圳示例电子有限公司', true],
      ['personal', '张工', false],
    ]);
  });
});
