import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { JobRegistry } from '../lib/jobs/job';
import { defineJob } from '../lib/jobs/job';
import { missingInProduction, text, urlOr } from '../lib/settings';
import { integration, integrationList, type IntegrationContext } from './integration';

/** The bell sandbox's own job (its rings echo later). */
const echoJob = defineJob('bellSandbox.echo', z.object({}));

/** Two made-up providers: a bell (with a sandbox) and a horn that rings the bell. */
const bellIntegration = integration({
  env: z.object({
    BELL_KEY: text(),
    BELL_BASE: urlOr('https://bell.example.com'),
  }),
  problems: (env, { isProduction }) =>
    isProduction
      ? missingInProduction(env, ['BELL_KEY'], 'the bell sandbox cannot be used there')
      : [],
  settings: (env) =>
    env.BELL_KEY
      ? { provider: 'real' as const, key: env.BELL_KEY, base: env.BELL_BASE }
      : { provider: 'sandbox' as const },
  csp: (settings) => (settings.provider === 'real' ? { connectSrc: [settings.base] } : {}),
  create: (
    settings,
    { deriveKey }: Pick<IntegrationContext, 'deriveKey'>,
    options: { bell?: { ring: () => string } },
  ) => {
    const secret = Buffer.from(deriveKey('bell-sandbox')).toString('hex');
    return {
      provides: {
        bell: options.bell ?? { ring: () => `${settings.provider} ding` },
      },
      sandboxSecrets: { bellSecret: secret },
      sandboxServer:
        settings.provider === 'sandbox'
          ? async (app) => {
              app.get('/sandbox/bell', async () => ({ secret }));
            }
          : undefined,
      jobs:
        settings.provider === 'sandbox'
          ? (registry: JobRegistry) => registry.handle(echoJob, async () => undefined)
          : undefined,
    };
  },
});

const hornIntegration = integration({
  env: z.object({ HORN_TIMES: z.coerce.number({ error: 'must be a number' }).default(2) }),
  problems: (env) => (env.HORN_TIMES > 3 ? ['HORN_TIMES must be at most 3'] : []),
  settings: (env) => ({ times: env.HORN_TIMES }),
  csp: () => ({ imgSrc: ['https://horn.example.com'] }),
  create: (settings, { bell }: { bell: { ring: () => string } }) => ({
    provides: { horn: () => Array.from({ length: settings.times }, () => bell.ring()) },
  }),
});

const list = integrationList().add('bell', bellIntegration).add('horn', hornIntegration);

// Only what the declarations above pick; the list hands each the whole context.
const context = {
  deriveKey: (purpose: string) => new TextEncoder().encode(purpose),
} as unknown as IntegrationContext;

function read(env: Record<string, string>, isProduction = false) {
  const outside = list.readEnv(env);
  if (!outside.ok) return { issues: outside.issues };
  return { problems: outside.problems({ isProduction }), settings: outside.settings() };
}

describe('the integration list', () => {
  it('reads each declaration’s own variables into config.<name>, with their defaults', () => {
    expect(read({})).toEqual({
      problems: [],
      settings: { bell: { provider: 'sandbox' }, horn: { times: 2 } },
    });
    expect(read({ BELL_KEY: 'k', HORN_TIMES: '3', OTHER: 'x' }).settings).toEqual({
      bell: { provider: 'real', key: 'k', base: 'https://bell.example.com' },
      horn: { times: 3 },
    });
  });

  it('names every malformed variable of every integration, in list order', () => {
    expect(read({ BELL_BASE: 'not a url', HORN_TIMES: 'loud' })).toEqual({
      issues: ['BELL_BASE must be a URL', 'HORN_TIMES must be a number'],
    });
  });

  it('collects each integration’s problems; a sandbox only counts in production', () => {
    expect(read({ HORN_TIMES: '4' }).problems).toEqual(['HORN_TIMES must be at most 3']);
    expect(read({ HORN_TIMES: '4' }, true).problems).toEqual([
      'BELL_KEY is required in production (the bell sandbox cannot be used there)',
      'HORN_TIMES must be at most 3',
    ]);
    expect(read({ BELL_KEY: 'k' }, true).problems).toEqual([]);
  });

  it('adds each integration’s CSP sources for its settings, in list order', () => {
    expect(list.csp({ bell: { provider: 'sandbox' }, horn: { times: 1 } })).toEqual([
      {},
      { imgSrc: ['https://horn.example.com'] },
    ]);
    expect(
      list.csp({ bell: { provider: 'real', key: 'k', base: 'https://b' }, horn: { times: 1 } }),
    ).toEqual([{ connectSrc: ['https://b'] }, { imgSrc: ['https://horn.example.com'] }]);
  });

  it('builds the platform fields in order: a later integration receives the earlier ones', () => {
    const built = list.build({ bell: { provider: 'sandbox' }, horn: { times: 3 } }, context, {});
    expect(built.provides.horn()).toEqual(['sandbox ding', 'sandbox ding', 'sandbox ding']);
    expect(built.sandboxSecrets).toEqual({
      bellSecret: Buffer.from('bell-sandbox').toString('hex'),
    });
  });

  it('takes a replacement from the options (tests) instead of what the settings select', () => {
    const built = list.build({ bell: { provider: 'sandbox' }, horn: { times: 1 } }, context, {
      bell: { ring: () => 'fake' },
    });
    expect(built.provides.horn()).toEqual(['fake']);
  });

  it('registers a sandbox server only where the settings select the sandbox', async () => {
    for (const [bell, status] of [
      [{ provider: 'sandbox' as const }, 200],
      [{ provider: 'real' as const, key: 'k', base: 'https://b' }, 404],
    ] as const) {
      const app = Fastify();
      const built = list.build({ bell, horn: { times: 1 } }, context, {});
      await built.registerSandboxServers(app, { maxUploadBytes: 1 });
      expect(built.sandboxes).toEqual(status === 200 ? ['bell'] : []);
      const res = await app.inject({ method: 'GET', url: '/sandbox/bell' });
      expect(res.statusCode).toBe(status);
      await app.close();
    }
  });

  it('registers an integration’s job handlers only where the settings select its sandbox', () => {
    for (const [bell, handled] of [
      [{ provider: 'sandbox' as const }, ['bellSandbox.echo']],
      [{ provider: 'real' as const, key: 'k', base: 'https://b' }, []],
    ] as const) {
      const names: string[] = [];
      const registry: JobRegistry = {
        handle: (job) => void names.push(job.name),
        schedule: () => undefined,
      };
      list.build({ bell, horn: { times: 1 } }, context, {}).registerJobs(registry);
      expect(names).toEqual(handled);
    }
  });

  it('does not compile an integration listed above a field it takes, a name or a field twice', () => {
    const clash = integration({
      env: z.object({}),
      settings: () => ({}),
      create: () => ({ provides: { bell: 1 } }),
    });
    const takesStore = integration({
      env: z.object({}),
      settings: () => ({}),
      create: () => ({ provides: { store: 1 } }),
    });
    // @ts-expect-error -- the horn needs the bell, which is not listed above it
    integrationList().add('horn', hornIntegration);
    // @ts-expect-error -- one name, one integration
    integrationList().add('bell', bellIntegration).add('bell', hornIntegration);
    // @ts-expect-error -- `bell` is provided already
    integrationList().add('bell', bellIntegration).add('clash', clash);
    // @ts-expect-error -- `store` is the core's
    integrationList().add('takesStore', takesStore);
  });
});
