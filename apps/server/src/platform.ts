import { hkdfSync } from 'node:crypto';
import path from 'node:path';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { Config } from './config/env';
import type { Database, Db } from './db/client';
import { createAliyunVerifier } from './integrations/captcha/aliyun-verifier';
import { createAltchaVerifier } from './integrations/captcha/altcha-verifier';
import type { HumanVerifier } from './integrations/captcha/captcha';
import type { CompanyDirectory } from './integrations/company-directory/company-directory';
import { createTianyanchaDirectory } from './integrations/company-directory/tianyancha-directory';
import { createAliyunOss } from './integrations/oss/aliyun-oss';
import type { ObjectStorage } from './integrations/oss/object-storage';
import {
  createSandboxOss,
  registerOssSandbox,
  SANDBOX_OSS_ACCESS_KEY_ID,
} from './integrations/oss/sandbox-oss';
import { cachedTracking } from './integrations/parcel-tracking/cached-tracking';
import { createKuaidi100Tracking } from './integrations/parcel-tracking/kuaidi100-tracking';
import type { ParcelTracking } from './integrations/parcel-tracking/parcel-tracking';
import type { PaymentChannel, PaymentProvider } from './integrations/payment/payment-provider';
import { createAliyunSms } from './integrations/sms/aliyun-sms';
import { createSandboxSms } from './integrations/sms/sandbox-sms';
import type { SmsSender } from './integrations/sms/sms';
import { createSmsOutbox, type SmsOutbox } from './integrations/sms/sms-outbox';
import { createPostgresStore } from './integrations/store/postgres-store';
import { registerStorePurge } from './integrations/store/purge-job';
import { createRedisStore } from './integrations/store/redis-store';
import type { EphemeralStore } from './integrations/store/store';
import {
  inProcessClient,
  registerWechatSandbox,
  SANDBOX_WECHAT_API_BASE,
  SANDBOX_WECHAT_APP_ID,
  SANDBOX_WECHAT_PATH,
} from './integrations/wechat/sandbox-wechat';
import {
  createWechatApi,
  fetchClient,
  type HttpClient,
  type WechatApi,
} from './integrations/wechat/wechat-api';
import { systemClock, type Clock } from './lib/clock';
import type { JobQueue, JobRegistry } from './lib/jobs/job';
import { createJobRunner } from './lib/jobs/job-runner';
import type { OrderNotifier } from './modules/order/order-notifier';

/** What the caller may hand in instead of what the environment selects (tests, main.ts). */
export interface PlatformOptions {
  config: Config;
  /** Owned by the caller, who closes the pool after the app (main.ts, tests). */
  database: Database;
  /** Defaults to Redis when REDIS_URL is set, else the PostgreSQL table. */
  store?: EphemeralStore;
  now?: Clock;
  captcha?: HumanVerifier;
  sms?: SmsSender;
  storage?: ObjectStorage;
  /** How the server calls WeChat (default: the network, or the sandbox in process). */
  wechatHttp?: HttpClient;
  /** A business registry instead of the one the environment selects (tests). */
  companyRegistry?: CompanyDirectory;
  /** A tracking service instead of the one the environment selects (tests); cached as it is. */
  parcelTracking?: ParcelTracking;
  /** A notifier of order events instead of the member-message module's (tests that record them). */
  orderNotifier?: OrderNotifier;
  /** Online payment providers (Alipay, WeChat Pay) by channel; tests pass their own. */
  payments?: Partial<Record<PaymentChannel, PaymentProvider>>;
}

/** What the embedded sandboxes (WeChat, OSS) need; production never runs them. */
export interface SandboxSecrets {
  wechatAppSecret: string;
  wechatOpenIdKey: Uint8Array;
  ossAccessKeySecret: string;
}

/**
 * Everything a module may be given that is not another module: the database, the ephemeral
 * store, configuration, the clock, the logger and the outside services, each chosen by the
 * environment here and nowhere else.
 */
