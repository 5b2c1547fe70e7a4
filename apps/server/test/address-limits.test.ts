import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defaultPcbParams, defaultStencilParams } from '@pcb/pricing';
import { buildTestApp, uniqueMobile, type TestApp } from './helper';

/**
 * Quotes (anyone's) and company suggestions (each maybe a paid registry call) have a budget
 * per client address and minute, reserved atomically in the shared store (decision 0034). The
 * budget is small here so that 60 parallel calls cross it.
 */
const PER_MINUTE = 20;
let t: TestApp;
let token: string;
beforeAll(async () => {
  t = await buildTestApp({
    env: {
      QUOTE_RATE_LIMIT: String(PER_MINUTE),
      COMPANY_SEARCH_RATE_LIMIT: String(PER_MINUTE),
    },
  });
  token = (await t.createMember({ mobile: uniqueMobile() })).token;
});
afterAll(async () => t?.close());

const quote = (ip: string, url = '/api/Pcb/CalcPrice', params: object = defaultPcbParams) =>
  t.app.inject({ method: 'POST', url, remoteAddress: ip, payload: { params } });

function expectLimited(res: Awaited<ReturnType<typeof quote>>, message: string) {
  expect(res.statusCode).toBe(429);
  expect(res.json()).toEqual({ success: false, data: null, message });
  const retryAfter = Number(res.headers['retry-after']);
  expect(retryAfter).toBeGreaterThanOrEqual(1);
  expect(retryAfter).toBeLessThanOrEqual(60);
}

describe('anonymous quoting', () => {
  it('answers 20 of 60 parallel quotes from one address, refuses the rest with 429 and Retry-After', async () => {
    const answers = await Promise.all(Array.from({ length: 60 }, () => quote('203.0.113.7')));
    const statuses = answers.map((a) => a.statusCode);
    expect(statuses.filter((s) => s === 200)).toHaveLength(PER_MINUTE);
    expect(statuses.filter((s) => s === 429)).toHaveLength(60 - PER_MINUTE);
    expectLimited(
      answers.find((a) => a.statusCode === 429)!,
      '计价请求过于频繁，请稍后再试',
    );

    // One budget for the three kinds of quote, from that address…
    expectLimited(
      await quote('203.0.113.7', '/api/Stencil/CalcPrice', defaultStencilParams),
      '计价请求过于频繁，请稍后再试',
    );
    // …not for another address…
    expect((await quote('203.0.113.8')).statusCode).toBe(200);
    // …and a new one the next minute.
    t.clock.advance(60_000);
    expect((await quote('203.0.113.7')).statusCode).toBe(200);
  });
});

describe('company suggestions', () => {
  it('answers 20 of 60 parallel searches from one address, and another address still', async () => {
    const search = (ip: string) =>
      t.app.inject({
        method: 'GET',
        url: `/api/MemberInfo/SearchCompany?keyword=${encodeURIComponent('电子')}`,
        remoteAddress: ip,
        headers: { authorization: `Bearer ${token}` },
      });
    const answers = await Promise.all(Array.from({ length: 60 }, () => search('198.51.100.4')));
    expect(answers.filter((a) => a.statusCode === 200)).toHaveLength(PER_MINUTE);
    expect(answers.filter((a) => a.statusCode === 429)).toHaveLength(60 - PER_MINUTE);
    expectLimited(
      answers.find((a) => a.statusCode === 429)!,
      '公司查询过于频繁，请稍后再试',
    );
    expect((await search('198.51.100.5')).statusCode).toBe(200);
  });
});

describe('a budget shared by instances, handed out in blocks', () => {
  it('lets at most the budget through two instances on one store, a block reserved at a time', async () => {
    // 36 a minute: each instance reserves 3 numbers at a time (a twelfth of the budget).
    const env = { QUOTE_RATE_LIMIT: '36' };
    const one = await buildTestApp({ env });
    const two = await buildTestApp({ env, databaseUrl: one.databaseUrl, clock: one.clock });
    try {
      const answers = await Promise.all(
        Array.from({ length: 60 }, (_, i) =>
          (i % 2 ? two : one).app.inject({
            method: 'POST',
            url: '/api/Pcb/CalcPrice',
            remoteAddress: '192.0.2.9',
            payload: { params: defaultPcbParams },
          }),
        ),
      );
      const answered = answers.filter((a) => a.statusCode === 200).length;
      expect(answers.every((a) => a.statusCode === 200 || a.statusCode === 429)).toBe(true);
      // Never more than the budget; at most a block's remainder stranded per instance.
      expect(answered).toBeLessThanOrEqual(36);
      expect(answered).toBeGreaterThanOrEqual(36 - 2 * 2);
      const store = await one.database.pool.query<{ value: string }>(
        "SELECT value FROM ephemeral_store WHERE key LIKE 'rate:quote:%:192.0.2.9'",
      );
      expect(Number(store.rows[0]?.value)).toBeGreaterThanOrEqual(answered);
    } finally {
      await two.close();
      await one.close();
    }
  });
});
