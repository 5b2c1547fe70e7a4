import { randomBytes, randomInt } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { solveChallenge, type Challenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/sha';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { Redis } from 'ioredis';
import pg from 'pg';
import { inject } from 'vitest';
import type { NcVerifyDto } from '@pcb/contract';
import { buildApp, type AppOptions } from '../src/app';
import { loadConfig, type Config } from '../src/config/env';
import { createDatabase, type Database } from '../src/db/client';
import { encodeAltchaPayload } from '../src/integrations/captcha/altcha-verifier';
import { createRedisStore } from '../src/integrations/store/redis-store';
import type { EphemeralStore } from '../src/integrations/store/store';
import { createPostgresStore } from '../src/integrations/store/postgres-store';
import { hashPassword } from '../src/lib/password';
import { databaseUrl } from './database-url';

export const TEST_REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

export interface TestClock {
  now: () => Date;
  advance: (ms: number) => void;
}

const CHINA_OFFSET_MS = 8 * 3600_000;
const DAY_MS = 24 * 3600_000;
/** Room a test file has to move its clock forward within one day of China time. */
const DAY_ROOM_MS = 6 * 3600_000;

/**
 * Now, unless China's day ends within a few hours: then just after that midnight, so a file
 * that moves its clock forward never crosses the day and its daily SMS limits reset midway.
 * Never earlier than the real time: ALTCHA challenges and tokens must not look expired.
 */
export function testClockStart(real = Date.now()): Date {
  const intoChinaDay = (real + CHINA_OFFSET_MS) % DAY_MS;
  const left = DAY_MS - intoChinaDay;
  return new Date(left < DAY_ROOM_MS ? real + left + 60_000 : real);
}

/** A clock tests move by hand; starts at (about) the real time so JWT and ALTCHA checks agree. */
export function createTestClock(start = testClockStart()): TestClock {
  let current = start.getTime();
  return {
    now: () => new Date(current),
    advance: (ms) => {
      current += ms;
    },
  };
}

/** A fresh database cloned from the migrated template (~20 ms). */
export async function createTestDatabase(): Promise<string> {
  const { adminUrl, template, prefix } = inject('testDatabase');
  const name = `${prefix}${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client(adminUrl);
  await admin.connect();
  try {
    for (let attempt = 0; ; attempt++) {
      try {
        await admin.query(`CREATE DATABASE ${name} TEMPLATE ${template}`);
        break;
      } catch (error) {
        // Two files cloning at the same instant can collide on the template; try again.
        if (attempt >= 5 || !String(error).includes('being accessed by other users')) throw error;
        await new Promise((r) => setTimeout(r, 50 * (attempt + 1)));
      }
    }
  } finally {
    await admin.end();
  }
  return databaseUrl(adminUrl, name);
}

async function dropDatabase(url: string): Promise<void> {
  const { adminUrl } = inject('testDatabase');
  const name = new URL(url).pathname.slice(1);
  const admin = new pg.Client(adminUrl);
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`).catch(() => undefined);
  await admin.end();
}

export function testConfig(url: string, env: Record<string, string> = {}): Config {
  return loadConfig({
    NODE_ENV: 'test',
    DATABASE_URL: url,
    WEB_DIST_DIR: '/nonexistent-web-dist',
    // Small proof of work keeps the suite fast; the rules are the same.
    ALTCHA_MAX_NUMBER: '40',
    // inject's requests arrive at http://localhost (port 80): that is this server's origin.
    PORT: '80',
    LOG_LEVEL: 'silent',
    ...env,
  });
}

export async function redisAnswers(url = TEST_REDIS_URL): Promise<boolean> {
  const store = createRedisStore(url, { keyPrefix: 'probe:' });
  try {
    await Promise.race([
      store.get('ping'),
      new Promise((_, reject) => setTimeout(() => reject(new Error('timeout')), 500)),
    ]);
    return true;
  } catch {
    return false;
  } finally {
    await store.close();
  }
}

async function deleteRedisKeys(prefix: string): Promise<void> {
  const redis = new Redis(TEST_REDIS_URL);
  try {
    let cursor = '0';
    do {
      const [next, keys] = await redis.scan(cursor, 'MATCH', `${prefix}*`, 'COUNT', 500);
      if (keys.length > 0) await redis.del(...keys);
      cursor = next;
    } while (cursor !== '0');
  } finally {
    redis.disconnect();
  }
}

