import { networkInterfaces, type NetworkInterfaceInfo } from 'node:os';
import path from 'node:path';
import { z } from 'zod';
import { repoRoot } from '../lib/paths';

/** Development defaults. Production refuses to start while any of them is in use. */
export const DEV_JWT_SECRET = 'dev-only-jwt-secret-do-not-use-in-production';
export const DEV_ALTCHA_HMAC_KEY = 'dev-only-altcha-hmac-key-do-not-use-in-production';
const MIN_SECRET_LENGTH = 32;

const intSetting = (fallback: number, min: number, max: number) =>
  z.coerce
    .number({ error: 'must be a number' })
    .int({ error: 'must be an integer' })
    .min(min, { error: `must be at least ${min}` })
    .max(max, { error: `must be at most ${max}` })
    .default(fallback);

const text = () => z.string().trim().optional();
const textOr = (fallback: string) => z.string().trim().default(fallback);

const url = z.url({ error: 'must be a URL' }).optional();

const DURATION_UNITS_MS = { ms: 1, s: 1000, m: 60_000, h: 3_600_000 } as const;
const MAX_DEMO_PACE_MS = 24 * 3_600_000;

/**
 * `off`, or a duration such as `90s`, `2m`, `500ms` (10 ms to 24 h): the demo factory's pace.
 * Absent: `undefined`, and the default depends on NODE_ENV (see `loadConfig`).
 */
const demoPace = z
  .string()
  .trim()
  .toLowerCase()
  .transform((value, ctx) => {
    if (value === 'off') return null;
    const match = /^(\d+(?:\.\d+)?)(ms|s|m|h)$/.exec(value);
    const ms = match ? Math.round(Number(match[1]) * DURATION_UNITS_MS[match[2] as 'ms']) : NaN;
    if (!(ms >= 10 && ms <= MAX_DEMO_PACE_MS)) {
      ctx.addIssue({
        code: 'custom',
        message: 'must be off or a duration from 10ms to 24h, such as 90s, 2m or 500ms',
      });
      return z.NEVER;
    }
    return ms;
  })
  .optional();

