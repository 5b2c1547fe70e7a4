/**
 * An online payment provider (Alipay, WeChat Pay) as the payment module sees it. Each provider
 * has one production adapter that speaks the provider's real protocol; in development and tests
 * the same adapter talks to an embedded sandbox on our own origin (under /sandbox/…) that speaks
 * that protocol with keys of its own, so the signing and verifying code is the production code.
 *
 * Amounts are integers in fen. `outTradeNo` is our payment number (unique per attempt, at most
 * 32 characters of [0-9A-Za-z_-]); `outRefundNo` our refund number (same alphabet).
 */

export type PaymentChannel = 'alipay' | 'wechat';

/**
 * Where the member pays: `h5` a mobile browser (Alipay wap pay, WeChat Pay H5), `jsapi` WeChat's
 * own browser (needs the member's openid of the official account), `miniprogram` inside the
 * mini-program (needs the openid of the mini-program; the page hands the parameters to
 * `wx.requestPayment`). Alipay supports only `h5`.
 */
export type PayScene = 'h5' | 'jsapi' | 'miniprogram';

export interface CreatePaymentInput {
  outTradeNo: string;
  amountFen: number;
  /** What the member sees on the provider's page, e.g. "PCB订单 P2611260001". */
  subject: string;
  scene: PayScene;
  /** Required for `jsapi` and `miniprogram`. */
  openId?: string | undefined;
  /** The member's IP (WeChat Pay H5 requires it). */
  clientIp: string;
  /** Where the browser goes after paying; never trusted as proof of payment. */
  returnUrl: string;
  /**
   * Where the browser goes when the member leaves the provider's page without paying (Alipay's
   * `quit_url`); `returnUrl` when absent. Proves nothing either: the trade may still be paid.
   */
  quitUrl?: string | undefined;
  /** Absolute URL of our raw notify route for this channel. */
  notifyUrl: string;
  /** The provider closes the payment after this time. */
  expiresAt: Date;
}

/** How the page starts the payment. */
export type PaymentLaunch =
  /** Open this URL (Alipay's wap-pay page, WeChat Pay's H5 `h5_url`). */
  | { kind: 'redirect'; url: string }
  /** Call WeixinJSBridge `getBrandWCPayRequest` / `wx.requestPayment` with these. */
  | {
      kind: 'jsapi';
      params: {
        appId: string;
        timeStamp: string;
        nonceStr: string;
        package: string;
        signType: 'RSA';
        paySign: string;
      };
    };

export type ProviderTradeStatus = 'paid' | 'pending' | 'closed';

/** A payment as the provider reports it (notify or query). */
export interface ProviderTransaction {
  channel: PaymentChannel;
  outTradeNo: string;
  /** Alipay `trade_no`, WeChat Pay `transaction_id`; null while nothing was paid. */
  providerTradeNo: string | null;
  status: ProviderTradeStatus;
  /** What the payer paid (Alipay `total_amount`, WeChat `amount.total`). */
  amountFen: number;
  /** The merchant the payment belongs to (Alipay `app_id`/`seller_id`, WeChat `mchid`). */
  merchantId: string;
  paidAt: Date | null;
}

export type ProviderRefundStatus = 'success' | 'processing' | 'failed';

export interface ProviderRefund {
  channel: PaymentChannel;
  outTradeNo: string;
  outRefundNo: string;
  /** Alipay has none of its own (null); WeChat Pay `refund_id`. */
  providerRefundNo: string | null;
  status: ProviderRefundStatus;
  refundFen: number;
}

export interface RefundInput {
  outTradeNo: string;
  outRefundNo: string;
  refundFen: number;
  /** The original payment's amount (WeChat Pay requires it). */
  totalFen: number;
  reason: string;
  /** Absolute URL of our raw notify route (WeChat Pay sends refund results there). */
  notifyUrl: string;
}

/** A notify exactly as it reached us: the raw body (form or JSON) and the headers. */
export interface NotifyRequest {
  headers: Readonly<Record<string, string | undefined>>;
  rawBody: string;
}

/** What a verified notify reports. */
export type NotifyEvent =
  | { kind: 'payment'; transaction: ProviderTransaction }
  | { kind: 'refund'; refund: ProviderRefund };

/** The exact answer the provider expects to a notify. */
export interface NotifyReply {
  status: number;
  contentType: string;
  body: string;
}

/** The notify failed verification (forged, wrong key, malformed, another merchant's). */
export class NotifyRejectedError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'NotifyRejectedError';
  }
}

/** The provider could not be reached or refused the call: the caller may retry later. */
export class PaymentProviderError extends Error {
  constructor(
    message: string,
    readonly code?: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
    this.name = 'PaymentProviderError';
  }
}

/**
 * The provider of each channel this server offers (`platform.payments`); a test hands in its own
 * through `PlatformOptions.payments`.
 */
export type PaymentProviders = Partial<Record<PaymentChannel, PaymentProvider>>;

export interface PaymentProvider {
  readonly channel: PaymentChannel;
  /** The merchant id every notify and query must carry (checked by the payment module too). */
  readonly merchantId: string;
  readonly scenes: readonly PayScene[];
  create(input: CreatePaymentInput): Promise<PaymentLaunch>;
  /** Verifies (signature, certificate/key, merchant) and decodes; throws NotifyRejectedError. */
  verifyNotify(request: NotifyRequest): Promise<NotifyEvent>;
  /** The provider's exact reply: accepted (handled, do not send again) or not (send again). */
  notifyReply(accepted: boolean): NotifyReply;
  /** The payment as the provider knows it; null when it has never heard of `outTradeNo`. */
  query(outTradeNo: string): Promise<ProviderTransaction | null>;
  /** Closes an unpaid payment so it can no longer be paid (idempotent). */
  close(outTradeNo: string): Promise<void>;
  refund(input: RefundInput): Promise<ProviderRefund>;
  queryRefund(outTradeNo: string, outRefundNo: string): Promise<ProviderRefund | null>;
}
