import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import {
  NotifyRejectedError,
  PaymentProviderError,
  type CreatePaymentInput,
  type NotifyEvent,
  type NotifyReply,
  type NotifyRequest,
  type PayScene,
  type PaymentChannel,
  type PaymentLaunch,
  type PaymentProvider,
  type ProviderRefund,
  type ProviderRefundStatus,
  type ProviderTransaction,
  type RefundInput,
} from '../src/integrations/payment/payment-provider';

const OUT_NO = /^[0-9A-Za-z_-]{1,32}$/;
const SIGNATURE_HEADER = 'x-fake-signature';

interface Trade {
  input: CreatePaymentInput;
  status: 'pending' | 'paid' | 'closed';
  tradeNo: string | null;
  paidAt: Date | null;
  refunds: Map<string, ProviderRefund>;
}

/**
 * An in-memory payment provider that behaves as Alipay and WeChat Pay do where the payment
 * module can tell (decision 0051's tests): payments exist once created and are paid once; a
 * closed one cannot be paid and a paid one cannot be closed; a refund needs a paid payment,
 * at most its amount, and one out_refund_no is one refund; notifies are signed (HMAC with the
 * provider's key, over the exact body) and name the merchant; a notify with a wrong signature,
 * a changed body or another merchant's id fails verification. The test plays the payer
 * (`pay`), the provider's outages (`failNext`) and its refund outcomes (`refundOutcome`).
 */
export class FakePaymentProvider implements PaymentProvider {
  readonly scenes: readonly PayScene[];
  private readonly key = randomBytes(32);
  private readonly trades = new Map<string, Trade>();
  private tradeSeq = 0;
  /** What `refund` answers at once: `processing` leaves it to `finishRefund`. */
  refundOutcome: ProviderRefundStatus = 'success';
  /** Calls that fail with a provider error on their next call. */
  readonly failNext = new Set<'create' | 'query' | 'close' | 'refund' | 'queryRefund'>();
  /** Applied to what notifies and queries report (an adapter that failed to check, a test's). */
  tamper: ((t: ProviderTransaction) => ProviderTransaction) | null = null;
  readonly calls = { create: 0, query: 0, close: 0, refund: 0, queryRefund: 0 };

  constructor(
    readonly channel: PaymentChannel,
    readonly merchantId: string = `${channel}-merchant-1`,
  ) {
    this.scenes = channel === 'alipay' ? ['h5'] : ['h5', 'jsapi', 'miniprogram'];
  }

  private fail(call: 'create' | 'query' | 'close' | 'refund' | 'queryRefund') {
    this.calls[call]++;
    if (this.failNext.delete(call))
      throw new PaymentProviderError(`${call} unavailable`, 'SYSTEM_ERROR');
  }

  private trade(outTradeNo: string): Trade {
    const trade = this.trades.get(outTradeNo);
    if (!trade) throw new PaymentProviderError('no such trade', 'TRADE_NOT_EXIST');
    return trade;
  }

  private transactionOf(outTradeNo: string, trade: Trade): ProviderTransaction {
    const tx: ProviderTransaction = {
      channel: this.channel,
      outTradeNo,
      providerTradeNo: trade.tradeNo,
      status: trade.status,
      amountFen: trade.input.amountFen,
      merchantId: this.merchantId,
      paidAt: trade.paidAt,
    };
    return this.tamper ? this.tamper(tx) : tx;
  }

  /** A notify as the provider would send it: the body and its signature over those bytes. */
  signed(body: Record<string, unknown>, key: Buffer = this.key): NotifyRequest {
    const rawBody = JSON.stringify(body);
    const signature = createHmac('sha256', key).update(rawBody).digest('base64');
    return {
      headers: { 'content-type': 'application/json', [SIGNATURE_HEADER]: signature },
      rawBody,
    };
  }

