import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { mockApi, ok, refuse } from '@pcb/client/test';
import { page, sessionFixture } from '../test/fixtures';
import { currentPath, renderConsole } from '../test/render-app';
import { SESSION_MARK } from '../lib/staff-session';

const menuLabels = () =>
  within(screen.getByRole('menu', { name: '主菜单' }))
    .getAllByRole('menuitem')
    .map((item) => item.textContent);

describe('the guard', () => {
  it('sends a visitor without a session to the login, and back after it', async () => {
    mockApi({ 'GET /api/StaffAuth/Me': () => refuse(401, '请先登录') });
    renderConsole('/members?member=7');
    await screen.findByRole('button', { name: '登录' });
    expect(currentPath()).toBe(`/login?returnUrl=${encodeURIComponent('/members?member=7')}`);
    expect(document.title).toBe('登录 - 员工后台');
  });

  it('asks for no session in a browser that never started one (no 401 in its console)', async () => {
    localStorage.removeItem(SESSION_MARK);
    const api = mockApi({ 'GET /api/StaffAuth/Me': () => refuse(401, '请先登录') });
    renderConsole('/');
    await screen.findByRole('button', { name: '登录' });
    expect(currentPath()).toBe('/login');
    expect(api.calls('GET /api/StaffAuth/Me')).toHaveLength(0);
  });

  it('forgets the mark when the server has no session behind it', async () => {
    const api = mockApi({ 'GET /api/StaffAuth/Me': () => refuse(401, '请先登录') });
    renderConsole('/');
    await screen.findByRole('button', { name: '登录' });
    expect(api.calls('GET /api/StaffAuth/Me')).toHaveLength(1);
    expect(localStorage.getItem(SESSION_MARK)).toBeNull();
  });

  it('shows the 403 page inside the console to a role the row does not allow', async () => {
    mockApi({ 'GET /api/StaffAuth/Me': () => ok(sessionFixture(['sales'])) });
    renderConsole('/staff-accounts');
    expect(await screen.findByText('无权访问')).toBeInTheDocument();
    expect(currentPath()).toBe('/staff-accounts');
    // The chrome is there: the menu lists what the role may open instead.
    expect(menuLabels()).toEqual([
      '工作台',
      '会员管理',
      '换绑手机审核',
      '企业认证审核',
      '订单工作台',
      '价格表',
      '公司名录',
    ]);
  });

  it('sends a logged-in staff member away from the login to where it would continue', async () => {
    mockApi({
      'GET /api/StaffAuth/Me': () => ok(sessionFixture(['content'])),
      'GET /api/StaffAnnouncement/List': () => ok(page([])),
    });
    renderConsole(`/login?returnUrl=${encodeURIComponent('/announcements')}`);
    await screen.findByText('暂无公告');
    expect(currentPath()).toBe('/announcements');
    expect(document.title).toBe('公告管理 - 员工后台');
  });

  it('answers an unknown path with the 404 page', async () => {
    mockApi({ 'GET /api/StaffAuth/Me': () => ok(sessionFixture(['content'])) });
    renderConsole('/nothing-here');
    expect(await screen.findByText('页面不存在')).toBeInTheDocument();
  });
});

describe('the menu', () => {
  it('lists every screen to an admin, the SMS outbox once it answers', async () => {
    mockApi({
      'GET /api/StaffAuth/Me': () => ok(sessionFixture(['admin'])),
      'GET /api/StaffOutbox/List': () => ok(page([])),
    });
    renderConsole('/');
    await screen.findByText('你好，王管理');
    await waitFor(() =>
      expect(menuLabels()).toEqual([
        '工作台',
        '会员管理',
        '换绑手机审核',
        '企业认证审核',
        '财务',
        '公告管理',
        '新闻管理',
        '优惠券',
        '会员等级',
        '积分与签到',
        '积分商城',
        '订单工作台',
        '价格表',
        '公司名录',
        '员工账号',
        '审计日志',
        '短信发件箱',
      ]),
    );
  });

  it('groups finance’s screens under 财务, opened on one of them', async () => {
    mockApi({
      'GET /api/StaffAuth/Me': () => ok(sessionFixture(['finance'])),
      'GET /api/StaffFinance/ListRefunds': () => ok(page([])),
    });
    renderConsole('/finance/refunds');
    await screen.findByText('暂无退款');
    expect(menuLabels()).toEqual([
      '工作台',
      '会员管理',
      '财务',
      '月结审核',
      '开票申请',
      '虚拟账户',
      '转账入账',
      '支付记录',
      '退款记录',
      '会员台账',
      '对账报告',
      '优惠券',
      '订单工作台',
      '价格表',
    ]);
    expect(document.title).toBe('退款记录 - 员工后台');
  });

  it('hides the SMS outbox where the server has none (production answers 404)', async () => {
    const api = mockApi({
      'GET /api/StaffAuth/Me': () => ok(sessionFixture(['admin'])),
      'GET /api/StaffOutbox/List': () => refuse(404, '接口不存在'),
    });
    renderConsole('/');
    await waitFor(() => expect(api.calls('GET /api/StaffOutbox/List')).toHaveLength(1));
    await waitFor(() => expect(menuLabels()).not.toContain('短信发件箱'));
    expect(menuLabels()).toContain('审计日志');
  });

  it('shows a content editor the announcements, the news, the coupons, the points rules and the shop only, and their name and roles', async () => {
    mockApi({ 'GET /api/StaffAuth/Me': () => ok(sessionFixture(['content'])) });
    renderConsole('/');
    await screen.findByText('你好，王管理');
    expect(menuLabels()).toEqual([
      '工作台',
      '公告管理',
      '新闻管理',
      '优惠券',
      '积分与签到',
      '积分商城',
    ]);
    const header = document.querySelector('.console-header') as HTMLElement;
    expect(within(header).getByText('运营')).toBeInTheDocument();
    expect(within(header).getByText('王管理')).toBeInTheDocument();
  });
});
