import { defineConfig } from 'vitest/config';

// In CI each run also writes a JSON report that tooling/ci/summary.mjs adds up.
const jsonReport = process.env.CI
  ? [
      [
        'json',
        { outputFile: `.ci-results/vitest-${process.env.VITEST_JSON ?? 'main'}.json` },
      ] as const,
    ]
  : [];

export default defineConfig({
  test: {
    reporters: ['default', ...jsonReport],
    projects: [
      {
        test: {
          name: 'contract',
          root: './packages/contract',
          include: ['src/**/*.test.ts'],
          environment: 'node',
        },
      },
      {
        test: {
          name: 'pricing',
          root: './packages/pricing',
          include: ['src/**/*.test.ts'],
          environment: 'node',
        },
      },
      {
        test: {
          name: 'client',
          root: './packages/client',
          include: ['src/**/*.test.{ts,tsx}'],
          environment: 'node',
        },
      },
      './apps/server/vitest.config.ts',
      './apps/web/vitest.config.ts',
      './apps/console/vitest.config.ts',
    ],
  },
});
