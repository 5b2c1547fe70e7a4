import { hash, verify } from '@node-rs/argon2';

// @node-rs/argon2 defaults to argon2id (19 MiB, 2 passes): the OWASP baseline, ~50 ms here.

export function hashPassword(password: string): Promise<string> {
  return hash(password);
}

/**
 * Verifying against this when the account does not exist keeps a failed login as slow as a
 * wrong password, so timing does not tell which accounts exist.
 */
let dummyHash: Promise<string> | undefined;

export async function verifyPassword(
  passwordHash: string | null | undefined,
  password: string,
): Promise<boolean> {
  if (!passwordHash) {
    dummyHash ??= hash('not-a-real-password-0');
    await verify(await dummyHash, password).catch(() => false);
    return false;
  }
  return verify(passwordHash, password).catch(() => false);
}
