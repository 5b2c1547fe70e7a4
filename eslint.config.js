// @ts-check
import { readdirSync, existsSync } from 'node:fs';
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import importX from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

/** The feature folders of an app (`apps/<app>/src/features/*`). */
const featuresOf = (app) =>
  existsSync(`apps/${app}/src/features`)
    ? readdirSync(`apps/${app}/src/features`, { withFileTypes: true })
        .filter((d) => d.isDirectory())
        .map((d) => d.name)
    : [];

/** shared (components, lib) → features → app; no feature imports another (web and console). */
const featureZones = (app) => {
  const src = `./apps/${app}/src`;
  return [
    ...featuresOf(app).map((f) => ({
      target: `${src}/features/${f}`,
      from: `${src}/features`,
      except: [`./${f}`],
      message: 'A feature never imports another feature; compose them in src/app.',
    })),
    {
      target: [`${src}/components`, `${src}/lib`],
      from: [`${src}/features`, `${src}/app`],
      message: 'Shared code does not depend on features or the app.',
    },
    {
      target: `${src}/features`,
      from: `${src}/app`,
      message: 'Features do not import the app layer.',
    },
  ];
};

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      '.data/**',
      '.bench/**',
      'apps/server/drizzle/**',
      'test-results/**',
      'playwright-report/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    plugins: { 'import-x': importX },
    settings: {
      'import-x/extensions': ['.ts', '.tsx', '.js', '.mjs'],
      'import-x/resolver': { node: { extensions: ['.ts', '.tsx', '.js', '.mjs', '.json'] } },
    },
    rules: {
      'import-x/no-cycle': ['error', { maxDepth: 10, ignoreExternal: true }],
      'import-x/no-self-import': 'error',
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
      '@typescript-eslint/consistent-type-imports': 'error',
      // The environment is read in exactly one module per app.
      'no-restricted-properties': [
        'error',
        {
          object: 'process',
          property: 'env',
          message: 'Read configuration through src/config/env.ts.',
        },
      ],
    },
  },
  // The contract depends on zod and the pure pricing engine (its parameter lists) only.
  {
    files: ['packages/contract/**/*.ts'],
    ignores: ['**/*.test.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '^(?!zod$|@pcb/pricing$|\\.)',
              message: 'The contract depends on zod and @pcb/pricing only.',
            },
          ],
        },
      ],
    },
  },
  // The pricing engine is pure: no package, no I/O (the holiday data enters through its own
  // entry, src/chinese-days.ts, which the server alone imports).
  {
    files: ['packages/pricing/**/*.ts'],
    ignores: ['**/*.test.ts', 'packages/pricing/src/chinese-days.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { regex: '^(?!\\.)', message: 'The pricing engine imports nothing but itself.' },
          ],
        },
      ],
    },
  },
  // The shared client (decision 0037): the contract's root (types, formatIssue), zod, TanStack
  // Query and React only. No contract module: an app imports the ones its pages call, so the
  // client never carries a definition into a bundle that does not use it.
  {
    files: ['packages/client/**/*.{ts,tsx}'],
    ignores: ['**/*.test.{ts,tsx}', 'packages/client/src/test/**'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '^(?!zod$|@pcb/contract$|@tanstack/react-query$|react$|\\.)',
              message:
                'The client depends on @pcb/contract (its root), zod, TanStack Query and React only.',
            },
          ],
          paths: [
            {
              name: '@pcb/contract',
              importNames: ['api', 'allEndpoints'],
              message: 'The client carries no endpoint definition; each app passes its own.',
            },
          ],
        },
      ],
    },
  },
  // @pcb/client/url runs on the quote page, whose budget has no room for zod or React.
  {
    files: ['packages/client/src/url.ts'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '^(?!\\.)',
              allowTypeImports: true,
              message: 'The URL helpers load nothing: type imports only (the quote page).',
            },
          ],
        },
      ],
    },
  },
  // Each app creates its one client in src/lib/api.ts; the test mocks stay in tests.
  {
    files: ['apps/web/src/**/*.{ts,tsx}', 'apps/console/src/**/*.{ts,tsx}'],
    ignores: ['**/*.test.{ts,tsx}', 'apps/*/src/test/**', 'apps/*/src/lib/api.ts'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          paths: [
            { name: '@pcb/client/test', message: 'The API mocks are for tests only.' },
            {
              name: '@pcb/client',
              importNames: ['createClient', 'createApiCall'],
              message: "The app's one client is src/lib/api.ts: import from there.",
            },
          ],
        },
      ],
    },
  },
  // The server reaches no front end; its tests may send requests as the apps' client does.
  {
    files: ['apps/server/src/**/*.ts'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '^@pcb/(client|web|console)',
              message: 'The server depends on the contract, never on a front end or its client.',
            },
          ],
        },
      ],
    },
  },
  // Server: routes → service → repository → db; another module is reached through its entry
  // (<domain>.module.ts, decision 0016), never its insides.
  {
    files: ['apps/server/src/modules/*/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '^\\.\\./[^/]+/[^/]+\\.(repository|table|routes)$',
              message: "Call another module's service, never its tables, repository or routes.",
            },
            {
              regex: '^\\.\\./(?!\\.\\./)[^/]+/(?![^/]+\\.module$)[^/]+$',
              message:
                'Reach another module through its entry (<domain>.module.ts), never its insides.',
            },
          ],
        },
      ],
    },
  },
  // Server: db/ is generic database code (client, migrations, embedded PostgreSQL, errors) and
  // knows no module; drizzle-kit finds the tables by their file names (decision 0039).
  {
    files: ['apps/server/src/**/*.ts'],
    rules: {
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [
            {
              target: './apps/server/src/db',
              from: './apps/server/src',
              except: ['./db', './lib'],
              message:
                'db/ imports only db/ and lib/: tables are found by drizzle.config.ts, seeds run from modules/seed.ts.',
            },
            {
              target: './apps/server/src/integrations',
              from: [
                './apps/server/src/modules',
                './apps/server/src/config',
                './apps/server/src/platform.ts',
                './apps/server/src/app.ts',
              ],
              message:
                'An integration knows no module, no configuration and no platform: it declares its own settings and receives the core context (decision 0050).',
            },
          ],
        },
      ],
    },
  },
  {
    files: [
      'apps/server/src/config/env.ts',
      'tooling/**',
      'apps/web/vite.config.ts',
      '**/playwright.config.ts',
      '**/*.config.{js,ts,mjs}',
      'apps/server/build.mjs',
      'apps/server/test/**',
    ],
    rules: { 'no-restricted-properties': 'off' },
  },
  // Web: shared (components, lib) → features → app; no feature imports another.
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { regex: '^@pcb/server', message: 'The web app reaches the server over HTTP only.' },
            {
              regex: '^antd-mobile-icons',
              message: 'One icon set: src/components/icons.tsx (decision 0017).',
            },
            {
              regex: '^(fflate|whats-that-gerber|pcb-stackup|gerber-to-svg|gerber-parser)$',
              message: 'Gerber libraries run in the Gerber worker only (decision 0030).',
            },
          ],
          paths: [
            {
              name: '@pcb/contract',
              importNames: ['api', 'allEndpoints'],
              message:
                'Import the module a page calls (@pcb/contract/member-auth), so it bundles only those definitions.',
            },
            {
              name: 'react-hook-form',
              importNames: ['useForm'],
              message: 'Use useContractForm / useSmsCodeForm from components/form (decision 0018).',
            },
          ],
        },
      ],
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: featureZones('web'),
        },
      ],
    },
  },
  // Console: the same boundaries as the web; it never imports the web app.
  {
    files: ['apps/console/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '^@pcb/(server|web)',
              message: 'The console reaches the server over HTTP only, and never the web app.',
            },
            { regex: '(\\.\\./)+web/', message: 'The console never imports the web app.' },
          ],
          paths: [
            {
              name: '@pcb/contract',
              importNames: ['api', 'allEndpoints'],
              message: 'Import the module a page calls (@pcb/contract/staff-member).',
            },
          ],
        },
      ],
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: featureZones('console'),
        },
      ],
    },
  },
);
