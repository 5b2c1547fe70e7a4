import type { AltchaChallenge } from '@pcb/contract';
import type { solveChallenge } from 'altcha-lib';
import type { DeriveKeyFunction } from 'altcha-lib/types';

interface Solver {
  solveChallenge: typeof solveChallenge;
  deriveKey: DeriveKeyFunction;
}

let solverModule: Promise<Solver> | null = null;

/**
 * The browser's SHA-256 exists only in secure contexts (HTTPS, localhost): over http on a LAN
 * address, as when a phone tries a `HOST=0.0.0.0` server, `crypto.subtle` is undefined.
 */
export function hasWebCrypto(): boolean {
  return typeof crypto !== 'undefined' && typeof crypto.subtle?.digest === 'function';
}

/**
 * Starts loading the solver: altcha-lib's search loop with the browser's SHA-256, or with a
 * pure-JS SHA-256 where the page has no secure context. Only screens with a verification
 * call this, and only the hash the page needs is downloaded.
 */
export function preloadAltcha(): Promise<Solver> {
  solverModule ??= Promise.all([
    import('altcha-lib'),
    hasWebCrypto() ? import('altcha-lib/algorithms/web/sha') : import('./sha-fallback'),
  ]).then(
    ([lib, sha]) => ({ solveChallenge: lib.solveChallenge, deriveKey: sha.deriveKey }),
    (error: unknown) => {
      solverModule = null;
      throw error;
    },
  );
  return solverModule;
}

/** How long a search may run before the member is asked to retry. */
const SOLVE_TIMEOUT_MS = 30_000;

function toBase64(text: string): string {
  let binary = '';
  for (const byte of new TextEncoder().encode(text)) binary += String.fromCharCode(byte);
  return btoa(binary);
}

/**
 * Solves a proof-of-work challenge (about a thousand hashes, a few milliseconds) and returns
 * the base64 `{challenge, solution}` payload that altcha-lib's verifySolution checks on the
 * server. The search runs on the page: it is too short to be worth a worker, and needs none
 * of the browser features that only secure contexts have.
 */
export async function solveAltcha(
  challenge: AltchaChallenge,
  signal?: AbortSignal,
): Promise<string> {
  const { solveChallenge, deriveKey } = await preloadAltcha();
  signal?.throwIfAborted();
  const controller = new AbortController();
  signal?.addEventListener('abort', () => controller.abort(signal.reason), { once: true });
  let solution: Awaited<ReturnType<Solver['solveChallenge']>>;
  try {
    solution = await solveChallenge({
      challenge,
      deriveKey,
      controller,
      timeout: SOLVE_TIMEOUT_MS,
    });
  } catch {
    throw new Error('人机验证失败，请重试');
  }
  signal?.throwIfAborted();
  if (!solution) throw new Error('人机验证超时，请重试');
  return toBase64(JSON.stringify({ challenge, solution }));
}
