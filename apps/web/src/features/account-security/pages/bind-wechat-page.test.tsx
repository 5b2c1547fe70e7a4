import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { WechatBinding } from '@pcb/contract';
import { initialAppState, useAppStore } from '../../../lib/app-store';
import { queryClient } from '../../../lib/api';
import { envelope, fakeToken, inOneHour } from '@pcb/client/test';
import { baseApi, logIn, passVerification, typeInto } from '../../../test/base-api';
import { noDialogLeft, tapDialogButton } from '../../../test/dialog';
import { renderApp } from '../../../test/render-app';

vi.mock('../../../components/captcha/altcha-solver', () => ({
  preloadAltcha: () => Promise.resolve(),
  solveAltcha: vi.fn(() => Promise.resolve('solved-payload')),
}));

const WECHAT_UA =
  'Mozilla/5.0 (Linux; Android 14) AppleWebKit/537.36 Chrome/122.0 Mobile Safari/537.36 MicroMessenger/8.0.48.2580 NetType/WIFI';
const SEALED = `v1.${'d'.repeat(40)}.sig`;

const bindingOf = (id: number, isBound: boolean): WechatBinding => ({
  id,
  openIdMasked: `oAb${id}…xyz`,
  nickName: id === 1 ? '张三的微信' : null,
  avatar: null,
  isBound,
  boundAt: '2026-11-01T08:00:00Z',
  unboundAt: isBound ? null : '2026-11-03T08:00:00Z',
});

let bindings: WechatBinding[];

beforeEach(async () => {
  useAppStore.setState(initialAppState);
  queryClient.clear();
  bindings = [bindingOf(1, true), bindingOf(2, false)];
  await noDialogLeft();
});
afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

function api(overrides: Parameters<typeof baseApi>[0] = {}) {
  return baseApi({
    'GET /api/WechatMb/GetList': () => ({ body: envelope(bindings) }),
    'GET /api/WechatConfig/GetOfficialAccountQrCodeUrl': () => ({
      body: envelope({ url: '/sandbox/wechat/qr.svg', expiresIn: 600 }),
    }),
    ...overrides,
  });
}

const item = (id: number) =>
  screen
    .getAllByTestId('wechat-binding')
    .find((b) => b.dataset.bindingId === String(id)) as HTMLElement;

