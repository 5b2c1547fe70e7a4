import type { MiniProgramPay } from '@pcb/contract';
import type { FastifyBaseLogger } from 'fastify';
import { AppError } from '../../http/errors';
import type { PaymentProvider } from '../../integrations/payment/payment-provider';
import type { Clock } from '../../lib/clock';
import type { WechatApi } from '../wechat/wechat.module';
import { orderSubject, PROVIDER_DOWN_MESSAGE, RECHARGE_SUBJECT } from './online-payments';
import type { PayTokens } from './pay-tokens';
import type { PaymentRepository } from './payment.repository';
import type { PaymentAttemptRow } from './payment.table';
import { billResultPages, orderResultPages, rechargeResultPages } from './result-pages';
import { billSubject } from './bill-payments';

export const PAY_TOKEN_MESSAGE = '支付凭证无效或已过期，请返回重新发起支付';
export const PAYMENT_OVER_MESSAGE = '该笔支付已结束，请返回查看支付结果';

/**
 * `WechatPayOrder/MiniProgramPay` (decision 0057): the mini-program's own pay page, handed a
 * payment and its token by our page in the mini-program's web-view, sends them with a
 * `wx.login` code. The code becomes the WeChat user's openid under the mini-program's appid
 * (code2Session, the WeChat module), WeChat Pay is asked for the JSAPI payment under that appid,
 * and the page gets `wx.requestPayment`'s parameters. The first parameters an attempt gets are
 * kept and answered again, so a retried page (a lost answer, a second tap) pays the same
 * prepay. Nothing here proves a payment: the notify or our query does, as for every payment.
 */
export function createMiniProgramPay(deps: {
  repository: PaymentRepository;
  wechatPay: () => PaymentProvider | undefined;
  wechat: Pick<WechatApi, 'miniProgramOpenId'>;
  payTokens: PayTokens;
  notifyUrl: string;
  origin: () => string;
  now: Clock;
  log: FastifyBaseLogger;
}) {
  const { repository } = deps;

  const pagesOf = (attempt: PaymentAttemptRow) => {
    const payment = { channel: 'wechat' as const, outTradeNo: attempt.outTradeNo };
    return attempt.purpose === 'order' && attempt.orderId !== null && attempt.orderKind
      ? {
          subject: orderSubject(attempt.orderKind, attempt.orderNo ?? ''),
          ...orderResultPages({ id: attempt.orderId, kind: attempt.orderKind }, payment),
        }
      : attempt.purpose === 'bill' && attempt.billId !== null
        ? { subject: billSubject(''), ...billResultPages(attempt.billId, payment) }
        : { subject: RECHARGE_SUBJECT, ...rechargeResultPages(payment) };
  };

  return {
    async pay(
      input: { outTradeNo: string; payToken: string; code: string },
      ip: string,
    ): Promise<MiniProgramPay> {
      if (!deps.payTokens.verify(input.outTradeNo, input.payToken)) {
        throw new AppError(400, PAY_TOKEN_MESSAGE, { field: 'payToken' });
      }
      const attempt = await repository.attemptByOutTradeNo(input.outTradeNo);
      // A token is only ever issued for a WeChat Pay attempt in the mini-program.
      if (!attempt || attempt.channel !== 'wechat' || attempt.scene !== 'miniprogram') {
        throw new AppError(400, PAY_TOKEN_MESSAGE, { field: 'payToken' });
      }
      if (attempt.status !== 'open' || attempt.expiresAt.getTime() <= deps.now().getTime()) {
        throw new AppError(409, PAYMENT_OVER_MESSAGE);
      }
      const answer = (launch: NonNullable<PaymentAttemptRow['launch']>): MiniProgramPay => {
        if (launch.kind !== 'jsapi')
          throw new Error('payment: a mini-program payment without JSAPI');
        return { outTradeNo: attempt.outTradeNo, amount: attempt.onlineFen, params: launch.params };
      };
      if (attempt.launch) return answer(attempt.launch);

      const openId = await deps.wechat.miniProgramOpenId(input.code);
      const provider = deps.wechatPay();
      if (!provider) throw new AppError(503, PROVIDER_DOWN_MESSAGE);
      const pages = pagesOf(attempt);
      let launch;
      try {
        launch = await provider.create({
          outTradeNo: attempt.outTradeNo,
          amountFen: attempt.onlineFen,
          subject: pages.subject,
          scene: 'miniprogram',
          openId,
          clientIp: ip,
          returnUrl: `${deps.origin()}${pages.returnPath}`,
          quitUrl: `${deps.origin()}${pages.quitPath}`,
          notifyUrl: deps.notifyUrl,
          expiresAt: attempt.expiresAt,
        });
      } catch (error) {
        // The attempt stays open: the page may try again, and it expires on its own.
        deps.log.error(
          { err: error, outTradeNo: attempt.outTradeNo },
          'payment: WeChat Pay did not create the mini-program payment',
        );
        throw new AppError(503, PROVIDER_DOWN_MESSAGE);
      }
      return answer(await repository.keepFirstLaunch(attempt.id, launch));
    },
  };
}

export type MiniProgramPayService = ReturnType<typeof createMiniProgramPay>;
