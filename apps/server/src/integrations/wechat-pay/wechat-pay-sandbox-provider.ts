import { createPublicKey } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client';
import type { Clock } from '../../lib/clock';
import type { PaymentProvider } from '../payment/payment-provider';
import { inProcessPayClient } from './pay-http';
import { SANDBOX_WECHAT_PAY_MCH_ID, sandboxPayKeys } from './sandbox-keys';
import { SANDBOX_WECHAT_PAY_PATH } from './wechat-pay-sandbox';
import { createWechatPayProvider, wechatPayNotifyReply } from './wechat-pay-provider';

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
 * on our own origin: the signing, verifying and decrypting code is the production code. The keys
 * are read from the database on first use, so the provider exists before the app is ready.
 */
export function wechatPaySandboxProvider(
  options: WechatPaySandboxProviderOptions,
): PaymentProvider {
  const keys = sandboxPayKeys(options.db);
  let ready: Promise<PaymentProvider> | undefined;
  const provider = () => {
    ready ??= keys()
      .then((loaded) =>
        createWechatPayProvider(
          {
            mchId: loaded.mchid,
            appId: options.appId,
            miniProgramAppId: options.miniProgramAppId,
            merchantPrivateKey: loaded.merchantPrivateKey,
            merchantSerialNo: loaded.merchantSerialNo,
            apiV3Key: loaded.apiV3Key,
            wechatPayPublicKey: {
              id: loaded.publicKeyId,
              pem: createPublicKey(loaded.platformPrivateKey)
                .export({ type: 'spki', format: 'pem' })
                .toString(),
            },
            apiBase: `${new URL(options.origin).origin}${SANDBOX_WECHAT_PAY_PATH}`,
          },
          { http: inProcessPayClient(options.app), now: options.now },
        ),
      )
      .catch((error: unknown) => {
        ready = undefined;
        throw error;
      });
    return ready;
  };
  return {
    channel: 'wechat',
    merchantId: SANDBOX_WECHAT_PAY_MCH_ID,
    scenes: options.miniProgramAppId ? ['jsapi', 'miniprogram', 'h5'] : ['jsapi', 'h5'],
    create: async (input) => (await provider()).create(input),
    verifyNotify: async (request) => (await provider()).verifyNotify(request),
    notifyReply: wechatPayNotifyReply,
    query: async (outTradeNo) => (await provider()).query(outTradeNo),
    close: async (outTradeNo) => (await provider()).close(outTradeNo),
    refund: async (input) => (await provider()).refund(input),
    queryRefund: async (outTradeNo, outRefundNo) =>
      (await provider()).queryRefund(outTradeNo, outRefundNo),
  };
}
