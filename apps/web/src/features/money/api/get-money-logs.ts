import { useInfiniteQuery } from '@tanstack/react-query';
import { endpointKey } from '@pcb/client';
import {
  MemberAdvancePayment,
  type AccountLog,
  type MoneyLog,
  type MoneyLogType,
} from '@pcb/contract/member-advance-payment';
import { apiCall } from '../../../lib/api';

export const LOG_PAGE_SIZE = 20;

/** The three logs the spec names: 收支明细, 余额明细, 赠送金额明细. */
export const logBooks = ['all', 'balance', 'gift'] as const;
export type LogBook = (typeof logBooks)[number];

export interface LogFilter {
  type?: MoneyLogType;
  /** Days in China time, both inclusive. */
  from?: string;
  to?: string;
}

const endpoints = {
  all: MemberAdvancePayment.GetLogs,
  balance: MemberAdvancePayment.GetAdvancePaymentLogs,
  gift: MemberAdvancePayment.GetGiftPaymentLogs,
};

/** One page of a log as the list shows it. */
export type LogPage =
  | { book: 'all'; items: MoneyLog[]; page: number; pageSize: number; total: number }
  | {
      book: 'balance' | 'gift';
      items: AccountLog[];
      page: number;
      pageSize: number;
      total: number;
    };

/** A log, newest first, a page at a time (the list's infinite scroll). */
export function useMoneyLogs(book: LogBook, filter: LogFilter) {
  const endpoint = endpoints[book];
  const input = { ...filter, pageSize: LOG_PAGE_SIZE };
  return useInfiniteQuery({
    queryKey: endpointKey(endpoint, input),
    queryFn: async ({ pageParam, signal }): Promise<LogPage> => {
      const page = { ...input, page: pageParam };
      if (book === 'all')
        return { book, ...(await apiCall(MemberAdvancePayment.GetLogs, page, { signal })) };
      return { book, ...(await apiCall(endpoints[book], page, { signal })) };
    },
    initialPageParam: 1,
    getNextPageParam: (last) =>
      last.page * last.pageSize < last.total ? last.page + 1 : undefined,
    meta: { access: endpoint.access },
  });
}
