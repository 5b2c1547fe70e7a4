import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { z } from 'zod';
import type { Db } from '../db/client';
import type { CspSources } from '../http/security';
import type { Clock } from '../lib/clock';
import type { JobQueue, JobRegistry } from '../lib/jobs/job';
import { issueLines } from '../lib/settings';
import type { EphemeralStore } from './store/store';

/**
 * What an integration's adapters may be built from: the core of the platform, never a module.
 * An integration also receives the platform fields of the integrations listed above it.
 */
export interface IntegrationContext {
  /** The app being built (the WeChat sandbox is called in process through it). */
  app: FastifyInstance;
  db: Db;
  store: EphemeralStore;
  now: Clock;
  log: FastifyBaseLogger;
  logError: (message: string) => (err: unknown) => void;
  /** A key of its own per purpose, derived from JWT_SECRET (a sandbox's signing keys). */
  deriveKey: (purpose: string) => Uint8Array;
  /** DATA_DIR: where an embedded sandbox keeps its files. */
  dataDir: string;
  /** Background jobs (a sandbox's notify retries); their handlers go in the parts' `jobs`. */
  jobs: JobQueue;
  /**
   * The origins members reach us at (PUBLIC_ORIGIN, or the server's own): a sandbox's pages and
   * its calls to our own routes (notifies) stay on them.
   */
  publicOrigins: readonly string[];
}

/** What the app tells the embedded sandboxes' servers when it registers them. */
export interface SandboxServerContext {
  /** The largest file any kind of upload takes (the OSS sandbox sizes its body limit by it). */
  maxUploadBytes: number;
}

export type SandboxServer = (app: FastifyInstance, context: SandboxServerContext) => Promise<void>;

/** What an integration hands back once built. */
export interface IntegrationParts<Provides, Secrets> {
  /** Fields of the platform, which modules receive (`Pick<Platform, 'sms' | 'smsOutbox'>`). */
  provides: Provides;
  /**
   * The keys its embedded sandbox signs with (`platform.sandbox`), so a test can play the
   * browser or the provider; derived whether or not the sandbox runs.
   */
  sandboxSecrets?: Secrets;
  /**
   * The sandbox's routes on our own origin (`/sandbox/<name>/…`), when the settings select it.
   * Configuration refuses every sandbox in production, so these never run there.
   */
  sandboxServer?: SandboxServer | undefined;
  /**
   * The handlers of the jobs it queues (a sandbox's notify retries), as a module's `jobs` part:
   * the job runner refuses to queue a job nobody handles.
   */
  jobs?: ((registry: JobRegistry) => void) | undefined;
}

/**
 * One outside service (SMS, captcha, WeChat, object storage, a payment provider…), declared
 * once in `src/integrations/<name>/<name>.integration.ts`. Everything but `create` is static,
 * readable before the app exists: configuration is read and checked before anything is built.
 */
export interface Integration<Env, Settings, Context, Options, Provides, Secrets> {
  /** Its environment variables (`z.object`): names, defaults, error messages. */
  env: z.ZodType<Env>;
  /** Its parsed configuration, `config.<name>`, from its own variables only. */
  settings: (env: Env) => Settings;
  /**
   * What stops the server from starting, every problem at once: a chosen provider without its
   * keys (any environment), and in production a sandbox or a public development secret.
   */
  problems?: (env: Env, environment: { isProduction: boolean }) => string[];
  /** What the pages' Content-Security-Policy must allow for it (a widget's script, a bucket). */
  csp?: (settings: Settings) => CspSources;
  // A property, not a method: its parameters are then checked strictly, so an integration
  // listed above one whose platform field it takes does not compile.
  /**
   * Builds its adapters: the production one or the embedded sandbox, as the settings choose,
   * unless `options` hands in a replacement (tests; `PlatformOptions`).
   */
  create: (
    settings: Settings,
    context: Context,
    options: Options,
  ) => IntegrationParts<Provides, Secrets>;
}

/** Keeps each declaration's own types (its settings, what it takes and provides) for the list. */
export const integration = <Env, Settings, Context, Options, Provides, Secrets = unknown>(
  declaration: Integration<Env, Settings, Context, Options, Provides, Secrets>,
): Integration<Env, Settings, Context, Options, Provides, Secrets> => declaration;

/** Refuses, at compile time, a platform field that another integration or the core has. */
type NewFields<P, Taken> = [keyof P & keyof Taken] extends [never]
  ? unknown
  : { readonly 'provides a platform field that is taken already': keyof P & keyof Taken };

