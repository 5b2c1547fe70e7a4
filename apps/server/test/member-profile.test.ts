import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MemberInfo } from '@pcb/contract';
import { buildTestApp, uniqueMobile, type TestApp } from './helper';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => t?.close());

const newMember = async (userName?: string) => t.createMember({ mobile: uniqueMobile(), userName });
const update = (token: string, body: Record<string, unknown>) =>
  t.patch<MemberInfo>('/api/MemberInfo/update', body, { token });
const info = async (token: string) =>
  (await t.get<MemberInfo>('/api/MemberInfo/Get', { token })).body.data;

describe('MemberInfo/update', () => {
  it("changes the member's own fields and answers the new view", async () => {
    const { token } = await newMember();
    const res = await update(token, {
      realName: ' 张三 ',
      userName: 'zhang_san',
      qq: '12345678',
      contactPhone: '0755-86001234',
      companyName: '深圳市华芯电子科技有限公司',
      memberType: 'company',
    });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({
      realName: '张三',
      userName: 'zhang_san',
      qq: '12345678',
      contactPhone: '0755-86001234',
      companyName: '深圳市华芯电子科技有限公司',
      memberType: 'company',
    });
    expect(await info(token)).toMatchObject({ qq: '12345678', contactPhone: '0755-86001234' });

    // Left out: unchanged. Null: cleared.
    const partial = await update(token, { contactPhone: '13912345678', qq: null });
    expect(partial.body.data).toMatchObject({
      realName: '张三',
      qq: null,
      contactPhone: '13912345678',
    });
  });

  it('ignores every other field of the body (mass assignment)', async () => {
    const { id, token } = await newMember();
    const before = await info(token);
    const res = await update(token, {
      qq: '55555',
      mobile: '13000000000',
      balance: 99_999_999,
      points: 1_000_000,
      status: 'disabled',
      certifiedAt: '2026-01-01T00:00:00Z',
      gradeName: '钻石',
      id: id + 1,
      passwordHash: 'x',
      accountManagerId: 1,
    });
    expect(res.status).toBe(200);
    const after = await info(token);
    expect(after).toEqual({ ...before, qq: '55555' });
    const { rows } = await t.database.pool.query(
      'SELECT mobile, balance, points, status, certified_at FROM member WHERE id = $1',
      [id],
    );
    expect(rows[0]).toEqual({
      mobile: before.mobile,
      balance: 0,
      points: 0,
      status: 'active',
      certified_at: null,
    });
  });

  it('refuses a user name another member has, whatever its case', async () => {
    await newMember('PcbBuyer');
    const { token } = await newMember();
    const res = await update(token, { userName: 'pcbbuyer' });
    expect(res.status).toBe(409);
    expect(res.body).toMatchObject({
      success: false,
      message: '该用户名已被使用',
      field: 'userName',
    });
    // Its own user name in another case is fine.
    const own = await newMember('Maker01');
    expect((await update(own.token, { userName: 'MAKER01' })).body.data.userName).toBe('MAKER01');
  });

  it('refuses bad input with 400 naming the field, and changes nothing', async () => {
    const { token } = await newMember();
    const before = await info(token);
    const cases: [Record<string, unknown>, string, string][] = [
      [{ qq: '1234' }, 'qq', 'QQ号：应为5-11位数字'],
      [{ qq: '123456789012' }, 'qq', ''],
      [{ qq: '012345' }, 'qq', 'QQ号：应为5-11位数字'],
      [{ contactPhone: '2391234567' }, 'contactPhone', ''],
      [{ contactPhone: '1391234567' }, 'contactPhone', ''],
      [{ userName: '13800138000' }, 'userName', '用户名：不能全是数字'],
      [{ userName: 'a b' }, 'userName', ''],
      [{ userName: 'x' }, 'userName', '用户名：至少2个字符'],
      [{ realName: 'x'.repeat(33) }, 'realName', ''],
      [{ realName: 'a\u0000b' }, 'realName', ''],
      [{ companyName: '公' }, 'companyName', ''],
      [{ memberType: 'vip' }, 'memberType', ''],
    ];
    for (const [body, field, message] of cases) {
      const res = await update(token, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.field, JSON.stringify(body)).toBe(field);
      if (message) expect(res.body.message).toBe(message);
    }
    expect(await info(token)).toEqual(before);
  });

  it('a company member keeps a company name', async () => {
    const { token } = await newMember();
    const res = await update(token, { memberType: 'company' });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ message: '企业会员请填写公司名称', field: 'companyName' });
  });

  it('once certified, the company name and member type are the certification’s', async () => {
    const { id, token } = await newMember();
    await update(token, { companyName: '东莞市宏达电子有限公司', memberType: 'company' });
    await t.database.pool.query('UPDATE member SET certified_at = now() WHERE id = $1', [id]);
    const message = '企业认证已通过，公司名称和会员类型以认证信息为准，如需变更请联系客服';

    const rename = await update(token, { companyName: '东莞市别的公司有限公司' });
    expect(rename.status).toBe(409);
    expect(rename.body).toMatchObject({ message, field: 'companyName' });
    const personal = await update(token, { memberType: 'personal' });
    expect(personal.body).toMatchObject({ message, field: 'memberType' });
    const cleared = await update(token, { companyName: null, qq: '66666' });
    expect(cleared.body).toMatchObject({ message, field: 'companyName' });

    // The same values (as a whole form sends them) and other fields still go through.
    const same = await update(token, {
      companyName: '东莞市宏达电子有限公司',
      memberType: 'company',
      qq: '66666',
    });
    expect(same.status).toBe(200);
    expect(same.body.data).toMatchObject({
      companyName: '东莞市宏达电子有限公司',
      memberType: 'company',
      qq: '66666',
    });
  });

  it('answers 401 without a token', async () => {
    const res = await t.patch('/api/MemberInfo/update', { qq: '12345' });
    expect(res.status).toBe(401);
  });
});
