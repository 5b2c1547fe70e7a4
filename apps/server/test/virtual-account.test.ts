import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { VirtualAccount } from '@pcb/contract/direct-connection';
import { buildTestApp, uniqueMobile, type TestApp } from './helper';
import {
  auditRows,
  createStaff,
  sessionFor,
  staffCall,
  type StaffSessionForTest,
} from './staff-support';

let t: TestApp;
let finance: StaffSessionForTest;
beforeAll(async () => {
  t = await buildTestApp();
  finance = await sessionFor(t, (await createStaff(t, { roles: ['finance'] })).id);
});
afterAll(async () => t?.close());

const listOwn = (token: string, mbid: string | number) =>
  t.get<VirtualAccount[]>('/api/DirectConnection/GetVirtualAccountListByMemberId', {
    token,
    query: { mbid: String(mbid) },
  });

const create = (body: Record<string, unknown>, session = finance) =>
  staffCall<VirtualAccount & { member: { id: number } }>(
    t,
    session,
    'POST',
    '/api/StaffVirtualAccount/Create',
    body,
  );

let accountNo = 6_222_020_000_000;
const nextAccountNo = () => String(accountNo++);

describe('virtual accounts', () => {
  it('finance opens one for a member (audited); the member lists exactly their own', async () => {
    const m = await t.createMember({ mobile: uniqueMobile() });
    expect((await listOwn(m.token, m.id)).body).toEqual({ success: true, data: [], message: '' });
    const no = nextAccountNo();
    const res = await create({
      memberId: m.id,
      bankName: '招商银行深圳分行',
      accountName: '深圳华创电子有限公司',
      accountNo: ` ${no} `,
      createdBy: 1,
    });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({
      member: { id: m.id },
      bankName: '招商银行深圳分行',
      accountName: '深圳华创电子有限公司',
      accountNo: no,
      createdBy: { id: finance.staffId },
    });
    const own = await listOwn(m.token, m.id);
    expect(own.body.data).toEqual([
      {
        id: res.body.data.id,
        bankName: '招商银行深圳分行',
        accountName: '深圳华创电子有限公司',
        accountNo: no,
        createdAt: t.clock.now().toISOString(),
      },
    ]);
    const [audit] = await auditRows(t, `action = 'StaffVirtualAccount.Create' AND object_id = $1`, [
      String(res.body.data.id),
    ]);
    expect(audit).toMatchObject({
      staff_id: finance.staffId,
      object_type: 'virtualAccount',
      before: null,
      after: { memberId: m.id, accountNo: no, bankName: '招商银行深圳分行' },
    });
    const listed = await staffCall<{ items: { id: number }[]; total: number }>(
      t,
      finance,
      'GET',
      '/api/StaffVirtualAccount/List',
      { memberId: m.id },
    );
    expect(listed.body.data.total).toBe(1);
    expect(listed.body.data.items.map((i) => i.id)).toEqual([res.body.data.id]);
  });

  it('refuses another member’s mbid as not found, and a bad one naming the field', async () => {
    const a = await t.createMember({ mobile: uniqueMobile() });
    const b = await t.createMember({ mobile: uniqueMobile() });
    await create({
      memberId: b.id,
      bankName: '工商银行',
      accountName: 'B公司',
      accountNo: nextAccountNo(),
    });
    const foreign = await listOwn(a.token, b.id);
    expect(foreign.status).toBe(404);
    expect(foreign.body).toEqual({
      success: false,
      data: null,
      message: '会员不存在',
      field: 'mbid',
    });
    const bad = await listOwn(a.token, 'abc');
    expect(bad.status).toBe(400);
    expect(bad.body.field).toBe('mbid');
    expect(
      (
        await t.get('/api/DirectConnection/GetVirtualAccountListByMemberId', {
          query: { mbid: String(a.id) },
        })
      ).status,
    ).toBe(401);
  });

  it('keeps account numbers unique and refuses unknown members and bad input', async () => {
    const m = await t.createMember({ mobile: uniqueMobile() });
    const no = nextAccountNo();
    expect(
      (await create({ memberId: m.id, bankName: '建设银行', accountName: '甲', accountNo: no }))
        .status,
    ).toBe(400);
    expect(
      (await create({ memberId: m.id, bankName: '建设银行', accountName: '甲公司', accountNo: no }))
        .status,
    ).toBe(200);
    const taken = await create({
      memberId: m.id,
      bankName: '建设银行',
      accountName: '甲公司',
      accountNo: no,
    });
    expect(taken.status).toBe(409);
    expect(taken.body).toMatchObject({ field: 'accountNo', message: '该账号已被使用' });
    const nobody = await create({
      memberId: 2_000_000_000,
      bankName: '建设银行',
      accountName: '甲公司',
      accountNo: nextAccountNo(),
    });
    expect(nobody.status).toBe(400);
    expect(nobody.body).toMatchObject({ field: 'memberId', message: '会员不存在' });
    const letters = await create({
      memberId: m.id,
      bankName: '建设银行',
      accountName: '甲公司',
      accountNo: '6222abc',
    });
    expect(letters.status).toBe(400);
    expect(letters.body).toMatchObject({ field: 'accountNo', message: '账号：应为8到32位数字' });
    // Refusals wrote nothing, and left no audit row.
    const { rows } = await t.database.pool.query(
      'SELECT count(*)::int AS n FROM virtual_account WHERE member_id = $1',
      [m.id],
    );
    expect(rows[0].n).toBe(1);
  });

  it('is for finance and admin only', async () => {
    const m = await t.createMember({ mobile: uniqueMobile() });
    const sales = await sessionFor(t, (await createStaff(t, { roles: ['sales'] })).id);
    const admin = await sessionFor(t, (await createStaff(t, { roles: ['admin'] })).id);
    const body = {
      memberId: m.id,
      bankName: '农业银行',
      accountName: '乙公司',
      accountNo: nextAccountNo(),
    };
    expect((await create(body, sales)).status).toBe(403);
    expect((await create(body, admin)).status).toBe(200);
  });
});
