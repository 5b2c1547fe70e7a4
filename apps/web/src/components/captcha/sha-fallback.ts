import { sha256, sha384, sha512 } from '@noble/hashes/sha2.js';
import type { DeriveKeyFunction } from 'altcha-lib/types';

const hashes = { 'SHA-256': sha256, 'SHA-384': sha384, 'SHA-512': sha512 } as const;

/**
 * altcha-lib's SHA key derivation (algorithms/web/sha) with a pure-JS hash, for pages without
 * a secure context, where `crypto.subtle` does not exist: `cost` rounds over salt + password,
 * each round hashing the whole previous digest, truncated to `keyLength` at the end.
 */
export const deriveKey: DeriveKeyFunction = (parameters, salt, password) => {
  const hash = hashes[parameters.algorithm as keyof typeof hashes];
  if (!hash) return Promise.reject(new Error(`Unsupported algorithm: ${parameters.algorithm}`));
  let key = new Uint8Array(salt.length + password.length);
  key.set(salt, 0);
  key.set(password, salt.length);
  for (let i = 0; i < Math.max(1, parameters.cost); i++) key = hash(key);
  return Promise.resolve({ derivedKey: key.slice(0, parameters.keyLength ?? 32) });
};
