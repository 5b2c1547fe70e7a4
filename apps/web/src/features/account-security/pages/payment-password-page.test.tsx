import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { initialAppState, useAppStore } from '../../../lib/app-store';
import { queryClient } from '../../../lib/api';
import { envelope, fakeToken, inOneHour } from '@pcb/client/test';
import { baseApi, currentPath, logIn, passVerification, typeInto } from '../../../test/base-api';
import { memberFixture } from '../../../test/fixtures';
import { renderApp } from '../../../test/render-app';
import { expectFieldError } from '../../../test/ui-text';

vi.mock('../../../components/captcha/altcha-solver', () => ({
  preloadAltcha: () => Promise.resolve(),
  solveAltcha: vi.fn(() => Promise.resolve('solved-payload')),
}));

beforeEach(() => {
  useAppStore.setState(initialAppState);
  queryClient.clear();
});
afterEach(() => vi.unstubAllGlobals());

/** Types digits into a PasscodeInput the way a hardware keyboard would. */
const typePasscode = (testId: string, value: string) =>
  fireEvent.change(
    screen
      .getByTestId(testId)
      .querySelector('.adm-passcode-input-native-input') as HTMLInputElement,
    { target: { value } },
  );

describe('/accountSecurity/payThePassword', () => {
  it('sets the payment password with a code to the own mobile and keeps the session', async () => {
    logIn();
    const renewed = fakeToken(inOneHour() + 120);
    let hasPaymentPassword = false;
    const { requests } = baseApi({
      'GET /api/MemberInfo/Get': () => ({
        body: envelope({ ...memberFixture, hasPaymentPassword }),
      }),
      'POST /api/MemberAuth/SendChangePaymentPasswordMessage': () => ({
        body: envelope({ resendAfterSeconds: 60 }),
      }),
      'PATCH /api/MemberAuth/ChangePaymentPassword': () => {
        hasPaymentPassword = true;
        return { body: envelope({ accessToken: renewed }) };
      },
      'GET /api/WechatMb/GetList': () => ({ body: envelope([]) }),
    });
    renderApp('/accountSecurity/payThePassword');
    expect((await screen.findByTestId('pay-password-mobile')).textContent).toBe('138****8000');
    expect(screen.getByText('设置支付密码')).toBeInTheDocument();
    await passVerification();
    act(() => fireEvent.click(screen.getByTestId('pay-password-send-code')));
    expect(await screen.findByText('验证码已发送')).toBeInTheDocument();
    const send = requests.find((r) => r.url.pathname.endsWith('/SendChangePaymentPasswordMessage'));
    expect(send?.body).toEqual({
      mobile: '13800138000',
      ncVerifyDto: { provider: 'altcha', token: 'solved-payload' },
    });

    typeInto('pay-password-sms-code', '135790');
    typePasscode('pay-password-input', '385917');
    typePasscode('pay-password-confirm', '385917');
    act(() => fireEvent.click(screen.getByTestId('pay-password-submit')));

    expect(await screen.findByText('支付密码已设置')).toBeInTheDocument();
    await screen.findByTestId('security-page');
    expect(currentPath()).toBe('/accountSecurity');
    expect(localStorage.getItem('accessToken')).toBe(renewed);
    const change = requests.find((r) => r.url.pathname.endsWith('/ChangePaymentPassword'));
    expect(change?.method).toBe('PATCH');
    expect(change?.body).toEqual({ mobile: '13800138000', smsCode: '135790', password: '385917' });
    // Right away, not once some later request has answered.
    expect(screen.getByTestId('security-payment-password-status')).toHaveTextContent('已设置');
  });

  it('shows the payment password as set on account security before member info is fetched again', async () => {
    logIn();
    let changed = false;
    let answerRefetch: () => void = () => undefined;
    const { requests } = baseApi({
      'GET /api/MemberInfo/Get': () =>
        changed
          ? new Promise((resolve) => {
              answerRefetch = () =>
                resolve({ body: envelope({ ...memberFixture, hasPaymentPassword: true }) });
            })
          : { body: envelope(memberFixture) },
      'POST /api/MemberAuth/SendChangePaymentPasswordMessage': () => ({
        body: envelope({ resendAfterSeconds: 60 }),
      }),
      'PATCH /api/MemberAuth/ChangePaymentPassword': () => {
        changed = true;
        return { body: envelope({ accessToken: fakeToken(inOneHour() + 120) }) };
      },
      'GET /api/WechatMb/GetList': () => ({ body: envelope([]) }),
    });
    renderApp('/accountSecurity');
    expect(await screen.findByTestId('security-payment-password-status')).toHaveTextContent(
      '未设置',
    );
    act(() => fireEvent.click(screen.getByTestId('security-payment-password')));
    await screen.findByTestId('pay-password-input');
    await passVerification();
    act(() => fireEvent.click(screen.getByTestId('pay-password-send-code')));
    await screen.findByText('验证码已发送');
    typeInto('pay-password-sms-code', '135790');
    typePasscode('pay-password-input', '385917');
    typePasscode('pay-password-confirm', '385917');
    act(() => fireEvent.click(screen.getByTestId('pay-password-submit')));

    await screen.findByTestId('security-page');
    expect(screen.getByTestId('security-payment-password-status')).toHaveTextContent('已设置');
    // The mutation asked for the member again (its declared invalidation), still unanswered.
    const paths = requests.map((r) => r.url.pathname);
    const changeAt = paths.indexOf('/api/MemberAuth/ChangePaymentPassword');
    expect(paths.slice(changeAt + 1)).toContain('/api/MemberInfo/Get');
    act(() => answerRefetch());
    await waitFor(() => expect(queryClient.isFetching()).toBe(0));
    expect(screen.getByTestId('security-payment-password-status')).toHaveTextContent('已设置');
  });

  it('takes the digits from the on-screen number keyboard', async () => {
    logIn();
    baseApi();
    renderApp('/accountSecurity/payThePassword');
    const field = await screen.findByTestId('pay-password-input');
    act(() => fireEvent.focus(field));
    const keyboard = await waitFor(() => {
      const found = document.querySelector('.adm-number-keyboard-popup');
      expect(found).toBeInTheDocument();
      return found as HTMLElement;
    });
    for (const digit of '2468') {
      act(() =>
        fireEvent.click(
          within(keyboard).getByText(digit, { selector: '.adm-number-keyboard-key' }),
        ),
      );
    }
    expect(field.querySelectorAll('.adm-passcode-input-cell-dot')).toHaveLength(4);
  });

  it('refuses entries that differ, before calling the server', async () => {
    logIn();
    const { requests } = baseApi();
    renderApp('/accountSecurity/payThePassword');
    await screen.findByTestId('pay-password-input');
    typeInto('pay-password-sms-code', '135790');
    typePasscode('pay-password-input', '385917');
    typePasscode('pay-password-confirm', '385918');
    act(() => fireEvent.click(screen.getByTestId('pay-password-submit')));
    expect(await screen.findByText('两次输入的支付密码不一致')).toBeInTheDocument();
    expect(requests.some((r) => r.url.pathname.endsWith('/ChangePaymentPassword'))).toBe(false);
  });

  it('explains a used or expired code under the field and offers a new one', async () => {
    logIn();
    baseApi({
      'PATCH /api/MemberAuth/ChangePaymentPassword': () => ({
        status: 400,
        body: envelope(null, false, '验证码已过期或已使用，请重新获取'),
      }),
    });
    renderApp('/accountSecurity/payThePassword');
    await screen.findByTestId('pay-password-input');
    typeInto('pay-password-sms-code', '135790');
    typePasscode('pay-password-input', '385917');
    typePasscode('pay-password-confirm', '385917');
    act(() => fireEvent.click(screen.getByTestId('pay-password-submit')));
    await expectFieldError('pay-password-sms-code', '验证码已失效，请重新获取');
    expect(screen.getByTestId('pay-password-send-code').dataset.expired).toBe('true');
    expect(currentPath()).toBe('/accountSecurity/payThePassword');
  });

  it('says 修改 for a member who has one already', async () => {
    logIn();
    baseApi({
      'GET /api/MemberInfo/Get': () => ({
        body: envelope({ ...memberFixture, hasPaymentPassword: true }),
      }),
    });
    renderApp('/accountSecurity/payThePassword');
    expect(await screen.findByText('新支付密码')).toBeInTheDocument();
  });
});
