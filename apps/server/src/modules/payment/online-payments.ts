import { randomBytes } from 'node:crypto';
import type { OnlinePayment, OrderKind, PayScene } from '@pcb/contract';
import { orderKindRegistry } from '@pcb/pricing';
import type { FastifyBaseLogger } from 'fastify';
import type { Tx } from '../../db/client';
import { AppError } from '../../http/errors';
import type {
  PaymentChannel,
  PaymentLaunch,
  PaymentProvider,
} from '../../integrations/payment/payment-provider';
import type { Clock } from '../../lib/clock';
import type { JobQueue } from '../../lib/jobs/job';
import type { WechatApi } from '../wechat/wechat.module';
import type { PayTokens } from './pay-tokens';
import { expireJob, expireJobKey } from './payment-jobs';
import type { PaymentRepository } from './payment.repository';
import type { AttemptPurpose, PaymentAttemptRow } from './payment.table';
import type { Settlement } from './settlement';

/** How long the member has to pay online before the provider closes the payment. */
export const PAYMENT_TTL_MS = 30 * 60_000;
/** After the provider closed it, we ask once more and close ours (a notify may be late). */
const EXPIRY_GRACE_MS = 2 * 60_000;

export const CHANNEL_UNAVAILABLE_MESSAGE = '暂不支持该支付方式，请选择其他方式';
export const SCENE_UNAVAILABLE_MESSAGE = '该支付方式不支持当前环境，请选择其他方式';
export const WECHAT_IDENTITY_MESSAGE = '请在微信中打开后再使用微信支付';
export const PROVIDER_DOWN_MESSAGE = '支付服务暂时不可用，请稍后再试或选择其他支付方式';

/** What the member sees on the provider's page. */
export const orderSubject = (kind: OrderKind, orderNo: string) =>
  `${orderKindRegistry[kind].name}订单 ${orderNo}`;
export const RECHARGE_SUBJECT = '会员余额充值';

/** Our payment number: a letter for what it pays, the time, and randomness (≤ 32 characters). */
const outTradePrefix = { order: 'P', recharge: 'R', bill: 'B' } as const;
const newOutTradeNo = (prefix: 'P' | 'R' | 'B', at: Date) =>
  `${prefix}${at.toISOString().replace(/\D/g, '').slice(0, 14)}${randomBytes(8).toString('hex')}`;

export interface OnlineChoice {
  channel: PaymentChannel;
  scene: PayScene;
  wxOpenId?: string | undefined;
}

export interface ResolvedChoice {
  provider: PaymentProvider;
  channel: PaymentChannel;
  scene: PayScene;
  openId: string | undefined;
}

/**
 * Starting an online payment (an order's online part, a top-up): the provider the member chose
 * (from the platform, `payments[channel]`), our attempt row written in the caller's
 * transaction with its expiry job, then — after the commit — the provider's `create`, whose
 * answer is kept on the attempt so a retried request hands the same one out.
 */
