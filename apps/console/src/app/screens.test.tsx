import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { mockApi, ok, refuse } from '@pcb/client/test';
import { page, sessionFixture } from '../test/fixtures';
import { renderConsole } from '../test/render-app';

const adminApi = (overrides: Parameters<typeof mockApi>[0] = {}) =>
  mockApi({
    'GET /api/StaffAuth/Me': () => ok(sessionFixture(['admin'])),
    'GET /api/StaffOutbox/List': () => ok(page([])),
    'GET /api/StaffAccount/List': () => ok(page([])),
    'GET /api/StaffAudit/List': () => ok(page([])),
    ...overrides,
  });

describe('screens', () => {
  it('staff accounts: creates one with roles by their Chinese names', async () => {
    const api = adminApi({
      'POST /api/StaffAccount/Create': (request) =>
        ok({
          id: 9,
          ...(request.body as object),
          status: 'active',
          totpEnabled: false,
          lastLoginAt: null,
          createdAt: '2026-03-01T00:00:00Z',
        }),
    });
    renderConsole('/staff-accounts');
    await screen.findByText('暂无员工账号');
    fireEvent.click(screen.getByRole('button', { name: /新建账号/ }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(within(dialog).getByLabelText('用户名'), { target: { value: 'li.sales' } });
    fireEvent.change(within(dialog).getByLabelText('姓名'), { target: { value: '李业务' } });
    fireEvent.mouseDown(within(dialog).getByLabelText('角色'));
    fireEvent.click(await screen.findByTitle('业务员'));
    fireEvent.change(within(dialog).getByLabelText('初始密码'), {
      target: { value: 'Sales@2026' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: '创建' }));
    await waitFor(() =>
      expect(api.calls('POST /api/StaffAccount/Create')[0]?.body).toEqual({
        userName: 'li.sales',
        realName: '李业务',
        roles: ['sales'],
        password: 'Sales@2026',
      }),
    );
  });

  it('audit log: filters by action and shows a change before and after', async () => {
    const api = adminApi({
      'GET /api/StaffAudit/List': () =>
        ok(
          page([
            {
              id: 1,
              staff: { id: 1, userName: 'demo.admin', realName: '王管理' },
              action: 'StaffMember.SetStatus',
              objectType: 'member',
              objectId: '7',
              before: { status: 'active' },
              after: { status: 'disabled' },
              ip: '127.0.0.1',
              at: '2026-03-01T08:00:00Z',
            },
          ]),
        ),
    });
    renderConsole('/audit-log');
    const row = (await screen.findByText('StaffMember.SetStatus')).closest('tr') as HTMLElement;
    expect(within(row).getByText('member #7')).toBeInTheDocument();
    fireEvent.click(within(row).getByRole('button', { name: /展开行/ }));
    expect(await screen.findByText(/"status": "disabled"/)).toBeInTheDocument();

    fireEvent.change(screen.getByLabelText('操作'), {
      target: { value: ' StaffMember.SetStatus ' },
    });
    fireEvent.click(screen.getByRole('button', { name: '查询' }));
    await waitFor(() =>
      expect(api.calls('GET /api/StaffAudit/List').at(-1)?.url.searchParams.get('action')).toBe(
        'StaffMember.SetStatus',
      ),
    );
  });

  it('SMS outbox: says so in production', async () => {
    adminApi({ 'GET /api/StaffOutbox/List': () => refuse(404, '接口不存在') });
    renderConsole('/sms-outbox');
    expect(await screen.findByText('生产环境不提供短信发件箱')).toBeInTheDocument();
  });

  it('my account: changes the password after checking the confirmation', async () => {
    const api = adminApi({ 'POST /api/StaffAuth/ChangePassword': () => ok({ ok: true }) });
    renderConsole('/account');
    await screen.findByText('demo.admin');
    fireEvent.change(screen.getByLabelText('原密码'), { target: { value: 'Admin@2026' } });
    fireEvent.change(screen.getByLabelText('新密码'), { target: { value: 'Admin@2027' } });
    fireEvent.change(screen.getByLabelText('确认新密码'), { target: { value: 'Admin@2028' } });
    fireEvent.click(screen.getByRole('button', { name: '修改密码' }));
    expect(await screen.findByText('两次输入的密码不一致')).toBeInTheDocument();
    fireEvent.change(screen.getByLabelText('确认新密码'), { target: { value: 'Admin@2027' } });
    fireEvent.click(screen.getByRole('button', { name: '修改密码' }));
    expect(await screen.findByText('密码已修改，其他设备上的登录已失效')).toBeInTheDocument();
    expect(api.calls('POST /api/StaffAuth/ChangePassword')[0]?.body).toEqual({
      oldPassword: 'Admin@2026',
      newPassword: 'Admin@2027',
    });
  });

  it('logs out from the header menu', async () => {
    const api = adminApi({ 'POST /api/StaffAuth/Logout': () => ok({ ok: true }) });
    renderConsole('/');
    fireEvent.click(await screen.findByRole('button', { name: /账号菜单/ }));
    fireEvent.click(await screen.findByText('退出登录'));
    await screen.findByRole('button', { name: '登录' });
    expect(api.calls('POST /api/StaffAuth/Logout')[0]?.headers.get('X-CSRF-Token')).toBe(
      'csrf-token-1',
    );
  });
});
