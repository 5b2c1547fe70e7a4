import { createHmac } from 'node:crypto';
import {
  createChallenge,
  randomInt,
  verifySolution,
  type Challenge,
  type Solution,
} from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/sha';
import type { EphemeralStore } from '../store/store';
import type { HumanVerifier } from './captcha';

const CHALLENGE_TTL_MS = 5 * 60_000;
/**
 * One SHA-256 per counter step: with the counter below ALTCHA_MAX_NUMBER (~1000) a low-end
 * phone finishes in well under a second (stack-notes), while each try still costs a script
 * a round trip and real work.
 */
const ALGORITHM = 'SHA-256';
const COST = 1;

interface AltchaPayload {
  challenge: Challenge;
  solution: Solution;
}

/** The widget's result: base64 of `{challenge, solution}`. */
export function decodeAltchaPayload(token: string): AltchaPayload | null {
  try {
    const parsed = JSON.parse(
      Buffer.from(token, 'base64').toString('utf8'),
    ) as Partial<AltchaPayload>;
    if (!parsed.challenge?.parameters || typeof parsed.challenge.signature !== 'string')
      return null;
    if (!parsed.solution || typeof parsed.solution !== 'object') return null;
    return parsed as AltchaPayload;
  } catch {
    return null;
  }
}

/**
 * The solution's counter is a whole number from 0 to the challenge's signed maximum (the
 * signature itself is checked by verifySolution): the fast check of the derived key alone would
 * take any number.
 */
function withinMaxNumber({ challenge, solution }: AltchaPayload): boolean {
  const maxNumber = challenge.parameters.data?.maxNumber;
  return (
    typeof maxNumber === 'number' &&
    Number.isSafeInteger(solution.counter) &&
    solution.counter >= 0 &&
    solution.counter <= maxNumber
  );
}

export function encodeAltchaPayload(payload: AltchaPayload): string {
  return Buffer.from(JSON.stringify(payload)).toString('base64');
}

/**
 * ALTCHA v2, self-hosted proof of work (https://altcha.org). Challenges are signed with our
 * HMAC key, carry their expiry (5 minutes) inside the signed parameters, and each accepted
 * solution is recorded in the shared store until then: usable once, on any instance.
 */
export function createAltchaVerifier(options: {
  hmacKey: string;
  maxNumber: number;
  store: EphemeralStore;
}): HumanVerifier {
  // A second secret signs the expected key, so verifying costs one HMAC instead of a re-derive.
  const keySignatureSecret = createHmac('sha256', options.hmacKey)
    .update('altcha-key-signature')
    .digest('hex');

  return {
    provider: 'altcha',
    publicConfig: () => ({ provider: 'altcha' }),

    async createChallenge() {
      const challenge = await createChallenge({
        algorithm: ALGORITHM,
        cost: COST,
        counter: randomInt(options.maxNumber, Math.ceil(options.maxNumber / 2)),
        deriveKey,
        // Signed with the rest: the largest counter a solution of this challenge may carry.
        data: { maxNumber: options.maxNumber },
        expiresAt: new Date(Date.now() + CHALLENGE_TTL_MS),
        hmacSignatureSecret: options.hmacKey,
        hmacKeySignatureSecret: keySignatureSecret,
      });
      return { parameters: { ...challenge.parameters }, signature: challenge.signature };
    },

    async verify(dto) {
      if (dto.provider !== 'altcha') return false;
      const payload = decodeAltchaPayload(dto.token);
      // A challenge without an expiry would be replayable forever once the record is purged.
      if (!payload?.challenge.signature || !payload.challenge.parameters.expiresAt) return false;
      if (!withinMaxNumber(payload)) return false;
      const result = await verifySolution({
        challenge: payload.challenge,
        solution: payload.solution,
        deriveKey,
        hmacSignatureSecret: options.hmacKey,
        hmacKeySignatureSecret: keySignatureSecret,
      }).catch(() => null);
      if (!result?.verified) return false;
      const ttl = payload.challenge.parameters.expiresAt * 1000 - Date.now();
      return options.store.setIfAbsent(
        `captcha:altcha:${payload.challenge.signature}`,
        '1',
        Math.max(ttl, 1_000),
      );
    },
  };
}
