import { beforeAll } from 'vitest';
import { render } from '@testing-library/react';
import { StyleProvider } from '@ant-design/cssinjs';
import { MemoryRouter, useLocation } from 'react-router';
import { AppProviders } from '../app/providers';
import { ConsoleRoutes } from '../app/router';

// Every chunk the console loads lazily, so a test waits for what a screen does, never for a
// module to be transformed.
const lazyModules = import.meta.glob([
  '../features/*/pages/*-page.tsx',
  '../features/auth/components/totp-enrollment.tsx',
  '../features/news/components/rich-text-editor.tsx',
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

// antd's styles go to a node outside the document: jsdom would otherwise match every rule
// against every element each time Testing Library asks whether one is visible (four fifths
// of the suite's time). Tests assert behaviour, not styles.
const detachedStyles = document.createElement('div');

/** The whole console at `path` (under /console), with a probe showing where it is. */
export function renderConsole(path: string) {
  return render(
    <StyleProvider container={detachedStyles}>
      <AppProviders>
        <MemoryRouter initialEntries={[path]}>
          <ConsoleRoutes />
          <Probe />
        </MemoryRouter>
      </AppProviders>
    </StyleProvider>,
  );
}

export const currentPath = () => document.querySelector('[data-testid="probe-path"]')?.textContent;