export function createOnlinePayments(deps: {
  repository: PaymentRepository;
  payments: Partial<Record<PaymentChannel, PaymentProvider>>;
  wechat: Pick<WechatApi, 'openIdOf' | 'hasMiniProgram'>;
  payTokens: PayTokens;
  settlement: () => Settlement;
  jobs: JobQueue;
  origin: () => string;
  now: Clock;
  log: FastifyBaseLogger;
}) {
  const { repository } = deps;
  const notifyUrl = (channel: PaymentChannel) => `${deps.origin()}/api/payment-notify/${channel}`;

  return {
    notifyUrl,

    /**
     * The provider, scene and WeChat identity asked for; 400 when one cannot be used here. The
     * mini-program needs no identity from the page: its pay page logs in (decision 0057), so
     * the scene needs a mini-program whose logins give openids.
     */
    resolve(choice: OnlineChoice): ResolvedChoice {
      const provider = deps.payments[choice.channel];
      if (!provider) throw new AppError(400, CHANNEL_UNAVAILABLE_MESSAGE, { field: 'channel' });
      if (
        !provider.scenes.includes(choice.scene) ||
        (choice.scene === 'miniprogram' && !deps.wechat.hasMiniProgram)
      ) {
        throw new AppError(400, SCENE_UNAVAILABLE_MESSAGE, { field: 'scene' });
      }
      let openId: string | undefined;
      if (choice.scene === 'jsapi') {
        openId = choice.wxOpenId ? (deps.wechat.openIdOf(choice.wxOpenId) ?? undefined) : undefined;
        if (!openId) throw new AppError(400, WECHAT_IDENTITY_MESSAGE, { field: 'wxOpenId' });
      }
      return { provider, channel: choice.channel, scene: choice.scene, openId };
    },

    /** The attempt, in the caller's transaction, with the job that closes it when time is up. */
    async insertIn(
      tx: Tx,
      values: {
        purpose: AttemptPurpose;
        memberId: number;
        payerMemberId: number;
        order?: { id: number; orderNo: string; kind: OrderKind; total: number; revision: number };
        channel: PaymentChannel;
        scene: PayScene;
        balanceFen: number;
        onlineFen: number;
        couponId?: number;
        couponFen?: number;
        billId?: number;
      },
    ): Promise<PaymentAttemptRow> {
      const at = deps.now();
      const expiresAt = new Date(at.getTime() + PAYMENT_TTL_MS);
      const attempt = await repository.insertAttempt(tx, {
        outTradeNo: newOutTradeNo(outTradePrefix[values.purpose], at),
        purpose: values.purpose,
        memberId: values.memberId,
        payerMemberId: values.payerMemberId,
        orderId: values.order?.id ?? null,
        orderNo: values.order?.orderNo ?? null,
        orderKind: values.order?.kind ?? null,
        orderTotal: values.order?.total ?? null,
        orderRevision: values.order?.revision ?? null,
        channel: values.channel,
        scene: values.scene,
        balanceFen: values.balanceFen,
        onlineFen: values.onlineFen,
        couponId: values.couponId ?? null,
        couponFen: values.couponFen ?? 0,
        billId: values.billId ?? null,
        hold: values.balanceFen > 0 ? 'held' : 'none',
        expiresAt,
        createdAt: at,
        updatedAt: at,
      });
      await deps.jobs.add(
        expireJob,
        { attemptId: attempt.id },
        {
          runAt: new Date(expiresAt.getTime() + EXPIRY_GRACE_MS),
          key: expireJobKey(attempt.id),
          tx,
        },
      );
      return attempt;
    },

    /**
     * Asks the provider to create the payment (after the attempt committed) and keeps its
     * answer. When the provider fails, the attempt is closed (its hold given back) and the
     * member told to try again: 503. Inside the mini-program the provider is asked later, by
     * the mini-program's pay page (`WechatPayOrder/MiniProgramPay`): the page gets the token
     * that lets it.
     */
    async launch(
      attempt: PaymentAttemptRow,
      choice: ResolvedChoice,
      page: { subject: string; clientIp: string; returnPath: string; quitPath: string },
    ): Promise<OnlinePayment> {
      const payment = {
        outTradeNo: attempt.outTradeNo,
        channel: choice.channel,
        scene: choice.scene,
        amount: attempt.onlineFen,
        expiresAt: attempt.expiresAt.toISOString(),
      };
      if (choice.scene === 'miniprogram') {
        return {
          ...payment,
          launch: { kind: 'miniprogram', payToken: deps.payTokens.issue(attempt) },
        };
      }
      let launch: PaymentLaunch;
      try {
        launch =
          attempt.launch ??
          (await choice.provider.create({
            outTradeNo: attempt.outTradeNo,
            amountFen: attempt.onlineFen,
            subject: page.subject,
            scene: choice.scene,
            openId: choice.openId,
            clientIp: page.clientIp,
            returnUrl: `${deps.origin()}${page.returnPath}`,
            quitUrl: `${deps.origin()}${page.quitPath}`,
            notifyUrl: notifyUrl(choice.channel),
            expiresAt: attempt.expiresAt,
          }));
      } catch (error) {
        deps.log.error(
          { err: error, outTradeNo: attempt.outTradeNo },
          'payment: the provider did not create the payment',
        );
        await deps.settlement().close(attempt.id, 'createFailed');
        throw new AppError(503, PROVIDER_DOWN_MESSAGE);
      }
      if (!attempt.launch) {
        await repository.setLaunch(attempt.id, launch);
      }
      return { ...payment, launch };
    },
  };
}

export type OnlinePayments = ReturnType<typeof createOnlinePayments>;