const envSchema = z.object({
  NODE_ENV: z
    .enum(['development', 'test', 'production'], {
      error: 'must be development, test or production',
    })
    .default('development'),
  HOST: textOr('127.0.0.1'),
  PORT: intSetting(3000, 0, 65535),
  DATABASE_URL: url,
  DATA_DIR: text(),
  WEB_DIST_DIR: text(),
  JWT_SECRET: textOr(DEV_JWT_SECRET),
  JWT_ISSUER: textOr('pcb-member-centre'),
  JWT_AUDIENCE: textOr('member'),
  ACCESS_TOKEN_TTL_SECONDS: intSetting(86_400, 60, 30 * 86_400),
  REDIS_URL: url,
  CAPTCHA_PROVIDER: z
    .enum(['altcha', 'aliyun'], { error: 'must be altcha or aliyun' })
    .default('altcha'),
  ALTCHA_HMAC_KEY: textOr(DEV_ALTCHA_HMAC_KEY),
  // Around 1000 iterations keeps a low-end phone under a second (see stack-notes).
  ALTCHA_MAX_NUMBER: intSetting(1000, 10, 1_000_000),
  ALIYUN_CAPTCHA_ACCESS_KEY_ID: text(),
  ALIYUN_CAPTCHA_ACCESS_KEY_SECRET: text(),
  ALIYUN_CAPTCHA_SCENE_ID: text(),
  ALIYUN_CAPTCHA_PREFIX: text(),
  ALIYUN_CAPTCHA_REGION: textOr('cn-shanghai'),
  ALIYUN_CAPTCHA_ENDPOINT: url,
  SMS_PROVIDER: z
    .enum(['sandbox', 'aliyun'], { error: 'must be sandbox or aliyun' })
    .default('sandbox'),
  ALIYUN_SMS_ACCESS_KEY_ID: text(),
  ALIYUN_SMS_ACCESS_KEY_SECRET: text(),
  ALIYUN_SMS_SIGN_NAME: text(),
  ALIYUN_SMS_TEMPLATE_CODE: text(),
  ALIYUN_SMS_REGISTERED_TEMPLATE_CODE: text(),
  ALIYUN_SMS_RELATION_TEMPLATE_CODE: text(),
  ALIYUN_SMS_MOBILE_CHANGED_TEMPLATE_CODE: text(),
  ALIYUN_SMS_ENDPOINT: z.url({ error: 'must be a URL' }).default('https://dysmsapi.aliyuncs.com'),
  SMS_DAILY_LIMIT: intSetting(10, 1, 1000),
  SMS_RESEND_INTERVAL_SECONDS: intSetting(60, 1, 3600),
  SMS_IP_DAILY_LIMIT: intSetting(30, 1, 100_000),
  QUOTE_RATE_LIMIT: intSetting(120, 1, 1_000_000),
  COMPANY_SEARCH_RATE_LIMIT: intSetting(120, 1, 1_000_000),
  ORDER_STATE_RATE_LIMIT: intSetting(20, 1, 1_000_000),
  MEMBER_AGREEMENT_VERSION: textOr('2026-11'),
  LOG_LEVEL: z
    .enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'], {
      error: 'must be one of fatal, error, warn, info, debug, trace, silent',
    })
    .optional(),
  TRUST_PROXY: text(),
  /** The origin members reach us at (https://m.example.com); required in production. */
  PUBLIC_ORIGIN: url,
  WECHAT_APP_ID: text(),
  WECHAT_APP_SECRET: text(),
  WECHAT_OPEN_BASE: z.url({ error: 'must be a URL' }).default('https://open.weixin.qq.com'),
  WECHAT_API_BASE: z.url({ error: 'must be a URL' }).default('https://api.weixin.qq.com'),
  WECHAT_MP_BASE: z.url({ error: 'must be a URL' }).default('https://mp.weixin.qq.com'),
  OSS_ACCESS_KEY_ID: text(),
  OSS_ACCESS_KEY_SECRET: text(),
  OSS_BUCKET_HOST: url,
  OSS_BUCKET: text(),
  TIANYANCHA_TOKEN: text(),
  /** Whether this instance runs job workers and schedules; off by default under NODE_ENV=test. */
  JOB_WORKERS: z.enum(['on', 'off'], { error: 'must be on or off' }).optional(),
  JOB_CONCURRENCY: intSetting(2, 1, 50),
  /** How often idle workers look for delayed and retried jobs (jobs due now arrive at once). */
  JOB_POLL_INTERVAL_MS: intSetting(2000, 50, 60_000),
  /** Days an order may wait in 待付款 before it is cancelled (product decisions §2). */
  ORDER_UNPAID_CANCEL_DAYS: intSetting(7, 1, 365),
  /** The demo factory's pace (product decisions §6); refused in production. */
  DEMO_FACTORY_PACE: demoPace,
  TIANYANCHA_API_BASE: z.url({ error: 'must be a URL' }).default('http://open.api.tianyancha.com'),
  KUAIDI100_CUSTOMER: text(),
  KUAIDI100_KEY: text(),
  KUAIDI100_ENDPOINT: z
    .url({ error: 'must be a URL' })
    .default('https://poll.kuaidi100.com/poll/query.do'),
});

type Env = z.infer<typeof envSchema>;
export type NodeEnv = Env['NODE_ENV'];

export interface AliyunCredentials {
  accessKeyId: string;
  accessKeySecret: string;
  endpoint: string;
}

export type CaptchaConfig =
  | { provider: 'altcha'; altcha: { hmacKey: string; maxNumber: number } }
  | {
      provider: 'aliyun';
      altcha: { hmacKey: string; maxNumber: number };
      aliyun: AliyunCredentials & { sceneId: string; prefix: string; region: string };
    };

export type SmsConfig = {
  /** At most one text per mobile per this many seconds. */
  resendIntervalSeconds: number;
  dailyLimit: number;
  ipDailyLimit: number;
} & (
  | { provider: 'sandbox' }
  | {
      provider: 'aliyun';
      aliyun: AliyunCredentials & {
        signName: string;
        templateCode: string;
        registeredTemplateCode: string;
        relationTemplateCode: string;
        mobileChangedTemplateCode: string | undefined;
      };
    }
);

/** Without an app id our own server plays WeChat (the sandbox); production refuses that. */
export type WechatConfig =
  | { provider: 'sandbox' }
  | {
      provider: 'wechat';
      appId: string;
      appSecret: string;
      openBase: string;
      apiBase: string;
      mpBase: string;
    };

