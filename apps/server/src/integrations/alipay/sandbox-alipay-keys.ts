import { generateKeyPair } from 'node:crypto';
import { promisify } from 'node:util';
import type { Db } from '../../db/client';
import { alipaySandboxKey } from './sandbox-alipay.table';

export interface PemKeyPair {
  /** PKCS#8 PEM. */
  privateKey: string;
  /** SubjectPublicKeyInfo PEM. */
  publicKey: string;
}

export interface SandboxAlipayKeyPairs {
  /** The merchant application's pair: the adapter signs with it, the sandbox verifies. */
  merchant: PemKeyPair;
  /** The sandbox's "Alipay" pair: it signs answers and notifies, the adapter verifies. */
  alipay: PemKeyPair;
}

/** The sandbox's key pairs, read (or made) once per process and shared through the database. */
export type SandboxAlipayKeys = () => Promise<SandboxAlipayKeyPairs>;

const generate = promisify(generateKeyPair);

async function newPair(): Promise<PemKeyPair> {
  return generate('rsa', {
    modulusLength: 2048,
    publicKeyEncoding: { type: 'spki', format: 'pem' },
    privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
  });
}

async function readPairs(db: Db): Promise<Partial<SandboxAlipayKeyPairs>> {
  const rows = await db.select().from(alipaySandboxKey);
  const pairs: Partial<SandboxAlipayKeyPairs> = {};
  for (const row of rows) {
    if (row.name === 'merchant' || row.name === 'alipay') {
      pairs[row.name] = { privateKey: row.privateKey, publicKey: row.publicKey };
    }
  }
  return pairs;
}

/**
 * The pairs are made on first use by whichever instance comes first: each instance inserts
 * its own and keeps nothing on conflict, then everyone reads what the database holds, so every
 * instance (and every restart) signs and verifies with the same keys.
 */
export function sandboxAlipayKeys(db: Db): SandboxAlipayKeys {
  let loading: Promise<SandboxAlipayKeyPairs> | undefined;
  const load = async (): Promise<SandboxAlipayKeyPairs> => {
    let pairs = await readPairs(db);
    if (!pairs.merchant || !pairs.alipay) {
      const [merchant, alipay] = await Promise.all([newPair(), newPair()]);
      await db
        .insert(alipaySandboxKey)
        .values([
          { name: 'merchant', ...merchant },
          { name: 'alipay', ...alipay },
        ])
        .onConflictDoNothing();
      pairs = await readPairs(db);
    }
    if (!pairs.merchant || !pairs.alipay) throw new Error('Alipay sandbox keys missing');
    return { merchant: pairs.merchant, alipay: pairs.alipay };
  };
  return () => {
    loading ??= load().catch((error: unknown) => {
      loading = undefined;
      throw error;
    });
    return loading;
  };
}
