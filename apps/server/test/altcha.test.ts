import { solveChallenge, type Challenge, type Solution } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/sha';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  decodeAltchaPayload,
  encodeAltchaPayload,
} from '../src/integrations/captcha/altcha-verifier';
import { buildTestApp, uniqueMobile, type TestApp } from './helper';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => t?.close());

async function solved(): Promise<{ challenge: Challenge; solution: Solution }> {
  const challenge = (await t.get<Challenge>('/api/Captcha/GetChallenge')).body.data;
  const solution = await solveChallenge({ challenge, deriveKey });
  if (!solution) throw new Error('not solved');
  return { challenge, solution };
}

const sendWith = (token: string) =>
  t.post('/api/MemberAuth/SendRegisterMessage', {
    mobile: uniqueMobile(),
    ncVerifyDto: { provider: 'altcha', token },
  });

describe('ALTCHA solutions', () => {
  it('carry the signed maximum in their challenge', async () => {
    const { challenge } = await solved();
    // testConfig sets ALTCHA_MAX_NUMBER=40.
    expect(challenge.parameters.data).toEqual({ maxNumber: 40 });
  });

  it('are refused with a number above the maximum, negative or not whole', async () => {
    for (const counter of [41, 1_000_000, -1, 1.5, Number.NaN]) {
      const { challenge, solution } = await solved();
      const res = await sendWith(
        encodeAltchaPayload({ challenge, solution: { ...solution, counter } }),
      );
      expect(res.status, String(counter)).toBe(400);
      expect(res.body.message).toBe('人机验证失败，请重试');
    }
  });

  it('are refused when the maximum was raised by the client', async () => {
    const { challenge, solution } = await solved();
    const raised = {
      ...challenge,
      parameters: { ...challenge.parameters, data: { maxNumber: 10_000_000 } },
    };
    const res = await sendWith(
      encodeAltchaPayload({ challenge: raised, solution: { ...solution, counter: 5_000_000 } }),
    );
    expect(res.status).toBe(400);
  });

  it('pass with the number found, once', async () => {
    const { challenge, solution } = await solved();
    const token = encodeAltchaPayload({ challenge, solution });
    expect(decodeAltchaPayload(token)?.solution.counter).toBeLessThanOrEqual(40);
    expect((await sendWith(token)).status).toBe(200);
    expect((await sendWith(token)).status).toBe(400);
  });
});