export interface TestAppOptions {
  /** Share a database with another instance; a fresh one is created otherwise. */
  databaseUrl?: string;
  env?: Record<string, string>;
  clock?: TestClock;
  store?: 'postgres' | 'redis';
  /** Instances given the same prefix share Redis state. */
  redisPrefix?: string;
  /** Wraps the store the app gets (to count or fail calls); the wrapper is closed with it. */
  wrapStore?: (store: EphemeralStore) => EphemeralStore;
  overrides?: Partial<
    Pick<
      AppOptions,
      | 'captcha'
      | 'sms'
      | 'publicDir'
      | 'loggerInstance'
      | 'storage'
      | 'wechatHttp'
      | 'orderNotifier'
      | 'payments'
    >
  >;
}

type Json = Record<string, unknown>;
export interface ApiResponse<T = unknown> {
  status: number;
  body: { success: boolean; data: T; message: string; field?: string };
  raw: LightMyRequestResponse;
}

export interface TestApp {
  app: FastifyInstance;
  database: Database;
  databaseUrl: string;
  config: Config;
  clock: TestClock;
  store: EphemeralStore;
  get: <T = unknown>(
    url: string,
    options?: { token?: string; query?: Record<string, string> },
  ) => Promise<ApiResponse<T>>;
  post: <T = unknown>(
    url: string,
    body?: unknown,
    options?: { token?: string; ip?: string },
  ) => Promise<ApiResponse<T>>;
  patch: <T = unknown>(
    url: string,
    body?: unknown,
    options?: { token?: string },
  ) => Promise<ApiResponse<T>>;
  del: <T = unknown>(
    url: string,
    body?: unknown,
    options?: { token?: string },
  ) => Promise<ApiResponse<T>>;
  /** Any request, for cookies and other headers. */
  request: <T = unknown>(options: InjectOptions) => Promise<ApiResponse<T>>;
  /** Where the OSS sandbox keeps files (a temporary folder of this app). */
  dataDir: string;
  /** Fetches a challenge and solves it as the widget does. */
  solveCaptcha: () => Promise<NcVerifyDto>;
  outbox: (mobile: string) => Promise<{ mobile: string; text: string; sentAt: string }[]>;
  /** The 6-digit code in the newest text to this mobile. */
  lastCode: (mobile: string) => Promise<string>;
  /**
   * Calls an SMS-sending endpoint (with a solved captcha, a minute after the last text) and
   * returns the code texted to `mobile`. The body defaults to `{ mobile }`.
   */
  sendCode: (
    url: string,
    options: { mobile: string; body?: Record<string, unknown>; token?: string },
  ) => Promise<string>;
  /** Registers through the public endpoints; returns the access token. */
  register: (mobile: string, password?: string) => Promise<string>;
  /** Inserts a member directly (staff-created accounts, disabled ones). */
  createMember: (values: {
    mobile: string;
    password?: string;
    status?: 'inactive' | 'active' | 'disabled';
    userName?: string;
  }) => Promise<{ id: number; token: string }>;
  close: () => Promise<void>;
}

export const auth = (token: string) => ({ authorization: `Bearer ${token}` });

/** A random mobile: tests in one file share its database, so each uses its own number. */
export function uniqueMobile(): string {
  return `13${String(randomInt(0, 1_000_000_000)).padStart(9, '0')}`;
}

