import { useEffect, useRef, useState } from 'react';
import { useQuery, type Query } from '@tanstack/react-query';
import type { OrderKind } from '@pcb/contract/order-life';
import { AlipayOrder, WechatPayOrder, type PaymentChannelName } from '@pcb/contract/payment';
import { endpointQueryOptions } from '../../../lib/api';
import { isRefusal } from '../request-id';
import { POLL_LIMIT_MS, nextPollDelay } from '../payment-poll';
import { payCalls } from './pay-calls';

const statusCalls = { alipay: AlipayOrder.Get, wechat: WechatPayOrder.Get };

/**
 * The window the screen asks in: `timedOut` once POLL_LIMIT_MS has passed, `askAgain` opens a
 * new one (重新查询).
 */
function usePollWindow() {
  const startedAt = useRef(0);
  const [round, setRound] = useState(0);
  const [timedOut, setTimedOut] = useState(false);
  useEffect(() => {
    startedAt.current = Date.now();
    const timer = setTimeout(() => setTimedOut(true), POLL_LIMIT_MS);
    return () => clearTimeout(timer);
  }, [round]);
  return {
    timedOut,
    elapsed: () => Date.now() - startedAt.current,
    next: () => {
      setTimedOut(false);
      setRound((r) => r + 1);
    },
  };
}

/**
 * When to ask again: while the answer is not known yet (or was lost on the way), never after
 * a refusal (not the member's payment, no such order) or once the window is over.
 */
function interval<T>(
  isKnown: (data: T) => boolean,
  elapsed: () => number,
): (query: Query<T, Error, T, readonly unknown[]>) => number | false {
  return (query) => {
    const { data, error } = query.state;
    if (isRefusal(error)) return false;
    if (data !== undefined && isKnown(data)) return false;
    return nextPollDelay(elapsed());
  };
}

/**
 * An online payment as the server knows it (`AlipayOrder/Get`, `WechatPayOrder/Get`: the
 * server asks the provider and applies what it learns), asked again until it is known or the
 * window is over (payment-poll.ts).
 */
export function usePaymentStatus(channel: PaymentChannelName, outTradeNo: string) {
  const poll = usePollWindow();
  const query = useQuery({
    ...endpointQueryOptions(statusCalls[channel], { outTradeNo }, { staleTime: 0 }),
    refetchInterval: interval((data) => data.status !== 'pending', poll.elapsed),
    retry: false,
  });
  return {
    query,
    timedOut: poll.timedOut,
    askAgain: () => {
      poll.next();
      void query.refetch();
    },
  };
}

/**
 * An online payment asked once (the fail screens): the provider's page sent the member back
 * without a payment, but the member may have paid all the same.
 */
export function usePaymentStatusOnce(
  channel: PaymentChannelName | null,
  outTradeNo: string | null,
) {
  return useQuery({
    ...endpointQueryOptions(
      statusCalls[channel ?? 'alipay'],
      { outTradeNo: outTradeNo ?? '' },
      { staleTime: 0 },
    ),
    enabled: channel !== null && outTradeNo !== null,
    retry: false,
  });
}

/** The order as the server knows it, asked again until it leaves 待付款 or the window is over. */
export function useOrderPaidStatus(kind: OrderKind, id: number) {
  const poll = usePollWindow();
  const query = useQuery({
    ...endpointQueryOptions(payCalls[kind].detail, { id }, { staleTime: 0 }),
    refetchInterval: interval((data) => data.status !== 'awaitingPayment', poll.elapsed),
    retry: false,
  });
  return {
    query,
    timedOut: poll.timedOut,
    askAgain: () => {
      poll.next();
      void query.refetch();
    },
  };
}
