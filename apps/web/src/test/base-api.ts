import { act, fireEvent, screen } from '@testing-library/react';
import { envelope, fakeToken, inOneHour, mockApi } from '@pcb/client/test';
import { challengeFixture, memberFixture } from './fixtures';

type Handlers = Parameters<typeof mockApi>[0];

/** What every screen asks for in passing, answered as for an ordinary logged-in member. */
export function baseApi(overrides: Handlers = {}) {
  return mockApi({
    'GET /api/Captcha/GetConfig': () => ({ body: envelope({ provider: 'altcha' }) }),
    'GET /api/Captcha/GetChallenge': () => ({ body: envelope(challengeFixture) }),
    'GET /api/MemberAuth/GetEffectiveAnnouncement': () => ({ body: envelope(null) }),
    'GET /api/News/GetList': () => ({
      body: envelope({ items: [], total: 0, page: 1, pageSize: 5 }),
    }),
    'POST /api/CKInfo/Add': () => ({ body: envelope({ GUID: 'x' }) }),
    'GET /api/MemberInfo/Get': () => ({ body: envelope(memberFixture) }),
    'GET /api/MemberAdmin/Get': () => ({ body: envelope(null) }),
    'GET /api/MemberUpMobileApply/GetLatest': () => ({ body: envelope(null) }),
    'GET /api/MemberInfo/GetRelationMember': () => ({
      body: envelope({ isSwitched: false, mainMember: null }),
    }),
    ...overrides,
  });
}

export const logIn = (token = fakeToken(inOneHour())) => {
  localStorage.setItem('accessToken', token);
  return token;
};

/** Types into the input with this id, as antd-mobile's Input listens for it. */
export const typeInto = (id: string, value: string) =>
  fireEvent.change(document.getElementById(id) as HTMLInputElement, { target: { value } });

/** Taps the human verification and waits for the (mocked) solver to pass it. */
export async function passVerification(): Promise<void> {
  await screen.findByText('点击完成人机验证');
  act(() => fireEvent.click(screen.getByTestId('human-verification')));
  await screen.findByText('验证通过');
}

export const currentPath = () => screen.getByTestId('probe-path').textContent;
