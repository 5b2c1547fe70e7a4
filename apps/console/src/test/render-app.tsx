import { beforeAll } from 'vitest';
import { render } from '@testing-library/react';
import { MemoryRouter, useLocation } from 'react-router';
import { AppProviders } from '../app/providers';
import { ConsoleRoutes } from '../app/router';

// Every chunk the console loads lazily, so a test waits for what a screen does, never for a
// module to be transformed.
const lazyModules = import.meta.glob([
  '../features/*/pages/*-page.tsx',
  '../features/auth/components/totp-enrollment.tsx',
  '../app/console-layout.tsx',
]);

beforeAll(async () => {
  await Promise.all(Object.values(lazyModules).map((load) => load()));
});

function Probe() {
  const location = useLocation();
  return (
    <span hidden data-testid="probe-path">
      {`${location.pathname}${location.search}`}
    </span>
  );
}

/** The whole console at `path` (under /console), with a probe showing where it is. */
export function renderConsole(path: string) {
  return render(
    <AppProviders>
      <MemoryRouter initialEntries={[path]}>
        <ConsoleRoutes />
        <Probe />
      </MemoryRouter>
    </AppProviders>,
  );
}

export const currentPath = () => document.querySelector('[data-testid="probe-path"]')?.textContent;
