// The addresses of the result screens, written and read in one place.
import type { OrderKind } from '@pcb/contract/order-life';
import { orderKinds } from '@pcb/pricing';
import type { PaymentChannelName } from '@pcb/contract/payment';
import { paths } from '../../lib/paths';

export interface OrderRef {
  id: number;
  kind: OrderKind;
  orderNo: string;
}

/** Why a payment or top-up did not go through, as the fail screens name it. */
export const failReasons = {
  closed: '支付未完成，本次支付已关闭',
  cancelled: '您已取消支付',
  failed: '支付未成功，未扣款',
  expired: '支付已超时关闭',
} as const;
export type FailReason = keyof typeof failReasons;

export const failReasonFrom = (value: string | null): FailReason =>
  value !== null && value in failReasons ? (value as FailReason) : 'failed';

export const kindParam = (value: string | null): OrderKind | null =>
  orderKinds.find((k) => k === value) ?? null;

const query = (params: Record<string, string | number | undefined>) =>
  new URLSearchParams(
    Object.entries(params)
      .filter((e): e is [string, string | number] => e[1] !== undefined)
      .map(([k, v]) => [k, String(v)]),
  ).toString();

/** An online payment's result: the server is asked until it knows. */
export const paySuccessHref = (payment: { outTradeNo: string; channel: PaymentChannelName }) =>
  `${paths.paySuccess}?${query({ outTradeNo: payment.outTradeNo, channel: payment.channel })}`;

/** A payment from the balances: the order is asked until it shows paid. */
export const paidOrderHref = (order: { id: number; kind: OrderKind }) =>
  `${paths.paySuccess}?${query({ id: order.id, kind: order.kind })}`;

export const payFailHref = (reason: FailReason, order?: { id: number; kind: OrderKind } | null) =>
  `${paths.payFail}?${query({ id: order?.id, kind: order?.kind, reason })}`;

export const prepaidSuccessHref = (payment: { outTradeNo: string; channel: PaymentChannelName }) =>
  `${paths.prepaidSuccess}?${query({ outTradeNo: payment.outTradeNo, channel: payment.channel })}`;

export const prepaidFailHref = (reason: FailReason) => `${paths.prepaidFail}?${query({ reason })}`;

/** The order's detail with its pay sheet open (重新支付). */
export const payAgainHref = (order: { id: number; kind: OrderKind }) =>
  `${paths.orderDetail}?${query({ id: order.id, kind: order.kind, pay: 1 })}`;

/** A bill's online repayment (decision 0065): the server is asked until it knows. */
export const repaySuccessHref = (payment: {
  outTradeNo: string;
  channel: PaymentChannelName;
  billId?: number;
}) =>
  `${paths.repaySuccess}?${query({
    billId: payment.billId,
    outTradeNo: payment.outTradeNo,
    channel: payment.channel,
  })}`;

export const repayFailHref = (reason: FailReason) => `${paths.repayFail}?${query({ reason })}`;
