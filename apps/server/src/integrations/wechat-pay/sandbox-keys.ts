import { generateKeyPair, randomBytes, randomInt } from 'node:crypto';
import { promisify } from 'node:util';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { wechatPaySandboxKeys } from './wechat-pay-sandbox.table';

const generateRsa = promisify(generateKeyPair);

/** The sandbox merchant: WeChat Pay's documented example mchid. */
export const SANDBOX_WECHAT_PAY_MCH_ID = '1900000109';

export interface SandboxPayKeys {
  mchid: string;
  /** PKCS#8 PEM: what the merchant signs requests and paySigns with. */
  merchantPrivateKey: string;
  merchantSerialNo: string;
  /** PKCS#8 PEM: what "WeChat Pay" signs answers and notifies with (public key mode). */
  platformPrivateKey: string;
  publicKeyId: string;
  apiV3Key: string;
}

const ALPHANUMERIC = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

async function rsaPrivateKey(): Promise<string> {
  const { privateKey } = await generateRsa('rsa', {
    modulusLength: 2048,
    privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
    publicKeyEncoding: { type: 'spki', format: 'pem' },
  });
  return privateKey;
}

/**
 * The sandbox's key pairs and APIv3 key: made once, kept in PostgreSQL, the same for every
 * instance. Two instances starting together both generate; the insert keeps the first and
 * both read that one.
 */
export async function loadSandboxPayKeys(
  db: Db,
  mchid = SANDBOX_WECHAT_PAY_MCH_ID,
): Promise<SandboxPayKeys> {
  const read = async () =>
    (await db.select().from(wechatPaySandboxKeys).where(eq(wechatPaySandboxKeys.mchid, mchid)))[0];
  let row = await read();
  if (!row) {
    const [merchantPrivateKey, platformPrivateKey] = await Promise.all([
      rsaPrivateKey(),
      rsaPrivateKey(),
    ]);
    await db
      .insert(wechatPaySandboxKeys)
      .values({
        mchid,
        merchantPrivateKey,
        merchantSerialNo: randomBytes(20).toString('hex').toUpperCase(),
        platformPrivateKey,
        publicKeyId: `PUB_KEY_ID_01${Array.from({ length: 28 }, () => randomInt(10)).join('')}`,
        apiV3Key: Array.from(
          { length: 32 },
          () => ALPHANUMERIC[randomInt(ALPHANUMERIC.length)],
        ).join(''),
      })
      .onConflictDoNothing();
    row = await read();
  }
  if (!row) throw new Error('WeChat Pay sandbox: keys could not be stored');
  return {
    mchid: row.mchid,
    merchantPrivateKey: row.merchantPrivateKey,
    merchantSerialNo: row.merchantSerialNo,
    platformPrivateKey: row.platformPrivateKey,
    publicKeyId: row.publicKeyId,
    apiV3Key: row.apiV3Key,
  };
}

/**
 * `loadSandboxPayKeys` once per process, for what needs the keys only when it first runs (the
 * sandbox provider, the notify jobs); a failed load is tried again on the next call.
 */
export function sandboxPayKeys(db: Db): () => Promise<SandboxPayKeys> {
  let loading: Promise<SandboxPayKeys> | undefined;
  return () => {
    loading ??= loadSandboxPayKeys(db).catch((error: unknown) => {
      loading = undefined;
      throw error;
    });
    return loading;
  };
}
