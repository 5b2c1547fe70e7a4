import { randomBytes } from 'node:crypto';
import type { KeyObject } from 'node:crypto';
import { z } from 'zod';
import { defineJob, type JobRegistry } from '../../lib/jobs/job';
import type { HttpClient } from '../wechat/wechat-api';
import { fenToYuan } from './alipay-amount';
import { notifySignContent, signRsa2 } from './alipay-sign';
import { formatAlipayTime } from './alipay-time';
import type { SandboxRefund, SandboxTrade } from './sandbox-alipay.repository';

/**
 * The sandbox's asynchronous notifies: the form Alipay posts to the trade's notify_url, signed
 * with the sandbox's "Alipay" key, sent until the merchant answers exactly `success`.
 * Alipay retries over 25 hours (4m, 10m, 10m, 1h, 2h, 6h, 15h); the sandbox keeps the idea on a
 * developer's scale through the job runner's back-off (about 3 s, 7 s, 20 s, 1 min, 2.5 min,
 * 7 min, 18 min), stored in PostgreSQL so any instance sends it.
 */

export const alipaySandboxNotifyJob = defineJob(
  'alipaySandbox.notify',
  z.object({ url: z.string(), body: z.string() }),
  { maxAttempts: 8 },
);

/** A sandbox buyer: Alipay names the payer in every notify and answer. */
export const SANDBOX_BUYER = { id: '2088102177846880', logonId: 'sbx***@sandbox.com' };

export interface SandboxNotify {
  /** The job key that carries the retries of this notify. */
  key: string;
  url: string;
  body: string;
}

/** The notify of a trade's current state; of a refund when `refund` is given. */
export function buildTradeNotify(
  trade: SandboxTrade & { notifyUrl: string },
  context: { sellerId: string; alipayKey: KeyObject; now: Date; refund?: SandboxRefund },
): SandboxNotify {
  const notifyId = `${formatAlipayTime(context.now).replace(/\D/g, '').slice(0, 8)}0022${randomBytes(11).toString('hex')}`;
  const total = fenToYuan(trade.totalFen);
  const params: Record<string, string> = {
    notify_time: formatAlipayTime(context.now),
    notify_type: 'trade_status_sync',
    notify_id: notifyId,
    app_id: trade.appId,
    auth_app_id: trade.appId,
    charset: 'utf-8',
    version: '1.0',
    sign_type: 'RSA2',
    trade_no: trade.tradeNo,
    out_trade_no: trade.outTradeNo,
    buyer_id: SANDBOX_BUYER.id,
    buyer_logon_id: SANDBOX_BUYER.logonId,
    seller_id: context.sellerId,
    trade_status: trade.status,
    total_amount: total,
    subject: trade.subject,
    gmt_create: formatAlipayTime(trade.createdAt),
  };
  if (trade.paidAt) {
    Object.assign(params, {
      receipt_amount: total,
      invoice_amount: total,
      buyer_pay_amount: total,
      point_amount: '0.00',
      gmt_payment: formatAlipayTime(trade.paidAt),
      fund_bill_list: JSON.stringify([{ amount: total, fundChannel: 'ALIPAYACCOUNT' }]),
    });
  }
  if (trade.closedAt) params.gmt_close = formatAlipayTime(trade.closedAt);
  if (context.refund) {
    Object.assign(params, {
      out_biz_no: context.refund.outRequestNo,
      refund_fee: fenToYuan(trade.refundedFen),
      gmt_refund: `${formatAlipayTime(context.refund.createdAt)}.000`,
    });
  }
  const sign = signRsa2(notifySignContent(params), context.alipayKey);
  return {
    key: `alipaySandbox:notify:${notifyId}`,
    url: trade.notifyUrl,
    body: new URLSearchParams({ ...params, sign }).toString(),
  };
}

/** One try: true when the merchant answered exactly `success` (Alipay's rule). */
export async function postNotify(http: HttpClient, url: string, body: string): Promise<boolean> {
  try {
    const answer = await http(url, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded; charset=utf-8' },
      body,
    });
    return answer.status === 200 && (await answer.text()) === 'success';
  } catch {
    return false;
  }
}

/** The retries: a try that is not acknowledged fails, and the job runner tries again later. */
export function registerAlipaySandboxJobs(jobs: JobRegistry, options: { notifyHttp: HttpClient }) {
  jobs.handle(alipaySandboxNotifyJob, async ({ url, body }, run) => {
    if (!(await postNotify(options.notifyHttp, url, body))) {
      throw new Error(`Alipay sandbox notify to ${url} not acknowledged (try ${run.attempt})`);
    }
  });
}