  async create(input: CreatePaymentInput): Promise<PaymentLaunch> {
    this.fail('create');
    if (!OUT_NO.test(input.outTradeNo))
      throw new PaymentProviderError('bad out_trade_no', 'INVALID_PARAMETER');
    if (!Number.isInteger(input.amountFen) || input.amountFen <= 0) {
      throw new PaymentProviderError('bad amount', 'INVALID_PARAMETER');
    }
    if (!this.scenes.includes(input.scene))
      throw new PaymentProviderError('bad scene', 'INVALID_PARAMETER');
    if (input.scene !== 'h5' && !input.openId)
      throw new PaymentProviderError('openid needed', 'PARAM_ERROR');
    const existing = this.trades.get(input.outTradeNo);
    if (existing) {
      // The same out_trade_no again is the same payment; with another amount it is refused.
      if (existing.input.amountFen !== input.amountFen) {
        throw new PaymentProviderError('out_trade_no used', 'OUT_TRADE_NO_USED');
      }
    } else {
      this.trades.set(input.outTradeNo, {
        input,
        status: 'pending',
        tradeNo: null,
        paidAt: null,
        refunds: new Map(),
      });
    }
    if (input.scene === 'h5') {
      return {
        kind: 'redirect',
        url: `https://cashier.fake/${this.channel}?out_trade_no=${input.outTradeNo}`,
      };
    }
    return {
      kind: 'jsapi',
      params: {
        appId: 'wxfake',
        timeStamp: '1700000000',
        nonceStr: 'nonce',
        package: `prepay_id=${input.outTradeNo}`,
        signType: 'RSA',
        paySign: 'sig',
      },
    };
  }

  /** What the payment module asked for this payment (its return addresses, scene, openid). */
  createdWith(outTradeNo: string): CreatePaymentInput | undefined {
    return this.trades.get(outTradeNo)?.input;
  }

  /** The payer pays at the cashier; the notify the provider then sends. */
  pay(outTradeNo: string, at: Date = new Date()): NotifyRequest {
    const trade = this.trade(outTradeNo);
    if (trade.status === 'closed') throw new PaymentProviderError('trade closed', 'TRADE_CLOSED');
    if (trade.status === 'pending') {
      trade.status = 'paid';
      trade.tradeNo = `${this.channel.toUpperCase()}T${String(++this.tradeSeq).padStart(8, '0')}`;
      trade.paidAt = at;
    }
    return this.paymentNotify(outTradeNo);
  }

  /** The notify of the payment as it stands (sent again, or late). */
  paymentNotify(outTradeNo: string): NotifyRequest {
    const trade = this.trade(outTradeNo);
    return this.signed({
      event: 'payment',
      outTradeNo,
      tradeNo: trade.tradeNo,
      status: trade.status,
      amountFen: trade.input.amountFen,
      merchantId: this.merchantId,
      paidAt: trade.paidAt?.toISOString() ?? null,
    });
  }

  /** Every payment created, newest last (what the test pays). */
  created(): { outTradeNo: string; amountFen: number; status: Trade['status'] }[] {
    return [...this.trades].map(([outTradeNo, t]) => ({
      outTradeNo,
      amountFen: t.input.amountFen,
      status: t.status,
    }));
  }

