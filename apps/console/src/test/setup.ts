import '@testing-library/jest-dom/vitest';
import { afterEach, beforeEach } from 'vitest';
import { cleanup, configure } from '@testing-library/react';
import { queryClient, setCsrfToken } from '../lib/api';
import { SESSION_MARK } from '../lib/staff-session';

// jsdom has neither; antd's responsive grid and its resize observers ask for them.
window.matchMedia ??= (query: string) =>
  ({
    matches: false,
    media: query,
    onchange: null,
    addListener: () => {},
    removeListener: () => {},
    addEventListener: () => {},
    removeEventListener: () => {},
    dispatchEvent: () => false,
  }) as MediaQueryList;
globalThis.ResizeObserver ??= class {
  observe() {}
  unobserve() {}
  disconnect() {}
};

// findBy*/waitFor end as soon as their condition holds; the bound only decides how long a
// failing test takes to say so on a busy machine.
configure({ asyncUtilTimeout: 5000 });

beforeEach(() => {
  queryClient.clear();
  setCsrfToken(null);
  // A browser that logged in before: the console asks StaffAuth/Me (each test mocks it).
  localStorage.setItem(SESSION_MARK, '1');
});

afterEach(async () => {
  cleanup();
  await queryClient.cancelQueries();
  queryClient.clear();
});
