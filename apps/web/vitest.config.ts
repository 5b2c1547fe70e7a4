import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    name: 'web',
    root: import.meta.dirname,
    include: ['src/**/*.test.{ts,tsx}', 'scripts/**/*.test.ts'],
    environment: 'jsdom',
    setupFiles: ['src/test/setup.ts'],
    // A whole flow (log in, fill a form, confirm a dialog) on a machine shared with other
    // work; a hung test still fails, and fast ones are not slowed by it.
    testTimeout: 20_000,
    // antd-mobile ships CSS imports; tests assert behaviour, not styles.
    css: false,
  },
});
