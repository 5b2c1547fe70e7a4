import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import { createDatabase } from '../src/db/client';
import {
  buildTestApp,
  createTestClock,
  createTestDatabase,
  redisAnswers,
  TEST_REDIS_URL,
  testConfig,
  uniqueMobile,
  type TestApp,
} from './helper';

const redisUp = await redisAnswers();

/**
 * Two app instances on one database (and one Redis when configured), as behind a load
 * balancer: nothing that matters may live in one process's memory.
 */
describe.each([
  { backend: 'postgres' as const, skip: false },
  { backend: 'redis' as const, skip: !redisUp },
])('two instances sharing the $backend store', ({ backend, skip }) => {
  let a: TestApp;
  let b: TestApp;
  beforeAll(async () => {
    if (skip) return;
    const databaseUrl = await createTestDatabase();
    const clock = createTestClock();
    const redisPrefix = `two:${Date.now()}`;
    a = await buildTestApp({ databaseUrl, clock, store: backend, redisPrefix });
    b = await buildTestApp({ databaseUrl, clock, store: backend, redisPrefix });
  });
  afterAll(async () => {
    await a?.close();
    await b?.close();
  });

  it.skipIf(skip)('verifies on one instance a code sent through the other', async () => {
    const mobile = uniqueMobile();
    const sent = await a.post('/api/MemberAuth/SendRegisterMessage', {
      mobile,
      ncVerifyDto: await a.solveCaptcha(),
    });
    expect(sent.status).toBe(200);
    const res = await b.post<{ accessToken: string }>('/api/MemberAuth/Register', {
      mobile,
      smsCode: await a.lastCode(mobile),
      password: 'Secret123',
      agreement: true,
    });
    expect(res.status).toBe(200);
    expect((await a.get('/api/MemberInfo/Get', { token: res.body.data.accessToken })).status).toBe(
      200,
    );
  });

  it.skipIf(skip)('refuses on one instance a captcha solution used on the other', async () => {
    const dto = await a.solveCaptcha();
    const mobile = uniqueMobile();
    const first = await a.post('/api/MemberAuth/SendRegisterMessage', { mobile, ncVerifyDto: dto });
    expect(first.status).toBe(200);
    const replay = await b.post('/api/MemberAuth/SendRegisterMessage', {
      mobile: uniqueMobile(),
      ncVerifyDto: dto,
    });
    expect(replay.status).toBe(400);
    expect(replay.body.message).toBe('人机验证失败，请重试');
  });

  it.skipIf(skip)('shares the resend interval', async () => {
    const mobile = uniqueMobile();
    expect(
      (
        await a.post('/api/MemberAuth/SendRegisterMessage', {
          mobile,
          ncVerifyDto: await a.solveCaptcha(),
        })
      ).status,
    ).toBe(200);
    const again = await b.post('/api/MemberAuth/SendRegisterMessage', {
      mobile,
      ncVerifyDto: await b.solveCaptcha(),
    });
    expect(again.status).toBe(429);
  });
});

describe.skipIf(!redisUp)('REDIS_URL', () => {
  it('moves the ephemeral state to Redis', async () => {
    const url = await createTestDatabase();
    const database = createDatabase(url, { max: 2 });
    const app = await buildApp({
      config: testConfig(url, { REDIS_URL: TEST_REDIS_URL }),
      database,
    });
    const redis = new Redis(TEST_REDIS_URL);
    const key = `probe:${Date.now()}`;
    try {
      await app.platform.store.set(key, 'here', 5_000);
      expect(await redis.get(`pcb:${key}`)).toBe('here');
      const rows = await database.pool.query('SELECT 1 FROM ephemeral_store');
      expect(rows.rowCount).toBe(0);
    } finally {
      await redis.del(`pcb:${key}`);
      redis.disconnect();
      await app.close();
      await database.pool.end();
    }
  });
});