/** Without OSS keys our own server plays the bucket (the sandbox); production refuses that. */
export type OssConfig =
  | { provider: 'sandbox' }
  | {
      provider: 'aliyun';
      accessKeyId: string;
      accessKeySecret: string;
      /** https://<bucket>.oss-<region>.aliyuncs.com, where the browser posts files. */
      bucketHost: string;
      bucket: string;
    };

/**
 * Company names as members type them: without a Tianyancha token the embedded directory (our
 * table and certified members' companies); production refuses that.
 */
export type CompanyDirectoryConfig =
  { provider: 'embedded' } | { provider: 'tianyancha'; token: string; apiBase: string };

/**
 * Where parcels are: without a Kuaidi100 account the events staff enter (embedded); production
 * refuses that.
 */
export type ParcelTrackingConfig =
  | { provider: 'embedded' }
  | { provider: 'kuaidi100'; customer: string; key: string; endpoint: string };

export interface Config {
  nodeEnv: NodeEnv;
  isProduction: boolean;
  host: string;
  port: number;
  /** Absent: the server runs an embedded PostgreSQL under dataDir/pg. */
  databaseUrl: string | undefined;
  dataDir: string;
  webDistDir: string;
  jwt: { secret: string; issuer: string; audience: string; ttlSeconds: number };
  redisUrl: string | undefined;
  captcha: CaptchaConfig;
  sms: SmsConfig;
  memberAgreementVersion: string;
  logLevel: NonNullable<Env['LOG_LEVEL']>;
  trustProxy: TrustProxy;
  /**
   * The origins members may reach us at, never taken from a request's Host header: PUBLIC_ORIGIN,
   * or outside production the server's own (`http://localhost:<PORT>` and the addresses it
   * listens on). A request's Host only chooses among them; the first is the default.
   */
  publicOrigins: string[];
  wechat: WechatConfig;
  oss: OssConfig;
  companyDirectory: CompanyDirectoryConfig;
  parcelTracking: ParcelTrackingConfig;
  /** Calls a client address may make a minute (decision 0034). */
  rateLimits: {
    quotesPerMinute: number;
    companySearchesPerMinute: number;
    /** Public order-state look-ups (OrderState/Query) a minute per client address. */
    orderStatesPerMinute: number;
  };
  /**
   * Background jobs (decision 0038). Without workers the instance still enqueues; another
   * instance (or this one, started with workers) runs the jobs.
   */
  jobs: { workers: boolean; concurrency: number; pollIntervalMs: number };
  orders: {
    /** 待付款 longer than this many days: cancelled by the system (decision 0048). */
    unpaidCancelDays: number;
  };
  /**
   * The demo factory (product decisions §6, decision 0048): moves new orders of the demo
   * members through their life, one step per `paceMs` to twice that; null when off (always in
   * production, and by default in tests).
   */
  demoFactory: { paceMs: number } | null;
}

export type TrustProxy = boolean | string[] | ((address: string, hop: number) => boolean);

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

/** `true`, a hop count, or a comma-separated list of proxy addresses / CIDR ranges. */
function parseTrustProxy(value: string | undefined): TrustProxy {
  if (value === undefined || value === 'false') return false;
  if (value === 'true') return true;
  if (/^\d+$/.test(value)) {
    const hops = Number(value);
    return (_address: string, hop: number) => hop < hops;
  }
  return value
    .split(',')
    .map((v) => v.trim())
    .filter(Boolean);
}

const withoutTrailingSlash = (value: string) => value.replace(/\/+$/, '');

const LOOPBACK_HOSTS = new Set(['localhost', '127.0.0.1', '::1']);
const ANY_ADDRESS_HOSTS = new Set(['0.0.0.0', '::']);

/**
 * Without PUBLIC_ORIGIN (development, tests): the origins of this server itself. Loopback gives
 * localhost and 127.0.0.1; an "any address" HOST (0.0.0.0) adds every address of this machine
 * (a phone on the LAN); any other HOST is its own origin.
 */