export async function buildTestApp(options: TestAppOptions = {}): Promise<TestApp> {
  const ownsDatabase = !options.databaseUrl;
  const url = options.databaseUrl ?? (await createTestDatabase());
  const ownsDataDir = !options.env?.DATA_DIR;
  const dataDir = options.env?.DATA_DIR ?? mkdtempSync(path.join(os.tmpdir(), 'pcb-test-data-'));
  const config = testConfig(url, { DATA_DIR: dataDir, ...options.env });
  const clock = options.clock ?? createTestClock();
  const database = createDatabase(url, { max: 5, onError: () => undefined });
  const redisPrefix = `test:${options.redisPrefix ?? randomBytes(6).toString('hex')}:`;
  const backend =
    options.store === 'redis'
      ? createRedisStore(TEST_REDIS_URL, { keyPrefix: redisPrefix })
      : createPostgresStore(database.db, clock.now);
  const store = options.wrapStore ? options.wrapStore(backend) : backend;
  const app = await buildApp({
    config,
    database,
    store,
    now: clock.now,
    ...options.overrides,
  });
  await app.ready();

  const request = async <T>(opts: InjectOptions): Promise<ApiResponse<T>> => {
    const raw = await app.inject(opts);
    let body: ApiResponse<T>['body'];
    try {
      body = raw.json();
    } catch {
      body = { success: false, data: null as T, message: raw.body };
    }
    return { status: raw.statusCode, body, raw };
  };

  const t: TestApp = {
    app,
    database,
    databaseUrl: url,
    config,
    clock,
    store,
    get: (path, opts = {}) =>
      request({
        method: 'GET',
        url: path,
        query: opts.query,
        headers: opts.token ? auth(opts.token) : {},
      }),
    post: (path, body, opts = {}) =>
      request({
        method: 'POST',
        url: path,
        payload: body as Json,
        headers: opts.token ? auth(opts.token) : {},
        remoteAddress: opts.ip,
      }),
    patch: (path, body, opts = {}) =>
      request({
        method: 'PATCH',
        url: path,
        payload: body as Json,
        headers: opts.token ? auth(opts.token) : {},
      }),
    del: (path, body, opts = {}) =>
      request({
        method: 'DELETE',
        url: path,
        payload: body as Json,
        headers: opts.token ? auth(opts.token) : {},
      }),
    request,
    dataDir,
    async solveCaptcha() {
      const res = await t.get<Challenge>('/api/Captcha/GetChallenge');
      const challenge = res.body.data;
      const solution = await solveChallenge({ challenge, deriveKey });
      if (!solution) throw new Error('ALTCHA challenge not solved');
      return { provider: 'altcha', token: encodeAltchaPayload({ challenge, solution }) };
    },
    async outbox(mobile) {
      const res = await t.get<{ mobile: string; text: string; sentAt: string }[]>(
        '/api/Sandbox/SmsOutbox',
        { query: { mobile } },
      );
      return res.body.data;
    },
    async lastCode(mobile) {
      const [latest] = await t.outbox(mobile);
      const code = latest ? /(\d{6})/.exec(latest.text)?.[1] : undefined;
      if (!code) throw new Error(`No code texted to ${mobile}`);
      return code;
    },
    async sendCode(url, { mobile, body = { mobile }, token }) {
      t.clock.advance(61_000);
      const res = await t.post(url, { ...body, ncVerifyDto: await t.solveCaptcha() }, { token });
      if (!res.body.success) throw new Error(`${url} failed: ${res.body.message}`);
      return t.lastCode(mobile);
    },
    async register(mobile, password = 'Passw0rd!') {
      const sent = await t.post('/api/MemberAuth/SendRegisterMessage', {
        mobile,
        ncVerifyDto: await t.solveCaptcha(),
      });
      if (!sent.body.success) throw new Error(`send failed: ${sent.body.message}`);
      const res = await t.post<{ accessToken: string }>('/api/MemberAuth/Register', {
        mobile,
        smsCode: await t.lastCode(mobile),
        password,
        agreement: true,
      });
      if (!res.body.success) throw new Error(`register failed: ${res.body.message}`);
      return res.body.data.accessToken;
    },
    async createMember(values) {
      const row = await app.modules.member.members.create({
        mobile: values.mobile,
        userName: values.userName ?? null,
        passwordHash: await hashPassword(values.password ?? 'Passw0rd!'),
        status: values.status ?? 'active',
        source: 'staff',
      });
      return { id: row.id, token: await app.modules.member.tokens.issue(row) };
    },
    async close() {
      await app.close();
      await store.close();
      if (options.store === 'redis') await deleteRedisKeys(redisPrefix);
      await database.pool.end();
      if (ownsDatabase) await dropDatabase(url);
      if (ownsDataDir) rmSync(dataDir, { recursive: true, force: true });
    },
  };
  return t;
}