  async verifyNotify(request: NotifyRequest): Promise<NotifyEvent> {
    const given = Buffer.from(request.headers[SIGNATURE_HEADER] ?? '', 'base64');
    const expected = createHmac('sha256', this.key).update(request.rawBody).digest();
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
      throw new NotifyRejectedError('signature does not verify');
    }
    let body: Record<string, unknown>;
    try {
      body = JSON.parse(request.rawBody) as Record<string, unknown>;
    } catch (error) {
      throw new NotifyRejectedError('malformed body', { cause: error });
    }
    if (body.event === 'refund') {
      return {
        kind: 'refund',
        refund: {
          channel: this.channel,
          outTradeNo: String(body.outTradeNo),
          outRefundNo: String(body.outRefundNo),
          providerRefundNo: (body.refundNo as string | null) ?? null,
          status: body.status as ProviderRefundStatus,
          refundFen: Number(body.refundFen),
        },
      };
    }
    if (body.merchantId !== this.merchantId) throw new NotifyRejectedError('another merchant');
    const tx: ProviderTransaction = {
      channel: this.channel,
      outTradeNo: String(body.outTradeNo),
      providerTradeNo: (body.tradeNo as string | null) ?? null,
      status: body.status as ProviderTransaction['status'],
      amountFen: Number(body.amountFen),
      merchantId: String(body.merchantId),
      paidAt: body.paidAt ? new Date(String(body.paidAt)) : null,
    };
    return { kind: 'payment', transaction: this.tamper ? this.tamper(tx) : tx };
  }

  notifyReply(accepted: boolean): NotifyReply {
    return accepted
      ? { status: 200, contentType: 'text/plain; charset=utf-8', body: 'success' }
      : { status: 500, contentType: 'text/plain; charset=utf-8', body: 'fail' };
  }

  async query(outTradeNo: string): Promise<ProviderTransaction | null> {
    this.fail('query');
    const trade = this.trades.get(outTradeNo);
    return trade ? this.transactionOf(outTradeNo, trade) : null;
  }

  async close(outTradeNo: string): Promise<void> {
    this.fail('close');
    const trade = this.trades.get(outTradeNo);
    if (!trade) return;
    if (trade.status === 'paid') throw new PaymentProviderError('trade paid', 'TRADE_STATUS_ERROR');
    trade.status = 'closed';
  }

  async refund(input: RefundInput): Promise<ProviderRefund> {
    this.fail('refund');
    if (!OUT_NO.test(input.outRefundNo))
      throw new PaymentProviderError('bad out_refund_no', 'INVALID_PARAMETER');
    const trade = this.trade(input.outTradeNo);
    if (trade.status !== 'paid')
      throw new PaymentProviderError('trade not paid', 'TRADE_STATUS_ERROR');
    if (input.totalFen !== trade.input.amountFen)
      throw new PaymentProviderError('total differs', 'PARAM_ERROR');
    const existing = trade.refunds.get(input.outRefundNo);
    if (existing) return existing;
    const refunded = [...trade.refunds.values()]
      .filter((r) => r.status !== 'failed')
      .reduce((sum, r) => sum + r.refundFen, 0);
    if (input.refundFen <= 0 || refunded + input.refundFen > trade.input.amountFen) {
      throw new PaymentProviderError('refund exceeds the payment', 'REFUND_AMT_EXCEED');
    }
    const refund: ProviderRefund = {
      channel: this.channel,
      outTradeNo: input.outTradeNo,
      outRefundNo: input.outRefundNo,
      providerRefundNo: this.channel === 'wechat' ? `RFD${randomBytes(6).toString('hex')}` : null,
      status: this.refundOutcome,
      refundFen: input.refundFen,
    };
    trade.refunds.set(input.outRefundNo, refund);
    return refund;
  }

  async queryRefund(outTradeNo: string, outRefundNo: string): Promise<ProviderRefund | null> {
    this.fail('queryRefund');
    return this.trades.get(outTradeNo)?.refunds.get(outRefundNo) ?? null;
  }

  /** Every refund asked for, in order. */
  refunds(): ProviderRefund[] {
    return [...this.trades.values()].flatMap((t) => [...t.refunds.values()]);
  }

  /** A processing refund ends (`success` or `failed`); the refund notify WeChat Pay sends. */
  finishRefund(outRefundNo: string, status: 'success' | 'failed'): NotifyRequest {
    for (const trade of this.trades.values()) {
      const refund = trade.refunds.get(outRefundNo);
      if (refund) {
        refund.status = status;
        return this.signed({
          event: 'refund',
          outTradeNo: refund.outTradeNo,
          outRefundNo,
          refundNo: refund.providerRefundNo,
          status,
          refundFen: refund.refundFen,
        });
      }
    }
    throw new Error(`no refund ${outRefundNo}`);
  }
}

/** Both channels, as the platform takes them. */
export function fakePayments() {
  const alipay = new FakePaymentProvider('alipay');
  const wechat = new FakePaymentProvider('wechat');
  return { alipay, wechat, payments: { alipay, wechat } };
}