export function serverOrigins(
  host: string,
  port: number,
  interfaces: NodeJS.Dict<NetworkInterfaceInfo[]> = networkInterfaces(),
): string[] {
  const origin = (address: string) =>
    new URL(`http://${address.includes(':') ? `[${address}]` : address}:${port}`).origin;
  const loopback = [origin('localhost'), origin('127.0.0.1')];
  if (LOOPBACK_HOSTS.has(host)) return loopback;
  if (!ANY_ADDRESS_HOSTS.has(host)) return [origin(host), ...loopback];
  const addresses = Object.values(interfaces)
    .flat()
    .filter((i): i is NetworkInterfaceInfo => i !== undefined && !i.internal)
    // A link-local IPv6 address needs a zone id no browser address bar takes.
    .filter((i) => !(i.family === 'IPv6' && i.address.toLowerCase().startsWith('fe80:')))
    .map((i) => origin(i.address));
  return [...new Set([...loopback, ...addresses])];
}

/** Collects every missing Aliyun setting so one start attempt names them all. */
function requireAll(env: Env, names: (keyof Env)[], why: string, problems: string[]): void {
  for (const name of names) {
    if (!env[name]) problems.push(`${name} is required when ${why}`);
  }
}

function productionProblems(env: Env): string[] {
  const problems: string[] = [];
  const secrets = [
    ['JWT_SECRET', env.JWT_SECRET, DEV_JWT_SECRET],
    ['ALTCHA_HMAC_KEY', env.ALTCHA_HMAC_KEY, DEV_ALTCHA_HMAC_KEY],
  ] as const;
  for (const [name, value, devDefault] of secrets) {
    if (value === devDefault)
      problems.push(`${name} must be set in production (the default is public)`);
    else if (value.length < MIN_SECRET_LENGTH)
      problems.push(`${name} must be at least ${MIN_SECRET_LENGTH} characters in production`);
  }
  if (env.SMS_PROVIDER === 'sandbox')
    problems.push('SMS_PROVIDER=sandbox cannot be used in production (no text would be sent)');
  if (!env.DATABASE_URL)
    problems.push(
      'DATABASE_URL is required in production (the embedded database is for development)',
    );
  if (!env.PUBLIC_ORIGIN)
    problems.push(
      'PUBLIC_ORIGIN is required in production (where WeChat sends members back; never taken from the Host header)',
    );
  if (!env.WECHAT_APP_ID) {
    for (const name of ['WECHAT_APP_ID', 'WECHAT_APP_SECRET'] as const) {
      if (!env[name])
        problems.push(
          `${name} is required in production (the WeChat sandbox cannot be used there)`,
        );
    }
  }
  if (!env.OSS_ACCESS_KEY_ID) {
    for (const name of ['OSS_ACCESS_KEY_ID', 'OSS_ACCESS_KEY_SECRET', 'OSS_BUCKET_HOST'] as const) {
      if (!env[name])
        problems.push(
          `${name} is required in production (the upload sandbox cannot be used there)`,
        );
    }
  }
  if (!env.TIANYANCHA_TOKEN)
    problems.push(
      'TIANYANCHA_TOKEN is required in production (the embedded company directory cannot be used there)',
    );
  if (!env.KUAIDI100_CUSTOMER) {
    for (const name of ['KUAIDI100_CUSTOMER', 'KUAIDI100_KEY'] as const) {
      if (!env[name])
        problems.push(
          `${name} is required in production (the embedded parcel tracking cannot be used there)`,
        );
    }
  }
  if (env.DEMO_FACTORY_PACE != null)
    problems.push(
      'DEMO_FACTORY_PACE cannot be used in production (the demo factory moves orders by itself; only off is accepted)',
    );
  return problems;
}

/** Each step a minute or two outside production and tests; never in production. */
const DEFAULT_DEMO_PACE_MS = 60_000;

function demoFactoryOf(env: Env): Config['demoFactory'] {
  if (env.NODE_ENV === 'production') return null;
  const paceMs =
    env.DEMO_FACTORY_PACE === undefined
      ? env.NODE_ENV === 'test'
        ? null
        : DEFAULT_DEMO_PACE_MS
      : env.DEMO_FACTORY_PACE;
  return paceMs === null ? null : { paceMs };
}

/**
 * Reads and checks the environment. Every problem is reported at once, so an operator fixes a
 * deployment in one round.
 */
