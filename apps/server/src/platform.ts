import { hkdfSync } from 'node:crypto';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { Config } from './config/env';
import type { Database, Db } from './db/client';
import type { CspSources } from './http/security';
import { integrations } from './integrations';
import type { IntegrationTypes, SandboxServerContext } from './integrations/integration';
import type { ObjectStorage } from './integrations/oss/object-storage';
import { objectStorageFor } from './integrations/oss/oss.integration';
import { createPostgresStore } from './integrations/store/postgres-store';
import { registerStorePurge } from './integrations/store/purge-job';
import { createRedisStore } from './integrations/store/redis-store';
import type { EphemeralStore } from './integrations/store/store';
import { systemClock, type Clock } from './lib/clock';
import type { JobQueue, JobRegistry } from './lib/jobs/job';
import { createJobRunner } from './lib/jobs/job-runner';
import type { OrderNotifier } from './modules/order/order-notifier';

/** What the outside services (`src/integrations/index.ts`) add, typed by their list. */
type Integrations = IntegrationTypes<typeof integrations>;
type IntegrationOptions = Integrations['options'];
type IntegrationFields = Integrations['provides'];

/** What the caller may hand in instead of what the environment selects (tests, main.ts). */
export interface PlatformOptions extends IntegrationOptions {
  config: Config;
  /** Owned by the caller, who closes the pool after the app (main.ts, tests). */
  database: Database;
  /** Defaults to Redis when REDIS_URL is set, else the PostgreSQL table. */
  store?: EphemeralStore;
  now?: Clock;
  // Each integration's replacements (captcha, sms, storage, wechatHttp, companyRegistry,
  // parcelTracking, payments) are declared by the integration itself.
  /** A notifier of order events instead of the member-message module's (tests that record them). */
  orderNotifier?: OrderNotifier;
}

/**
 * Everything a module may be given that is not another module: the database, the ephemeral
 * store, configuration, the clock, the logger, and the fields the outside services provide
 * (`captcha`, `sms`, `smsOutbox`, `wechat`, `storage`, `companyRegistry`, `parcelTracking`,
 * `payments`), each chosen by the environment in its integration's declaration and nowhere else.
 */
export interface Platform extends IntegrationFields {
  config: Config;
  db: Db;
  store: EphemeralStore;
  /** Background jobs kept in PostgreSQL: enqueue, optionally in the caller's transaction. */
  jobs: JobQueue;
  now: Clock;
  log: FastifyBaseLogger;
  /** A log callback for failures of an outside call: `onError: logError('SMS send failed')`. */
  logError: (message: string) => (err: unknown) => void;
  /** A key of its own per purpose, derived from JWT_SECRET: no extra secret to configure. */
  deriveKey: (purpose: string) => Uint8Array;
  /**
   * The keys the embedded sandboxes sign with (WeChat's app secret, OSS's access key secret),
   * for tests that play the browser or the provider; production never runs a sandbox.
   */
  sandbox: Integrations['secrets'];
  /** A test's own notifier for order events; null: the member-message module's. */
  orderNotifier: OrderNotifier | null;
}

/** A key of its own per purpose from the server secret (also for the seed, before the app). */
export const deriveKeyFrom = (secret: string) => (purpose: string) =>
  new Uint8Array(hkdfSync('sha256', secret, '', purpose, 32));

function createStore(app: FastifyInstance, options: PlatformOptions): EphemeralStore {
  const { config } = options;
  return (
    options.store ??
    (config.redisUrl
      ? createRedisStore(config.redisUrl, {
          onError: (err) => app.log.error({ err }, 'Redis connection error'),
        })
      : createPostgresStore(options.database.db, options.now ?? systemClock))
  );
}

/**
 * The object storage the environment selects (also for the demo seed, which runs before the
 * app): Aliyun OSS, or the sandbox's files under DATA_DIR/objects.
 */
export const createObjectStorage = (
  config: Pick<Config, 'oss' | 'dataDir' | 'jwt'>,
): ObjectStorage =>
  objectStorageFor(config.oss, {
    dataDir: config.dataDir,
    deriveKey: deriveKeyFrom(config.jwt.secret),
  });

/** One app's platform, and what the app finishes after its modules are built. */
export interface BuiltPlatform {
  platform: Platform;
  /** Where the modules' job handlers and schedules go. */
  jobRegistry: JobRegistry;
  /** What the pages' Content-Security-Policy must allow for the selected outside services. */
  cspSources: CspSources[];
  /**
   * Registers the servers of the embedded sandboxes the environment selects (WeChat, OSS,
   * Alipay, WeChat Pay), on our own origin. Configuration refuses every sandbox in production: these never run there.
   */
  registerSandboxServers: (context: SandboxServerContext) => Promise<void>;
}

/**
 * The platform of one app. The job workers (when configured) start when the app is ready; they
 * stop, and then the store this opened closes, when the app closes.
 */
export function createPlatform(app: FastifyInstance, options: PlatformOptions): BuiltPlatform {
  const { config } = options;
  const { db } = options.database;
  const now = options.now ?? systemClock;
  const log = app.log;
  const logError = (message: string) => (err: unknown) => log.error({ err }, message);
  const deriveKey = deriveKeyFrom(config.jwt.secret);
  const store = createStore(app, options);
  const jobs = createJobRunner({
    db,
    pool: options.database.pool,
    log,
    concurrency: config.jobs.concurrency,
    pollIntervalMs: config.jobs.pollIntervalMs,
  });
  registerStorePurge(jobs, store);
  // Modules and integrations enqueue here; handlers and schedules go through their `jobs` parts.
  const queue: JobQueue = { add: jobs.add, remove: jobs.remove };
  if (config.jobs.workers) app.addHook('onReady', () => jobs.start());
  app.addHook('onClose', async () => {
    // Jobs may use the store: they finish first.
    await jobs.stop();
    if (!options.store) await store.close();
  });

  const outside = integrations.build(
    config,
    {
      app,
      db,
      store,
      now,
      log,
      logError,
      deriveKey,
      dataDir: config.dataDir,
      jobs: queue,
      publicOrigins: config.publicOrigins,
    },
    options,
  );
  outside.registerJobs(jobs);
  // Configuration refuses every sandbox in production; this holds even where a declaration
  // forgot its refusal.
  if (config.isProduction && outside.sandboxes.length > 0)
    throw new Error(
      `An embedded sandbox cannot run in production: ${outside.sandboxes.join(', ')}`,
    );
  const platform: Platform = {
    config,
    db,
    store,
    jobs: queue,
    now,
    log,
    logError,
    deriveKey,
    ...outside.provides,
    sandbox: outside.sandboxSecrets,
    orderNotifier: options.orderNotifier ?? null,
  };
  return {
    platform,
    jobRegistry: jobs,
    cspSources: integrations.csp(config),
    registerSandboxServers: (context) => outside.registerSandboxServers(app, context),
  };
}