describe('/accountSecurity/bindWechat', () => {
  it('lists bindings; 解绑 after confirmation keeps the session with the new token', async () => {
    const old = logIn();
    const renewed = fakeToken(inOneHour() + 90);
    const { requests } = api({
      'POST /api/WechatMb/Unbind': (r) => {
        bindings = bindings.map((b) =>
          b.id === (r.body as { id: number }).id ? { ...b, isBound: false } : b,
        );
        return { body: envelope({ accessToken: renewed }) };
      },
    });
    renderApp('/accountSecurity/bindWechat');
    await screen.findAllByTestId('wechat-binding');
    expect(within(item(1)).getByTestId('wechat-binding-status').textContent).toBe('已绑定');
    expect(item(1).textContent).toContain('2026-11-01 绑定');
    expect(within(item(2)).getByTestId('wechat-binding-status').textContent).toBe('已解绑');
    expect(within(item(2)).queryByTestId('wechat-unbind')).toBeNull();

    act(() => fireEvent.click(within(item(1)).getByTestId('wechat-unbind')));
    await tapDialogButton('解绑');
    expect(await screen.findByText('已解绑')).toBeInTheDocument();
    expect(localStorage.getItem('accessToken')).toBe(renewed);
    expect(localStorage.getItem('accessToken')).not.toBe(old);
    expect(requests.find((r) => r.url.pathname.endsWith('/Unbind'))?.body).toEqual({ id: 1 });
    await waitFor(() =>
      expect(within(item(1)).getByTestId('wechat-binding-status').textContent).toBe('已解绑'),
    );
  });

  it('删除记录 after confirmation stores the new token; cancelling does nothing', async () => {
    logIn();
    const renewed = fakeToken(inOneHour() + 90);
    const { requests } = api({
      'POST /api/WechatMb/DeleteBind': (r) => {
        bindings = bindings.filter((b) => b.id !== (r.body as { id: number }).id);
        return { body: envelope({ accessToken: renewed }) };
      },
    });
    renderApp('/accountSecurity/bindWechat');
    await screen.findAllByTestId('wechat-binding');
    act(() => fireEvent.click(within(item(2)).getByTestId('wechat-delete')));
    await tapDialogButton('取消');
    expect(requests.some((r) => r.url.pathname.endsWith('/DeleteBind'))).toBe(false);

    await noDialogLeft();
    act(() => fireEvent.click(within(item(2)).getByTestId('wechat-delete')));
    await tapDialogButton('删除');
    expect(await screen.findByText('已删除')).toBeInTheDocument();
    expect(localStorage.getItem('accessToken')).toBe(renewed);
    await waitFor(() => expect(screen.getAllByTestId('wechat-binding')).toHaveLength(1));
  });

  it('outside WeChat shows the official account QR code with how to bind', async () => {
    logIn();
    api();
    renderApp('/accountSecurity/bindWechat');
    const qr = await screen.findByTestId('wechat-qr');
    expect(qr.getAttribute('src')).toBe('/sandbox/wechat/qr.svg');
    expect(screen.getByTestId('wechat-qr-section').textContent).toContain('关注公众号');
    expect(screen.queryByTestId('wechat-current')).toBeNull();
  });

  it('inside WeChat binds the current WeChat with the own password', async () => {
    vi.spyOn(navigator, 'userAgent', 'get').mockReturnValue(WECHAT_UA);
    localStorage.setItem('wxOpenId', SEALED);
    logIn();
    bindings = [];
    const renewed = fakeToken(inOneHour() + 90);
    let bound = false;
    const { requests } = api({
      'GET /api/WechatMb/GetByOpenId': () => ({
        body: envelope({ isBound: bound, mobileMasked: bound ? '138****8000' : null }),
      }),
      'POST /api/WechatMb/bind': () => {
        bound = true;
        bindings = [bindingOf(5, true)];
        return { body: envelope({ accessToken: renewed }) };
      },
      'POST /api/WechatMb/Unbind': () => {
        bound = false;
        bindings = [bindingOf(5, false)];
        return { body: envelope({ accessToken: renewed }) };
      },
    });
    renderApp('/accountSecurity/bindWechat');
    expect(await screen.findByTestId('wechat-empty')).toBeInTheDocument();
    expect((await screen.findByTestId('bind-account')).textContent).toBe('138****8000');
    typeInto('bind-password', 'Demo@2026');
    await passVerification();
    act(() => fireEvent.click(screen.getByTestId('bind-submit')));
    expect(await screen.findByText('绑定成功')).toBeInTheDocument();
    expect(localStorage.getItem('accessToken')).toBe(renewed);
    expect(requests.find((r) => r.url.pathname.endsWith('/bind'))?.body).toMatchObject({
      openId: SEALED,
      userNameOrMobile: '13800138000',
      password: 'Demo@2026',
    });
    expect((await screen.findByTestId('wechat-current-bound')).textContent).toContain(
      '已绑定本账号',
    );
    await waitFor(() => expect(screen.getAllByTestId('wechat-binding')).toHaveLength(1));
    expect(screen.queryByTestId('wechat-qr')).toBeNull();

    // Unbinding it offers to bind the current WeChat again.
    act(() => fireEvent.click(screen.getByTestId('wechat-unbind')));
    await tapDialogButton('解绑');
    expect(await screen.findByTestId('bind-submit')).toBeInTheDocument();
    expect(screen.queryByTestId('wechat-current-bound')).toBeNull();
  });
});
