import { afterEach, describe, expect, it, vi } from 'vitest';
import { createChallenge, verifySolution } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/sha';

const secret = 'a-test-secret-that-is-long-enough-for-hmac';

// The browser's SHA-256 must not be reached on a page without a secure context.
vi.mock('altcha-lib/algorithms/web/sha', () => ({
  deriveKey: () => Promise.reject(new Error('crypto.subtle used')),
}));

async function challenge() {
  const created = await createChallenge({
    algorithm: 'SHA-256',
    cost: 1,
    counter: 700,
    deriveKey,
    hmacSignatureSecret: secret,
  });
  return { parameters: { ...created.parameters }, signature: created.signature };
}

function decode(token: string) {
  return JSON.parse(Buffer.from(token, 'base64').toString('utf8')) as Parameters<
    typeof verifySolution
  >[0];
}

afterEach(() => {
  vi.unstubAllGlobals();
  vi.resetModules();
});

describe('solveAltcha without a secure context', () => {
  it('solves with the pure-JS SHA-256 when crypto.subtle is missing, as the server verifies', async () => {
    const issued = await challenge();
    const webCrypto = globalThis.crypto;
    // As on http://192.168.x.x: crypto exists, crypto.subtle does not.
    vi.stubGlobal('crypto', { getRandomValues: webCrypto.getRandomValues.bind(webCrypto) });
    const solver = await import('./altcha-solver');
    expect(solver.hasWebCrypto()).toBe(false);
    const token = await solver.solveAltcha(issued);
    vi.unstubAllGlobals();

    const payload = decode(token);
    expect(payload.challenge).toEqual(issued);
    expect(payload.solution.counter).toBe(700);
    const result = await verifySolution({
      challenge: payload.challenge,
      solution: payload.solution,
      deriveKey,
      hmacSignatureSecret: secret,
    });
    expect(result.verified).toBe(true);
  });
});
