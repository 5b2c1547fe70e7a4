import { hash as argon2Hash } from '@node-rs/argon2';
import { describe, expect, it } from 'vitest';
import { createPinHasher } from './pin-hash';

const key = new Uint8Array(32).fill(7);
const hasher = createPinHasher(key);

describe('createPinHasher', () => {
  it('accepts the right six digits and refuses any other', async () => {
    const stored = hasher.hash('385917');
    expect(stored).toMatch(/^hmac-sha256\$[\w-]{22}\$[\w-]{43}$/);
    expect(await hasher.check(stored, '385917')).toBe('ok');
    expect(await hasher.check(stored, '385918')).toBe('wrong');
    expect(await hasher.check(stored, '')).toBe('wrong');
  });

  it('salts each hash: the same password never hashes the same twice', () => {
    expect(hasher.hash('385917')).not.toBe(hasher.hash('385917'));
  });

  it('gives nothing without the key: another key refuses the right password', async () => {
    const stored = hasher.hash('385917');
    expect(await createPinHasher(new Uint8Array(32).fill(8)).check(stored, '385917')).toBe('wrong');
  });

  it('accepts an argon2id hash written before as legacy, and refuses a wrong try against it', async () => {
    const stored = await argon2Hash('385917');
    expect(await hasher.check(stored, '385917')).toBe('legacy');
    expect(await hasher.check(stored, '000000')).toBe('wrong');
  });

  it('refuses a damaged hash rather than throwing', async () => {
    expect(await hasher.check('hmac-sha256$', '385917')).toBe('wrong');
    expect(await hasher.check('hmac-sha256$abc$', '385917')).toBe('wrong');
    expect(await hasher.check('hmac-sha256$abc$zz', '385917')).toBe('wrong');
    expect(await hasher.check('garbage', '385917')).toBe('wrong');
  });
});
