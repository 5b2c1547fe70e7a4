import { networkInterfaces, type NetworkInterfaceInfo } from 'node:os';
import path from 'node:path';
import { z } from 'zod';
import { integrations } from '../integrations';
import type { IntegrationTypes } from '../integrations/integration';
import { repoRoot } from '../lib/paths';
import { intSetting, issueLines, secretProblems, text, textOr, url } from '../lib/settings';

/** Development default. Production refuses to start while it (or any sandbox) is in use. */
export const DEV_JWT_SECRET = 'dev-only-jwt-secret-do-not-use-in-production';

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
  DATABASE_URL: url(),
  DATA_DIR: text(),
  WEB_DIST_DIR: text(),
  JWT_SECRET: textOr(DEV_JWT_SECRET),
  JWT_ISSUER: textOr('pcb-member-centre'),
  JWT_AUDIENCE: textOr('member'),
  ACCESS_TOKEN_TTL_SECONDS: intSetting(86_400, 60, 30 * 86_400),
  REDIS_URL: url(),
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
  PUBLIC_ORIGIN: url(),
  /** Whether this instance runs job workers and schedules; off by default under NODE_ENV=test. */
  JOB_WORKERS: z.enum(['on', 'off'], { error: 'must be on or off' }).optional(),
  JOB_CONCURRENCY: intSetting(2, 1, 50),
  /** How often idle workers look for delayed and retried jobs (jobs due now arrive at once). */
  JOB_POLL_INTERVAL_MS: intSetting(2000, 50, 60_000),
  /** Days an order may wait in 待付款 before it is cancelled (product decisions §2). */
  ORDER_UNPAID_CANCEL_DAYS: intSetting(7, 1, 365),
  /** The demo factory's pace (product decisions §6); refused in production. */
  DEMO_FACTORY_PACE: demoPace,
});

type Env = z.infer<typeof envSchema>;
export type NodeEnv = Env['NODE_ENV'];

/** Each outside service's own settings, `config.<name>` (`src/integrations/index.ts`). */
type IntegrationSettings = IntegrationTypes<typeof integrations>['settings'];

export interface Config extends IntegrationSettings {
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
  memberAgreementVersion: string;
  logLevel: NonNullable<Env['LOG_LEVEL']>;
  trustProxy: TrustProxy;
  /**
   * The origins members may reach us at, never taken from a request's Host header: PUBLIC_ORIGIN,
   * or outside production the server's own (`http://localhost:<PORT>` and the addresses it
   * listens on). A request's Host only chooses among them; the first is the default.
   */
  publicOrigins: string[];
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

/** The core's own refusals; each integration adds its own (a sandbox, a public secret). */
function productionProblems(env: Env): string[] {
  const problems = secretProblems('JWT_SECRET', env.JWT_SECRET, DEV_JWT_SECRET);
  if (!env.DATABASE_URL)
    problems.push(
      'DATABASE_URL is required in production (the embedded database is for development)',
    );
  if (!env.PUBLIC_ORIGIN)
    problems.push(
      'PUBLIC_ORIGIN is required in production (where WeChat sends members back; never taken from the Host header)',
    );
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
    Object.entries(source).filter(
      (entry): entry is [string, string] => entry[1] !== undefined && entry[1].trim() !== '',
    ),
  );
  const parsed = envSchema.safeParse(present);
  const outside = integrations.readEnv(present);
  const issues = [
    ...(parsed.success ? [] : issueLines(parsed.error.issues)),
    ...(outside.ok ? [] : outside.issues),
  ];
  if (!parsed.success || !outside.ok) throw new ConfigError(issues);
  const env = parsed.data;
  const isProduction = env.NODE_ENV === 'production';
  const problems = [
    ...(isProduction ? productionProblems(env) : []),
    ...outside.problems({ isProduction }),
  ];
  if (problems.length > 0) throw new ConfigError(problems);

  const root = repoRoot();
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
    memberAgreementVersion: env.MEMBER_AGREEMENT_VERSION,
    logLevel: env.LOG_LEVEL ?? (env.NODE_ENV === 'test' ? 'silent' : 'info'),
    trustProxy: parseTrustProxy(env.TRUST_PROXY),
    publicOrigins: env.PUBLIC_ORIGIN
      ? [new URL(env.PUBLIC_ORIGIN).origin]
      : serverOrigins(env.HOST, env.PORT),
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
    ...outside.settings(),
  };
}
