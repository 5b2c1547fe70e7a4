import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from './helper';
import { auditRows, createStaff, sessionFor, staffCall, staffLogin } from './staff-support';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => t?.close());

describe('staff accounts', () => {
  it('creates, updates (disable ends sessions), keeps the last admin, audits each change', async () => {
    const admin = await sessionFor(t, (await createStaff(t, { roles: ['admin'] })).id);
    const created = await staffCall<{ id: number; roles: string[] }>(
      t,
      admin,
      'POST',
      '/api/StaffAccount/Create',
      {
        userName: 'new.sales',
        realName: '新业务',
        roles: ['sales'],
        password: 'Initial123',
      },
    );
    expect(created.status).toBe(200);
    const taken = await staffCall(t, admin, 'POST', '/api/StaffAccount/Create', {
      userName: 'new.sales',
      realName: '重名',
      roles: ['sales'],
      password: 'Initial123',
    });
    expect(taken.status).toBe(409);
    expect(taken.body.field).toBe('userName');
    const id = created.body.data.id;
    const session = await staffLogin(t, 'new.sales', { password: 'Initial123' });
    const disabled = await staffCall(t, admin, 'POST', '/api/StaffAccount/Update', {
      id,
      realName: '新业务',
      roles: ['sales'],
      status: 'disabled',
    });
    expect(disabled.status).toBe(200);
    expect((await staffCall(t, session, 'GET', '/api/StaffAuth/Me')).status).toBe(401);
    const login = await t.post('/api/StaffAuth/Login', {
      userName: 'new.sales',
      password: 'Initial123',
    });
    expect(login.status).toBe(403);

    const last = await staffCall(t, admin, 'POST', '/api/StaffAccount/Update', {
      id: admin.staffId,
      realName: '管理员',
      roles: ['sales'],
      status: 'active',
    });
    expect(last.status).toBe(409);
    expect(last.body.message).toBe('不能停用或移除最后一位在职管理员');

    const rows = await auditRows(
      t,
      `object_type = 'staff' AND object_id = $1 AND action LIKE 'StaffAccount.%'`,
      [String(id)],
    );
    expect(rows.map((r) => r.action)).toEqual(['StaffAccount.Create', 'StaffAccount.Update']);
    expect(rows[1]?.before).toMatchObject({ status: 'active' });
    expect(rows[1]?.after).toMatchObject({ status: 'disabled' });
    expect(JSON.stringify(rows)).not.toMatch(/argon2|Initial123/);
    expect(
      await auditRows(t, `object_id = $1 AND action = 'StaffAccount.Update'`, [
        String(admin.staffId),
      ]),
    ).toEqual([]);
  });

  it('browses the audit log by staff, action, object and time', async () => {
    const admin = await sessionFor(t, (await createStaff(t, { roles: ['admin'] })).id);
    const list = async (query: Record<string, unknown>) =>
      (
        await staffCall<{
          items: { action: string; staff: { id: number } | null }[];
          total: number;
        }>(t, admin, 'GET', '/api/StaffAudit/List', query)
      ).body.data;
    const all = await list({});
    expect(all.total).toBeGreaterThan(0);
    const creates = await list({ action: 'StaffAccount.Create' });
    expect(creates.items.every((i) => i.action === 'StaffAccount.Create')).toBe(true);
    expect((await list({ staffId: admin.staffId })).total).toBe(0);
    expect(
      (await list({ from: new Date(t.clock.now().getTime() + 60_000).toISOString() })).total,
    ).toBe(0);
  });
});