export function loadConfig(source: Record<string, string | undefined> = process.env): Config {
  // An empty variable means "not set", as in most deployment tools.
  const present = Object.fromEntries(
    Object.entries(source).filter(([, v]) => v !== undefined && v.trim() !== ''),
  );
  const parsed = envSchema.safeParse(present);
  if (!parsed.success) {
    throw new ConfigError(
      parsed.error.issues.map((i) => `${i.path.join('.') || 'environment'} ${i.message}`),
    );
  }
  const env = parsed.data;
  const isProduction = env.NODE_ENV === 'production';
  const problems = isProduction ? productionProblems(env) : [];

  if (env.CAPTCHA_PROVIDER === 'aliyun') {
    requireAll(
      env,
      [
        'ALIYUN_CAPTCHA_ACCESS_KEY_ID',
        'ALIYUN_CAPTCHA_ACCESS_KEY_SECRET',
        'ALIYUN_CAPTCHA_SCENE_ID',
        'ALIYUN_CAPTCHA_PREFIX',
      ],
      'CAPTCHA_PROVIDER=aliyun',
      problems,
    );
  }
  if (env.SMS_PROVIDER === 'aliyun') {
    requireAll(
      env,
      [
        'ALIYUN_SMS_ACCESS_KEY_ID',
        'ALIYUN_SMS_ACCESS_KEY_SECRET',
        'ALIYUN_SMS_SIGN_NAME',
        'ALIYUN_SMS_TEMPLATE_CODE',
        'ALIYUN_SMS_REGISTERED_TEMPLATE_CODE',
        'ALIYUN_SMS_RELATION_TEMPLATE_CODE',
      ],
      'SMS_PROVIDER=aliyun',
      problems,
    );
  }
  if (env.WECHAT_APP_ID) {
    requireAll(env, ['WECHAT_APP_SECRET'], 'WECHAT_APP_ID is set', problems);
  }
  if (env.OSS_ACCESS_KEY_ID) {
    requireAll(
      env,
      ['OSS_ACCESS_KEY_SECRET', 'OSS_BUCKET_HOST'],
      'OSS_ACCESS_KEY_ID is set',
      problems,
    );
  }
  if (env.KUAIDI100_CUSTOMER) {
    requireAll(env, ['KUAIDI100_KEY'], 'KUAIDI100_CUSTOMER is set', problems);
  }
  if (problems.length > 0) throw new ConfigError(problems);

  const root = repoRoot();
  const altcha = { hmacKey: env.ALTCHA_HMAC_KEY, maxNumber: env.ALTCHA_MAX_NUMBER };
  const captcha: CaptchaConfig =
    env.CAPTCHA_PROVIDER === 'aliyun'
      ? {
          provider: 'aliyun',
          altcha,
          aliyun: {
            accessKeyId: env.ALIYUN_CAPTCHA_ACCESS_KEY_ID ?? '',
            accessKeySecret: env.ALIYUN_CAPTCHA_ACCESS_KEY_SECRET ?? '',
            sceneId: env.ALIYUN_CAPTCHA_SCENE_ID ?? '',
            prefix: env.ALIYUN_CAPTCHA_PREFIX ?? '',
            region: env.ALIYUN_CAPTCHA_REGION,
            endpoint:
              env.ALIYUN_CAPTCHA_ENDPOINT ??
              `https://captcha.${env.ALIYUN_CAPTCHA_REGION}.aliyuncs.com`,
          },
        }
      : { provider: 'altcha', altcha };
  const limits = {
    resendIntervalSeconds: env.SMS_RESEND_INTERVAL_SECONDS,
    dailyLimit: env.SMS_DAILY_LIMIT,
    ipDailyLimit: env.SMS_IP_DAILY_LIMIT,
  };
  const sms: SmsConfig =
    env.SMS_PROVIDER === 'aliyun'
      ? {
          ...limits,
          provider: 'aliyun',
          aliyun: {
            accessKeyId: env.ALIYUN_SMS_ACCESS_KEY_ID ?? '',
            accessKeySecret: env.ALIYUN_SMS_ACCESS_KEY_SECRET ?? '',
            signName: env.ALIYUN_SMS_SIGN_NAME ?? '',
            templateCode: env.ALIYUN_SMS_TEMPLATE_CODE ?? '',
            registeredTemplateCode: env.ALIYUN_SMS_REGISTERED_TEMPLATE_CODE ?? '',
            relationTemplateCode: env.ALIYUN_SMS_RELATION_TEMPLATE_CODE ?? '',
            mobileChangedTemplateCode: env.ALIYUN_SMS_MOBILE_CHANGED_TEMPLATE_CODE,
            endpoint: env.ALIYUN_SMS_ENDPOINT,
          },
        }
      : { ...limits, provider: 'sandbox' };

  const wechat: WechatConfig = env.WECHAT_APP_ID
    ? {
        provider: 'wechat',
        appId: env.WECHAT_APP_ID,
        appSecret: env.WECHAT_APP_SECRET ?? '',
        openBase: withoutTrailingSlash(env.WECHAT_OPEN_BASE),
        apiBase: withoutTrailingSlash(env.WECHAT_API_BASE),
        mpBase: withoutTrailingSlash(env.WECHAT_MP_BASE),
      }
    : { provider: 'sandbox' };
  const bucketHost = withoutTrailingSlash(env.OSS_BUCKET_HOST ?? '');
  const oss: OssConfig = env.OSS_ACCESS_KEY_ID
    ? {
        provider: 'aliyun',
        accessKeyId: env.OSS_ACCESS_KEY_ID,
        accessKeySecret: env.OSS_ACCESS_KEY_SECRET ?? '',
        bucketHost,
        // https://<bucket>.oss-cn-shenzhen.aliyuncs.com names its bucket first.
        bucket:
          env.OSS_BUCKET ?? (bucketHost ? new URL(bucketHost).hostname.split('.')[0] : '') ?? '',
      }
    : { provider: 'sandbox' };

  return {
    nodeEnv: env.NODE_ENV,
    isProduction,
    host: env.HOST,
    port: env.PORT,
    databaseUrl: env.DATABASE_URL,
    dataDir: path.resolve(env.DATA_DIR ?? path.join(root, '.data')),
    webDistDir: path.resolve(env.WEB_DIST_DIR ?? path.join(root, 'apps', 'web', 'dist')),
    jwt: {
      secret: env.JWT_SECRET,
      issuer: env.JWT_ISSUER,
      audience: env.JWT_AUDIENCE,
      ttlSeconds: env.ACCESS_TOKEN_TTL_SECONDS,
    },
    redisUrl: env.REDIS_URL,
    captcha,
    sms,
    memberAgreementVersion: env.MEMBER_AGREEMENT_VERSION,
    logLevel: env.LOG_LEVEL ?? (env.NODE_ENV === 'test' ? 'silent' : 'info'),
    trustProxy: parseTrustProxy(env.TRUST_PROXY),
    publicOrigins: env.PUBLIC_ORIGIN
      ? [new URL(env.PUBLIC_ORIGIN).origin]
      : serverOrigins(env.HOST, env.PORT),
    wechat,
    oss,
    companyDirectory: env.TIANYANCHA_TOKEN
      ? {
          provider: 'tianyancha',
          token: env.TIANYANCHA_TOKEN,
          apiBase: withoutTrailingSlash(env.TIANYANCHA_API_BASE),
        }
      : { provider: 'embedded' },
    parcelTracking: env.KUAIDI100_CUSTOMER
      ? {
          provider: 'kuaidi100',
          customer: env.KUAIDI100_CUSTOMER,
          key: env.KUAIDI100_KEY ?? '',
          endpoint: env.KUAIDI100_ENDPOINT,
        }
      : { provider: 'embedded' },
    rateLimits: {
      quotesPerMinute: env.QUOTE_RATE_LIMIT,
      companySearchesPerMinute: env.COMPANY_SEARCH_RATE_LIMIT,
      orderStatesPerMinute: env.ORDER_STATE_RATE_LIMIT,
    },
    jobs: {
      // Tests build many apps: only those that ask pay for the workers' connections and timers.
      workers: (env.JOB_WORKERS ?? (env.NODE_ENV === 'test' ? 'off' : 'on')) === 'on',
      concurrency: env.JOB_CONCURRENCY,
      pollIntervalMs: env.JOB_POLL_INTERVAL_MS,
    },
    orders: { unpaidCancelDays: env.ORDER_UNPAID_CANCEL_DAYS },
    demoFactory: demoFactoryOf(env),
  };
}