export interface Platform {
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
  captcha: HumanVerifier;
  sms: SmsSender;
  smsOutbox: SmsOutbox;
  storage: ObjectStorage;
  wechat: {
    api: WechatApi;
    /** WeChat's hosts for this origin: the sandbox plays WeChat on our own origin. */
    openBase: (origin: string) => string;
    mpBase: (origin: string) => string;
  };
  sandbox: SandboxSecrets;
  /**
   * The business registry company names come from (Tianyancha), or null for the embedded
   * directory, which the company-directory module builds on its own table.
   */
  companyRegistry: CompanyDirectory | null;
  /**
   * The tracking service parcels are asked of (Kuaidi100), its answers cached in the store, or
   * null for the embedded provider, which the express module builds on the parcels' events.
   */
  parcelTracking: ParcelTracking | null;
  /** A test's own notifier for order events; null: the member-message module's. */
  orderNotifier: OrderNotifier | null;
  /** The online payment providers by channel; a channel without one cannot be paid with. */
  payments: Partial<Record<PaymentChannel, PaymentProvider>>;
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

const ossObjectsDir = (config: Pick<Config, 'dataDir'>) => path.join(config.dataDir, 'objects');

const sandboxOssSecret = (deriveKey: (purpose: string) => Uint8Array) =>
  Buffer.from(deriveKey('oss-sandbox-secret')).toString('base64');

/**
 * The object storage the environment selects (also for the demo seed, which runs before the
 * app): Aliyun OSS, or the sandbox's files under DATA_DIR/objects.
 */
export function createObjectStorage(
  config: Pick<Config, 'oss' | 'dataDir' | 'jwt'>,
): ObjectStorage {
  return config.oss.provider === 'aliyun'
    ? createAliyunOss(config.oss)
    : createSandboxOss({
        credentials: {
          accessKeyId: SANDBOX_OSS_ACCESS_KEY_ID,
          accessKeySecret: sandboxOssSecret(deriveKeyFrom(config.jwt.secret)),
        },
        objectsDir: ossObjectsDir(config),
      });
}

/**
 * The platform of one app, and the registry where the modules' job handlers and schedules go.
 * The job workers (when configured) start when the app is ready; they stop, and then the store
 * this opened closes, when the app closes.
 */
export function createPlatform(
  app: FastifyInstance,
  options: PlatformOptions,
): { platform: Platform; jobRegistry: JobRegistry } {
  const { config } = options;
  const { db } = options.database;
  const now = options.now ?? systemClock;
  const log = app.log;
  const logError = (message: string) => (err: unknown) => log.error({ err }, message);
  const deriveKey = deriveKeyFrom(config.jwt.secret);
  const sandbox: SandboxSecrets = {
    wechatAppSecret: Buffer.from(deriveKey('wechat-sandbox-app-secret')).toString('hex'),
    wechatOpenIdKey: deriveKey('wechat-sandbox-openid'),
    ossAccessKeySecret: sandboxOssSecret(deriveKey),
  };
  const store = createStore(app, options);
  const jobs = createJobRunner({
    db,
    pool: options.database.pool,
    log,
    concurrency: config.jobs.concurrency,
    pollIntervalMs: config.jobs.pollIntervalMs,
  });
  registerStorePurge(jobs, store);
  if (config.jobs.workers) app.addHook('onReady', () => jobs.start());
  app.addHook('onClose', async () => {
    // Jobs may use the store: they finish first.
    await jobs.stop();
    if (!options.store) await store.close();
  });

  const captcha =
    options.captcha ??
    (config.captcha.provider === 'aliyun'
      ? createAliyunVerifier(
          config.captcha.aliyun,
          logError('Aliyun captcha verification call failed'),
        )
      : createAltchaVerifier({ ...config.captcha.altcha, store }));

  const smsOutbox = createSmsOutbox(db);
  const sms =
    options.sms ??
    (config.sms.provider === 'aliyun'
      ? createAliyunSms(config.sms.aliyun)
      : createSandboxSms(smsOutbox, now, (entry) =>
          log.info(entry, 'SMS sandbox: message not sent'),
        ));

  const storage = options.storage ?? createObjectStorage(config);

  const wechatConfig = config.wechat;
  const wechatApi =
    wechatConfig.provider === 'wechat'
      ? createWechatApi({
          appId: wechatConfig.appId,
          appSecret: wechatConfig.appSecret,
          apiBase: wechatConfig.apiBase,
          http: options.wechatHttp ?? fetchClient(),
          store,
        })
      : createWechatApi({
          appId: SANDBOX_WECHAT_APP_ID,
          appSecret: sandbox.wechatAppSecret,
          apiBase: SANDBOX_WECHAT_API_BASE,
          http: options.wechatHttp ?? inProcessClient(app),
          store,
        });
  const wechatBase = (real: 'openBase' | 'mpBase') => (origin: string) =>
    wechatConfig.provider === 'wechat' ? wechatConfig[real] : `${origin}${SANDBOX_WECHAT_PATH}`;

  const companyRegistry =
    options.companyRegistry ??
    (config.companyDirectory.provider === 'tianyancha'
      ? createTianyanchaDirectory(config.companyDirectory)
      : null);

  const trackingService =
    options.parcelTracking ??
    (config.parcelTracking.provider === 'kuaidi100'
      ? createKuaidi100Tracking(config.parcelTracking)
      : null);
  const parcelTracking = trackingService && cachedTracking(trackingService, store);

  const platform: Platform = {
    config,
    db,
    store,
    // Modules enqueue here; handlers and schedules go through their entry's `jobs` part.
    jobs: { add: jobs.add, remove: jobs.remove },
    now,
    log,
    logError,
    deriveKey,
    captcha,
    sms,
    smsOutbox,
    storage,
    wechat: { api: wechatApi, openBase: wechatBase('openBase'), mpBase: wechatBase('mpBase') },
    sandbox,
    companyRegistry,
    parcelTracking,
    orderNotifier: options.orderNotifier ?? null,
    payments: options.payments ?? {},
  };
  return { platform, jobRegistry: jobs };
}

/**
 * The sandboxes that play WeChat and OSS on our own origin, when the environment selects them.
 * Configuration refuses both in production, so these never run there.
 */
export async function registerSandboxServers(
  app: FastifyInstance,
  platform: Platform,
  options: { storage?: ObjectStorage; maxUploadBytes: number },
): Promise<void> {
  const { config, sandbox } = platform;
  if (config.wechat.provider === 'sandbox') {
    await registerWechatSandbox(app, {
      appId: SANDBOX_WECHAT_APP_ID,
      appSecret: sandbox.wechatAppSecret,
      store: platform.store,
      openIdKey: sandbox.wechatOpenIdKey,
    });
  }
  if (config.oss.provider === 'sandbox' && !options.storage) {
    await registerOssSandbox(app, {
      credentials: {
        accessKeyId: SANDBOX_OSS_ACCESS_KEY_ID,
        accessKeySecret: sandbox.ossAccessKeySecret,
      },
      objectsDir: ossObjectsDir(config),
      now: platform.now,
      // Room for the multipart framing; a larger file is still refused as OSS refuses it.
      maxBodyBytes: options.maxUploadBytes * 2,
    });
  }
}
