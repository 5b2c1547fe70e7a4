import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { mockApi, ok, refuse } from '@pcb/client/test';
import {
  memberDetailFixture,
  memberRowFixture,
  page,
  sessionFixture,
} from '../../../test/fixtures';
import { currentPath, renderConsole } from '../../../test/render-app';

describe('members', () => {
  it('searches by mobile prefix, opens the detail and reveals the mobile (audited)', async () => {
    const api = mockApi({
      'GET /api/StaffAuth/Me': () => ok(sessionFixture(['sales'])),
      'GET /api/StaffMember/Search': (request) =>
        ok(page(request.url.searchParams.get('keyword') === '138' ? [memberRowFixture] : [])),
      'GET /api/StaffMember/Get': () => ok(memberDetailFixture),
      'GET /api/StaffMember/ListManagers': () => ok([]),
      'POST /api/StaffMember/Reveal': () => ok({ value: '13800138000' }),
    });
    renderConsole('/members');
    await screen.findByText('暂无会员');

    fireEvent.change(screen.getByLabelText('搜索会员'), { target: { value: ' 138 ' } });
    fireEvent.click(screen.getByRole('button', { name: '搜索' }));
    const row = (await screen.findByText('示例电子')).closest('tr') as HTMLElement;
    const search = api.calls('GET /api/StaffMember/Search').at(-1);
    expect(search?.url.searchParams.get('keyword')).toBe('138');
    expect(search?.url.searchParams.get('page')).toBe('1');

    fireEvent.click(within(row).getByRole('button', { name: '详情' }));
    const drawer = await screen.findByRole('dialog');
    await within(drawer).findByText('示例电子');
    expect(currentPath()).toBe('/members?member=7');
    expect(within(drawer).getByText('138****8000')).toBeInTheDocument();
    expect(within(drawer).getByText('¥123.45')).toBeInTheDocument();
    // A sales role assigns managers but does not disable members (the admin's).
    expect(within(drawer).queryByRole('button', { name: '停用' })).toBeNull();

    const [showMobile] = within(drawer).getAllByRole('button', { name: /显示/ });
    fireEvent.click(showMobile!);
    expect(await within(drawer).findByText('13800138000')).toBeInTheDocument();
    expect(api.calls('POST /api/StaffMember/Reveal')[0]?.body).toEqual({ id: 7, field: 'mobile' });
    expect(within(drawer).getByText('张*')).toBeInTheDocument();
  });

  it('filters by status and starts again at page 1', async () => {
    const api = mockApi({
      'GET /api/StaffAuth/Me': () => ok(sessionFixture(['finance'])),
      'GET /api/StaffMember/Search': () =>
        ok({ items: [memberRowFixture], total: 45, page: 1, pageSize: 20 }),
    });
    renderConsole('/members');
    await screen.findByText('共 45 条');
    fireEvent.click(screen.getByTitle('2'));
    await waitFor(() =>
      expect(api.calls('GET /api/StaffMember/Search').at(-1)?.url.searchParams.get('page')).toBe(
        '2',
      ),
    );
    fireEvent.mouseDown(screen.getByLabelText('会员状态'));
    fireEvent.click(await screen.findByTitle('已停用'));
    await waitFor(() => {
      const params = api.calls('GET /api/StaffMember/Search').at(-1)?.url.searchParams;
      expect(params?.get('status')).toBe('disabled');
      expect(params?.get('page')).toBe('1');
    });
  });

  it('lets an admin disable a member with a reason', async () => {
    const api = mockApi({
      'GET /api/StaffAuth/Me': () => ok(sessionFixture(['admin'])),
      'GET /api/StaffOutbox/List': () => refuse(404, '接口不存在'),
      'GET /api/StaffMember/Search': () => ok(page([memberRowFixture])),
      'GET /api/StaffMember/Get': () => ok(memberDetailFixture),
      'GET /api/StaffMember/ListManagers': () => ok([]),
      'POST /api/StaffMember/SetStatus': () => ok({ ok: true }),
    });
    renderConsole('/members?member=7');
    const drawer = await screen.findByRole('dialog');
    fireEvent.click(await within(drawer).findByRole('button', { name: '停用' }));
    const modal = (await screen.findByText('停用会员')).closest('.ant-modal') as HTMLElement;
    fireEvent.click(within(modal).getByRole('button', { name: '停用' }));
    expect(await within(modal).findByText('不能为空')).toBeInTheDocument();
    fireEvent.change(within(modal).getByLabelText('原因'), { target: { value: '恶意下单' } });
    fireEvent.click(within(modal).getByRole('button', { name: '停用' }));
    await waitFor(() =>
      expect(api.calls('POST /api/StaffMember/SetStatus')[0]?.body).toEqual({
        id: 7,
        status: 'disabled',
        reason: '恶意下单',
      }),
    );
    expect(await screen.findByText('已停用，该会员的登录已全部结束')).toBeInTheDocument();
  });
});
