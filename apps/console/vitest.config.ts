import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    name: 'console',
    root: import.meta.dirname,
    include: ['src/**/*.test.{ts,tsx}'],
    environment: 'jsdom',
    setupFiles: ['src/test/setup.ts'],
    // A whole flow (log in, fill a form, confirm a dialog) on a machine shared with other work.
    testTimeout: 20_000,
    // antd styles itself with CSS-in-JS; tests assert behaviour, not styles.
    css: false,
  },
});
