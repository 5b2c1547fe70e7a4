import { beforeAll } from 'vitest';
import { render } from '@testing-library/react';
import { MemoryRouter, useLocation, useNavigate } from 'react-router';
import { AppProviders } from '../app/providers';
import { AppRoutes } from '../app/router';

// Every chunk the app loads lazily (route screens, popups, toasts, the WeChat login), so that
// a test waits for what the screen does, never for a module to be transformed and loaded.
const lazyModules = import.meta.glob([
  '../app/routes/*-route.tsx',
  '../app/consult-sheet.tsx',
  '../components/antd-feedback.ts',
  '../lib/wechat-login.ts',
  '../features/auth/components/member-agreement-popup.tsx',
  '../features/relations/components/switched-banner-body.tsx',
  '../features/orders/components/member-orders-card.tsx',
  '../features/orders/components/latest-orders.tsx',
  '../features/quote/components/order-param-editor.tsx',
  '../features/money/components/pay-sheet.tsx',
  '../features/money/wechat-sdk.js',
  '../app/unread-count.tsx',
]);

beforeAll(async () => {
  await Promise.all(Object.values(lazyModules).map((load) => load()));
});

function Probe() {
  const location = useLocation();
  const navigate = useNavigate();
  return (
    <div hidden>
      <span data-testid="probe-path">{location.pathname}</span>
      <button type="button" data-testid="probe-go-member" onClick={() => void navigate('/member')}>
        go
      </button>
    </div>
  );
}

/** The whole app at `path`, with a probe that shows the current path and can navigate. */
export function renderApp(path: string) {
  return render(
    <AppProviders>
      <MemoryRouter initialEntries={[path]}>
        <AppRoutes />
        <Probe />
      </MemoryRouter>
    </AppProviders>,
  );
}
