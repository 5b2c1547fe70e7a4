import { createPublicKey } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client';
import type { Clock } from '../../lib/clock';
import type { PaymentProvider } from '../payment/payment-provider';
import { inProcessPayClient } from './pay-http';
import { loadSandboxPayKeys } from './sandbox-keys';
import { SANDBOX_WECHAT_PAY_PATH } from './wechat-pay-sandbox';
import { createWechatPayProvider } from './wechat-pay-provider';

export interface WechatPaySandboxProviderOptions {
  app: FastifyInstance;
  db: Db;
  /** Our public origin; the adapter's API base is the sandbox on it, reached in process. */
  origin: string;
  /** The official account's appid (the sandbox WeChat's, for openids it hands out). */
  appId: string;
  miniProgramAppId?: string | undefined;
  now?: Clock;
}

/**
 * The production adapter, configured with the sandbox merchant's keys and pointed at the sandbox
 * on our own origin: the signing, verifying and decrypting code is the production code.
 */
export async function wechatPaySandboxProvider(
  options: WechatPaySandboxProviderOptions,
): Promise<PaymentProvider> {
  const keys = await loadSandboxPayKeys(options.db);
  return createWechatPayProvider(
    {
      mchId: keys.mchid,
      appId: options.appId,
      miniProgramAppId: options.miniProgramAppId,
      merchantPrivateKey: keys.merchantPrivateKey,
      merchantSerialNo: keys.merchantSerialNo,
      apiV3Key: keys.apiV3Key,
      wechatPayPublicKey: {
        id: keys.publicKeyId,
        pem: createPublicKey(keys.platformPrivateKey)
          .export({ type: 'spki', format: 'pem' })
          .toString(),
      },
      apiBase: `${new URL(options.origin).origin}${SANDBOX_WECHAT_PAY_PATH}`,
    },
    { http: inProcessPayClient(options.app), now: options.now },
  );
}
