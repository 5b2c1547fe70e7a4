import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { initialAppState, useAppStore } from '../lib/app-store';
import { queryClient } from '../lib/api';
import { envelope, fakeToken, inOneHour, mockApi } from '@pcb/client/test';
import { memberFixture } from '../test/fixtures';
import { renderApp } from '../test/render-app';
import { routeRows, routeTable } from './route-table';

beforeEach(() => {
  useAppStore.setState(initialAppState);
  queryClient.clear();
  document.title = '';
  mockApi({
    'GET /api/Captcha/GetConfig': () => ({ body: envelope({ provider: 'altcha' }) }),
    'GET /api/MemberAuth/GetEffectiveAnnouncement': () => ({ body: envelope(null) }),
    'POST /api/CKInfo/Add': () => ({ body: envelope({ GUID: 'x' }) }),
    'GET /api/MemberInfo/Get': () => ({ body: envelope(memberFixture) }),
    'GET /api/MemberAdmin/Get': () => ({ body: envelope(null) }),
  });
});
afterEach(() => {
  cleanup();
  localStorage.clear();
  vi.unstubAllGlobals();
});

describe('the route table', () => {
  it.each(routeRows.map((row) => [row.path, row] as const))(
    '%s shows its screen to whom may see it, with its title and footer',
    async (path, row) => {
      if (row.access === 'member') localStorage.setItem('accessToken', fakeToken(inOneHour()));
      renderApp(path);
      await within(screen.getByTestId('app-page')).findByTestId(/.-page$/);
      expect(screen.getByTestId('probe-path').textContent).toBe(path);
      await waitFor(() => expect(document.title).toBe(row.title));
      expect(screen.queryByTestId('footer') !== null).toBe(row.footer !== undefined);
    },
  );

  it("sends the back arrow of a screen opened without history to its row's back", async () => {
    localStorage.setItem('accessToken', fakeToken(inOneHour()));
    renderApp(routeTable.bindWechat.path);
    await screen.findByTestId('bind-wechat-page');
    const arrow = screen.getByTestId('page-header').querySelector('.page-header-back');
    fireEvent.click(arrow as Element);
    await screen.findByTestId('security-page');
    expect(screen.getByTestId('probe-path').textContent).toBe(routeTable.bindWechat.back);
  });
});
