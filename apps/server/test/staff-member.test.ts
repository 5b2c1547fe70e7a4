import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, uniqueMobile, type TestApp } from './helper';
import {
  auditRows,
  createStaff,
  sessionFor,
  staffCall,
  type StaffSessionForTest,
} from './staff-support';

let t: TestApp;
let admin: StaffSessionForTest;
let sales: StaffSessionForTest;
let salesStaffId: number;
beforeAll(async () => {
  t = await buildTestApp();
  admin = await sessionFor(t, (await createStaff(t, { roles: ['admin'] })).id);
  salesStaffId = (await createStaff(t, { roles: ['sales'], realName: '周经理' })).id;
  sales = await sessionFor(t, salesStaffId);
});
afterAll(async () => t?.close());

async function memberWith(values: { realName?: string; companyName?: string; userName?: string }) {
  const mobile = uniqueMobile();
  const { id, token } = await t.createMember({ mobile, userName: values.userName });
  await t.database.pool.query('UPDATE member SET real_name = $2, company_name = $3 WHERE id = $1', [
    id,
    values.realName ?? null,
    values.companyName ?? null,
  ]);
  return { id, token, mobile };
}

type Page = {
  items: { id: number; mobileMasked: string; realNameMasked: string | null }[];
  total: number;
};
const search = async (keyword: string) =>
  (await staffCall<Page>(t, sales, 'GET', '/api/StaffMember/Search', { keyword })).body.data;

describe('member search', () => {
  it('finds by mobile prefix, real name, user name and company, masked', async () => {
    const a = await memberWith({
      realName: '欧阳明远',
      companyName: '苏州晶片微电子有限公司',
      userName: 'Ouyang_PCB',
    });
    const byMobile = await search(a.mobile.slice(0, 9));
    expect(byMobile.items.map((i) => i.id)).toContain(a.id);
    const row = byMobile.items.find((i) => i.id === a.id)!;
    expect(row.mobileMasked).toBe(`${a.mobile.slice(0, 3)}****${a.mobile.slice(7)}`);
    expect(row.realNameMasked).toBe('欧***');
    for (const keyword of ['欧阳明', '晶片微电', 'ouyang_p', '欧']) {
      expect(
        (await search(keyword)).items.map((i) => i.id),
        keyword,
      ).toContain(a.id);
    }
    for (const keyword of ['明欧', '微晶片', 'pcb_ouyang', a.mobile.slice(3, 9)]) {
      expect(
        (await search(keyword)).items.map((i) => i.id),
        keyword,
      ).not.toContain(a.id);
    }
  });

  it('uses the indexes, not a scan', async () => {
    const client = await t.database.pool.connect();
    try {
      await client.query('SET enable_seqscan = off');
      const plan = async (where: string) =>
        (
          await client.query<{ 'QUERY PLAN': string }>(
            `EXPLAIN SELECT id FROM member WHERE ${where}`,
          )
        ).rows
          .map((r) => r['QUERY PLAN'])
          .join('\n');
      expect(await plan(`mobile LIKE '1380013%'`)).toContain('member_mobile_prefix_idx');
      expect(
        await plan(
          `member_search_grams((coalesce(real_name, '') || ' ' || coalesce(user_name, '') || ' ' || coalesce(company_name, ''))) @> ARRAY['晶片']::text[]`,
        ),
      ).toContain('member_search_grams_idx');
    } finally {
      client.release();
    }
  });
});

describe('member detail and reveal', () => {
  it('shows the detail masked; reveal gives the full value and is audited without it', async () => {
    const m = await memberWith({ realName: '张工' });
    const detail = await staffCall<Record<string, unknown>>(
      t,
      sales,
      'GET',
      '/api/StaffMember/Get',
      { id: m.id },
    );
    expect(detail.body.data).toMatchObject({
      id: m.id,
      realNameMasked: '张*',
      activeSessions: 1,
      wechatBindings: 0,
    });
    expect(JSON.stringify(detail.body.data)).not.toContain(m.mobile);
    const mobile = await staffCall<{ value: string }>(t, sales, 'POST', '/api/StaffMember/Reveal', {
      id: m.id,
      field: 'mobile',
    });
    expect(mobile.body.data.value).toBe(m.mobile);
    const name = await staffCall<{ value: string }>(t, sales, 'POST', '/api/StaffMember/Reveal', {
      id: m.id,
      field: 'realName',
    });
    expect(name.body.data.value).toBe('张工');
    const rows = await auditRows(t, `action = 'StaffMember.Reveal' AND object_id = $1`, [
      String(m.id),
    ]);
    expect(rows.map((r) => r.after)).toEqual([{ revealed: 'mobile' }, { revealed: 'realName' }]);
    expect(rows[0]?.staff_id).toBe(sales.staffId);
    expect(JSON.stringify(rows)).not.toContain(m.mobile);
  });
});

