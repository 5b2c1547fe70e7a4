// The online payment the member left the page for, remembered for the visit (session storage)
// so the result screen knows what to ask the server, whatever address the provider, WeChat's
// bridge or the mini-program brings the browser back to. Never proof of anything: the result
// screens believe only the server's answer.
import type { OrderKind } from '@pcb/contract/order-life';
import { orderKinds } from '@pcb/pricing';
import { paymentChannels, type PaymentChannelName } from '@pcb/contract/payment';
import { getPendingPayment, removePendingPayment, setPendingPayment } from '../../lib/storage';

export interface PendingPayment {
  outTradeNo: string;
  channel: PaymentChannelName;
  purpose: 'order' | 'recharge' | 'bill';
  /** Fen to pay online. */
  amount: number;
  /** The order it pays, for an order's payment. */
  order: { id: number; kind: OrderKind; orderNo: string } | null;
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null;

function parse(value: unknown): PendingPayment | null {
  if (!isObject(value)) return null;
  const { outTradeNo, channel, purpose, amount, order } = value;
  if (typeof outTradeNo !== 'string' || !/^[0-9A-Za-z_-]{1,32}$/.test(outTradeNo)) return null;
  if (!paymentChannels.includes(channel as PaymentChannelName)) return null;
  if (purpose !== 'order' && purpose !== 'recharge' && purpose !== 'bill') return null;
  if (typeof amount !== 'number') return null;
  let orderRef: PendingPayment['order'] = null;
  if (isObject(order)) {
    if (
      typeof order.id !== 'number' ||
      !orderKinds.includes(order.kind as OrderKind) ||
      typeof order.orderNo !== 'string'
    )
      return null;
    orderRef = { id: order.id, kind: order.kind as OrderKind, orderNo: order.orderNo };
  }
  return {
    outTradeNo,
    channel: channel as PaymentChannelName,
    purpose,
    amount,
    order: orderRef,
  };
}

export const rememberPayment = (payment: PendingPayment) => setPendingPayment(payment);

/** The remembered payment, when it is this one (or any, without a number to match). */
export function recalledPayment(outTradeNo?: string | null): PendingPayment | null {
  const pending = parse(getPendingPayment());
  if (!pending) return null;
  return !outTradeNo || pending.outTradeNo === outTradeNo ? pending : null;
}

export const forgetPayment = () => removePendingPayment();
