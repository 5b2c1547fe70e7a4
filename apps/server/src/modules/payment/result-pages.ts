import type { OrderKind } from '@pcb/contract';
import type { PaymentChannel } from '../../integrations/payment/payment-provider';

/**
 * Where a provider sends the member's browser back to (decision 0057): the web app's result
 * screens, naming the payment and its provider, so the screen knows whom to ask without the
 * visit's memory (`pendingPayment`). The return (`returnPath`) asks the server until it knows;
 * leaving the provider's page without paying (`quitPath`, Alipay's quit_url) lands on the fail
 * screen, which asks once too. Neither proves anything.
 */
export interface ResultPages {
  returnPath: string;
  quitPath: string;
}

interface PaymentRef {
  channel: PaymentChannel;
  outTradeNo: string;
}

const at = (path: string, params: Record<string, string | number>) =>
  `${path}?${new URLSearchParams(
    Object.entries(params).map(([k, v]): [string, string] => [k, String(v)]),
  ).toString()}`;

export function orderResultPages(
  order: { id: number; kind: OrderKind },
  payment: PaymentRef,
): ResultPages {
  const ref = { id: order.id, kind: order.kind, ...payment };
  return {
    returnPath: at('/TheOrders/paySuccess', ref),
    quitPath: at('/TheOrders/payFail', { ...ref, reason: 'cancelled' }),
  };
}

export function rechargeResultPages(payment: PaymentRef): ResultPages {
  return {
    returnPath: at('/theBalance/prepaidSuccess', { ...payment }),
    quitPath: at('/theBalance/prepaidFail', { ...payment, reason: 'cancelled' }),
  };
}

/** A credit bill's online repayment (decision 0065): the bill screen's own result pages. */
export function billResultPages(billId: number, payment: PaymentRef): ResultPages {
  const ref = { billId, ...payment };
  return {
    returnPath: at('/creditAccount/repaySuccess', ref),
    quitPath: at('/creditAccount/repayFail', { ...ref, reason: 'cancelled' }),
  };
}