/** The environment read by every integration: its failures, or the problems and the settings. */
export type IntegrationEnv<Settings> =
  | { ok: false; issues: string[] }
  | {
      ok: true;
      problems: (environment: { isProduction: boolean }) => string[];
      settings: () => Settings;
    };

export interface BuiltIntegrations<Provides, Secrets> {
  provides: Provides;
  sandboxSecrets: Secrets;
  /** The integrations whose sandbox server the settings selected (never any in production). */
  sandboxes: string[];
  /** Registers the servers of the sandboxes the settings selected, in list order. */
  registerSandboxServers: SandboxServer;
  /** Registers the integrations' job handlers, before the workers start. */
  registerJobs: (registry: JobRegistry) => void;
}

export interface IntegrationList<Settings, Options, Provides, Secrets> {
  /**
   * The next integration: its settings become `config.<name>`, its platform fields join those
   * above it, and it may receive any platform field listed above it, and no other.
   */
  add<K extends string, E, S, O, P, X>(
    name: K extends keyof Settings ? never : K,
    integration: Integration<E, S, IntegrationContext & Provides, O, P, X> &
      NewFields<P, Provides & IntegrationContext>,
  ): IntegrationList<Settings & { [N in K]: S }, Options & O, Provides & P, Secrets & X>;
  /** Parses each integration's variables out of the environment (empty ones already left out). */
  readEnv(present: Record<string, string>): IntegrationEnv<Settings>;
  /** What each integration adds to the pages' Content-Security-Policy, in list order. */
  csp(settings: Settings): CspSources[];
  build(
    settings: Settings,
    context: IntegrationContext,
    options: Options,
  ): BuiltIntegrations<Provides, Secrets>;
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- entries of every type
type AnyIntegration = Integration<any, any, any, any, any, any>;

function list<Settings, Options, Provides, Secrets>(
  entries: readonly { name: string; integration: AnyIntegration }[],
): IntegrationList<Settings, Options, Provides, Secrets> {
  const settingsOf = (settings: Settings, name: string) =>
    (settings as Record<string, unknown>)[name];
  return {
    add: (name, integration) => list([...entries, { name, integration }]),
    readEnv(present) {
      const parsed = entries.map(({ name, integration }) => ({
        name,
        integration,
        result: integration.env.safeParse(present),
      }));
      const issues = parsed.flatMap(({ result }) =>
        result.success ? [] : issueLines(result.error.issues),
      );
      if (issues.length > 0) return { ok: false, issues };
      const envOf = (result: (typeof parsed)[number]['result']) => result.data as unknown;
      return {
        ok: true,
        problems: (environment) =>
          parsed.flatMap(({ integration, result }) =>
            integration.problems ? integration.problems(envOf(result), environment) : [],
          ),
        settings: () =>
          Object.fromEntries(
            parsed.map(({ name, integration, result }) => [
              name,
              integration.settings(envOf(result)),
            ]),
          ) as Settings,
      };
    },
    csp: (settings) =>
      entries.flatMap(({ name, integration }) =>
        integration.csp ? [integration.csp(settingsOf(settings, name))] : [],
      ),
    build(settings, context, options) {
      const provides: Record<string, unknown> = {};
      const sandboxSecrets: Record<string, unknown> = {};
      const servers: { name: string; register: SandboxServer }[] = [];
      const jobParts: ((registry: JobRegistry) => void)[] = [];
      for (const { name, integration } of entries) {
        const parts: IntegrationParts<object, object> = integration.create(
          settingsOf(settings, name),
          { ...context, ...provides },
          options,
        );
        Object.assign(provides, parts.provides);
        Object.assign(sandboxSecrets, parts.sandboxSecrets);
        if (parts.sandboxServer) servers.push({ name, register: parts.sandboxServer });
        if (parts.jobs) jobParts.push(parts.jobs);
      }
      return {
        provides: provides as Provides,
        sandboxSecrets: sandboxSecrets as Secrets,
        sandboxes: servers.map((s) => s.name),
        registerSandboxServers: async (app, serverContext) => {
          for (const { register } of servers) await register(app, serverContext);
        },
        registerJobs: (registry) => {
          for (const register of jobParts) register(registry);
        },
      };
    },
  };
}

// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- nothing added yet
export const integrationList = (): IntegrationList<{}, {}, {}, {}> => list([]);

/** The types a list folds: `config.<name>`, the test options, the platform fields, the sandbox keys. */
export type IntegrationTypes<L> =
  L extends IntegrationList<infer Settings, infer Options, infer Provides, infer Secrets>
    ? { settings: Settings; options: Options; provides: Provides; secrets: Secrets }
    : never;
