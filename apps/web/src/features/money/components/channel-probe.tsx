import type { ReactNode } from 'react';
import { useQuery } from '@tanstack/react-query';
import { AlipayOrder, type PaymentChannelName } from '@pcb/contract/payment';
import { endpointQueryOptions } from '../../../lib/api';
import { isRefusal } from '../request-id';

/**
 * An address that names the payment but not its provider (return addresses written before
 * decision 0057 carried `outTradeNo` alone): when the visit does not remember it either, the
 * number is asked of Alipay's look-up first, and of WeChat Pay's when Alipay's does not know it.
 */
export function ChannelProbe({
  outTradeNo,
  waiting,
  children,
}: {
  outTradeNo: string;
  waiting: ReactNode;
  children: (channel: PaymentChannelName) => ReactNode;
}) {
  const alipay = useQuery({
    ...endpointQueryOptions(AlipayOrder.Get, { outTradeNo }, { staleTime: 0 }),
    retry: false,
  });
  if (alipay.isPending) return waiting;
  return children(alipay.isError && isRefusal(alipay.error) ? 'wechat' : 'alipay');
}
