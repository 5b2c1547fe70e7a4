import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { mockApi, ok, refuse } from '@pcb/client/test';
import { CSRF, page, sessionFixture } from '../../../test/fixtures';
import { currentPath, renderConsole } from '../../../test/render-app';

const type = (label: string, value: string) =>
  fireEvent.change(screen.getByLabelText(label), { target: { value } });

/** The message antd shows under the form item of this label. */
async function expectUnderField(label: string, text: string) {
  const item = screen.getByLabelText(label).closest('.ant-form-item') as HTMLElement;
  await waitFor(() => expect(item.querySelector('.ant-form-item-explain')?.textContent).toBe(text));
}

describe('staff login', () => {
  it('logs in with the password, then the authenticator code, and continues', async () => {
    const api = mockApi({
      'GET /api/StaffAuth/Me': () => refuse(401, '请先登录'),
      'POST /api/StaffAuth/Login': () => ok({ next: 'totp', challenge: 'ch-1' }),
      'POST /api/StaffAuth/VerifyTotp': (request) =>
        (request.body as { code: string }).code === '123456'
          ? ok(sessionFixture(['admin']))
          : refuse(400, '动态验证码：验证码错误或已使用', 'code'),
      'GET /api/StaffOutbox/List': () => ok(page([])),
      'GET /api/StaffAudit/List': () => ok(page([])),
      'GET /api/StaffAccount/List': () => ok(page([])),
    });
    renderConsole(`/login?returnUrl=${encodeURIComponent('/audit-log')}`);

    await screen.findByLabelText('用户名');
    type('用户名', ' demo.admin ');
    type('密码', 'Admin@2026');
    fireEvent.click(screen.getByRole('button', { name: '登录' }));
    await screen.findByText('请输入身份验证器中显示的6位动态验证码。');
    expect(api.calls('POST /api/StaffAuth/Login')[0]?.body).toEqual({
      userName: 'demo.admin',
      password: 'Admin@2026',
    });

    // A wrong code: the server's message under the field, without the field's name again.
    type('动态验证码', '654321');
    fireEvent.click(screen.getByRole('button', { name: '验证并登录' }));
    await expectUnderField('动态验证码', '验证码错误或已使用');

    type('动态验证码', '123456');
    fireEvent.click(screen.getByRole('button', { name: '验证并登录' }));
    await screen.findByRole('heading', { name: '审计日志' });
    expect(currentPath()).toBe('/audit-log');
    expect(api.calls('POST /api/StaffAuth/VerifyTotp').at(-1)?.body).toEqual({
      challenge: 'ch-1',
      code: '123456',
    });
    // From now on every call carries the session's CSRF token, with the cookie.
    const audit = api.calls('GET /api/StaffAudit/List')[0];
    expect(audit?.headers.get('X-CSRF-Token')).toBe(CSRF);
    expect(audit?.credentials).toBe('same-origin');
  });

  it('checks the code as the contract does before sending it', async () => {
    const api = mockApi({
      'GET /api/StaffAuth/Me': () => refuse(401, '请先登录'),
      'POST /api/StaffAuth/Login': () => ok({ next: 'totp', challenge: 'ch-1' }),
    });
    renderConsole('/login');
    await screen.findByLabelText('用户名');
    type('用户名', 'demo.admin');
    type('密码', 'Admin@2026');
    fireEvent.click(screen.getByRole('button', { name: '登录' }));
    await screen.findByLabelText('动态验证码');
    type('动态验证码', '12a');
    fireEvent.click(screen.getByRole('button', { name: '验证并登录' }));
    await expectUnderField('动态验证码', '应为6位数字');
    expect(api.calls('POST /api/StaffAuth/VerifyTotp')).toHaveLength(0);
  });

  it('shows a wrong password under the password field', async () => {
    mockApi({
      'GET /api/StaffAuth/Me': () => refuse(401, '请先登录'),
      'POST /api/StaffAuth/Login': () => refuse(401, '密码：用户名或密码错误', 'password'),
    });
    renderConsole('/login');
    await screen.findByLabelText('用户名');
    type('用户名', 'demo.admin');
    type('密码', 'wrong-password1');
    fireEvent.click(screen.getByRole('button', { name: '登录' }));
    await expectUnderField('密码', '用户名或密码错误');
    // A refused login is no lost session: still on the login, nothing else happened.
    expect(currentPath()).toBe('/login');
  });

  it('shows how long to wait when guessing is slowed, on either step (decision 0032)', async () => {
    mockApi({
      'GET /api/StaffAuth/Me': () => refuse(401, '请先登录'),
      'POST /api/StaffAuth/Login': (request) =>
        (request.body as { password: string }).password === 'Admin@2026'
          ? ok({ next: 'totp', challenge: 'ch-1' })
          : refuse(429, '登录尝试过于频繁，请30秒后再试', 'password'),
      'POST /api/StaffAuth/VerifyTotp': () =>
        refuse(429, '动态验证码尝试过于频繁，请1分钟后再试', 'code'),
    });
    renderConsole('/login');
    await screen.findByLabelText('用户名');
    type('用户名', 'demo.admin');
    type('密码', 'guess-1');
    fireEvent.click(screen.getByRole('button', { name: '登录' }));
    await expectUnderField('密码', '登录尝试过于频繁，请30秒后再试');

    type('密码', 'Admin@2026');
    fireEvent.click(screen.getByRole('button', { name: '登录' }));
    await screen.findByLabelText('动态验证码');
    type('动态验证码', '123456');
    fireEvent.click(screen.getByRole('button', { name: '验证并登录' }));
    await expectUnderField('动态验证码', '动态验证码尝试过于频繁，请1分钟后再试');
    expect(currentPath()).toBe('/login');
  });

  it('enrols the authenticator on the first login: QR code, secret, first code', async () => {
    const api = mockApi({
      'GET /api/StaffAuth/Me': () => refuse(401, '请先登录'),
      'POST /api/StaffAuth/Login': () =>
        ok({
          next: 'enrollTotp',
          challenge: 'ch-2',
          secret: 'JBSWY3DPEHPK3PXP',
          otpauthUrl: 'otpauth://totp/PCB:demo.finance?secret=JBSWY3DPEHPK3PXP&issuer=PCB',
        }),
      'POST /api/StaffAuth/EnrollTotp': () => ok(sessionFixture(['finance'])),
    });
    renderConsole('/login');
    await screen.findByLabelText('用户名');
    type('用户名', 'demo.finance');
    type('密码', 'Finance@2026');
    fireEvent.click(screen.getByRole('button', { name: '登录' }));

    expect(await screen.findByTestId('totp-secret')).toHaveTextContent('JBSW Y3DP EHPK 3PXP');
    expect(document.querySelector('.ant-qrcode svg')).not.toBeNull();
    type('动态验证码', '000111');
    fireEvent.click(screen.getByRole('button', { name: '绑定并登录' }));
    await screen.findByText('你好，王管理');
    expect(api.calls('POST /api/StaffAuth/EnrollTotp')[0]?.body).toEqual({
      challenge: 'ch-2',
      code: '000111',
    });
  });

  it('says so when the server ended the session, and asks to log in again', async () => {
    mockApi({
      'GET /api/StaffAuth/Me': () => ok(sessionFixture(['admin'])),
      'GET /api/StaffOutbox/List': () => ok(page([])),
      'GET /api/StaffAudit/List': () => refuse(401, '登录已过期，请重新登录'),
      'GET /api/StaffAccount/List': () => ok(page([])),
    });
    renderConsole('/audit-log');
    await screen.findByText('登录已失效（长时间未操作或在别处退出），请重新登录');
    expect(currentPath()).toBe(`/login?returnUrl=${encodeURIComponent('/audit-log')}`);
  });
});