describe('disable and enable a member', () => {
  const login = async (mobile: string) =>
    t.post('/api/MemberAuth/Login', {
      userNameOrMobile: mobile,
      password: 'Passw0rd!',
      ncVerifyDto: await t.solveCaptcha(),
    });

  it('ends every session at once and refuses login until enabled again', async () => {
    const m = await memberWith({});
    const second = (await login(m.mobile)).body.data as { accessToken: string };
    expect((await t.get('/api/MemberInfo/Get', { token: m.token })).status).toBe(200);
    const res = await staffCall(t, admin, 'POST', '/api/StaffMember/SetStatus', {
      id: m.id,
      status: 'disabled',
      reason: '违规注册',
    });
    expect(res.status).toBe(200);
    for (const token of [m.token, second.accessToken]) {
      expect((await t.get('/api/MemberInfo/Get', { token })).status).toBe(401);
    }
    const refused = await login(m.mobile);
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe('账号已被停用，请联系客服');
    await staffCall(t, admin, 'POST', '/api/StaffMember/SetStatus', {
      id: m.id,
      status: 'active',
      reason: '核实无误',
    });
    expect((await login(m.mobile)).status).toBe(200);
    const rows = await auditRows(t, `action = 'StaffMember.SetStatus' AND object_id = $1`, [
      String(m.id),
    ]);
    expect(rows.map((r) => [r.before, r.after])).toEqual([
      [{ status: 'active' }, { status: 'disabled', reason: '违规注册' }],
      [{ status: 'disabled' }, { status: 'active', reason: '核实无误' }],
    ]);
  });

  it('is the admin’s only: sales are refused, and nothing is recorded', async () => {
    const m = await memberWith({});
    const before = (await auditRows(t)).length;
    const res = await staffCall(t, sales, 'POST', '/api/StaffMember/SetStatus', {
      id: m.id,
      status: 'disabled',
      reason: '测试',
    });
    expect(res.status).toBe(403);
    expect((await auditRows(t)).length).toBe(before);
    expect((await t.get('/api/MemberInfo/Get', { token: m.token })).status).toBe(200);
  });
});

describe('account manager assignment', () => {
  it('lists active sales staff as managers and shows the new one in the consulting panel', async () => {
    const { rows } = await t.database.pool.query<{ id: number }>(
      `INSERT INTO account_manager (real_name, mobile, qq, pic, staff_id) VALUES ('周经理', '13611112222', '1234', '/avatars/manager-2.svg', $1) RETURNING id`,
      [salesStaffId],
    );
    const managerId = rows[0]!.id;
    const options = await staffCall<{ id: number; mobileMasked: string }[]>(
      t,
      sales,
      'GET',
      '/api/StaffMember/ListManagers',
    );
    expect(options.body.data).toEqual([
      { id: managerId, realName: '周经理', mobileMasked: '136****2222' },
    ]);
    const m = await memberWith({});
    const assigned = await staffCall(t, sales, 'POST', '/api/StaffMember/AssignManager', {
      id: m.id,
      managerId,
    });
    expect(assigned.status).toBe(200);
    const panel = await t.get('/api/MemberAdmin/Get', { token: m.token });
    expect(panel.body.data).toEqual({
      realName: '周经理',
      mobile: '13611112222',
      qq: '1234',
      pic: '/avatars/manager-2.svg',
    });
    const detail = await staffCall<{ manager: unknown }>(t, sales, 'GET', '/api/StaffMember/Get', {
      id: m.id,
    });
    expect(detail.body.data.manager).toEqual({ id: managerId, realName: '周经理' });

    // A disabled sales account is no longer assignable.
    await t.database.pool.query(`UPDATE staff_account SET status = 'disabled' WHERE id = $1`, [
      salesStaffId,
    ]);
    const refused = await staffCall(t, admin, 'POST', '/api/StaffMember/AssignManager', {
      id: m.id,
      managerId,
    });
    expect(refused.status).toBe(400);
    expect(refused.body.field).toBe('managerId');
    await t.database.pool.query(`UPDATE staff_account SET status = 'active' WHERE id = $1`, [
      salesStaffId,
    ]);
  });
});
