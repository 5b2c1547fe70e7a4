import { useInfiniteQuery } from '@tanstack/react-query';
import { endpointKey } from '@pcb/client';
import { MemberInfoRead } from '@pcb/contract/member-info-read';
import { MemberPointHistory, MemberSignIn } from '@pcb/contract/member-point';
import { MemberRebate } from '@pcb/contract/member-rebate';
import { MemberReceiver, RECEIVER_LIMIT } from '@pcb/contract/member-receiver';
import { ShopProduct } from '@pcb/contract/shop-product';
import { apiCall, useEndpointMutation, useEndpointQuery } from '../../../lib/api';

const PAGE_SIZE = 20;

/** What a sign-in changes on screen: the card, the balance and its history, the header. */
const signInInvalidates = [
  MemberSignIn.GetSigninCardList,
  MemberSignIn.GetEarnedPoints,
  MemberPointHistory.GetSummary,
  MemberPointHistory.GetList,
  MemberPointHistory.GetEarnedPoints,
  MemberInfoRead.Get,
];

/** The balance and the points that expire next (decision 0073). */
export const usePointSummary = () =>
  useEndpointQuery(MemberPointHistory.GetSummary, {}, { staleTime: 0 });

export const useSignInCard = () =>
  useEndpointQuery(MemberSignIn.GetSigninCardList, {}, { staleTime: 0 });

export const useSignIn = () =>
  useEndpointMutation(MemberSignIn.SignIn, { invalidates: signInInvalidates });

export const usePointRules = () => useEndpointQuery(MemberPointHistory.GetRules, {});

/** The points history, newest first, a page at a time. */
export function usePointHistory() {
  const list = MemberPointHistory.GetList;
  return useInfiniteQuery({
    queryKey: endpointKey(list, { pageSize: PAGE_SIZE }),
    queryFn: ({ pageParam, signal }) =>
      apiCall(list, { page: pageParam, pageSize: PAGE_SIZE }, { signal }),
    initialPageParam: 1,
    getNextPageParam: (last) =>
      last.items.length === last.pageSize &&
      (last.moreThanTotal || last.page * last.pageSize < last.total)
        ? last.page + 1
        : undefined,
    meta: { access: list.access },
    staleTime: 0,
  });
}

/** What an exchange changes on screen: the items' stock, the points, the coupons, the header. */
const exchangeInvalidates = [
  ShopProduct.GetRebateList,
  ShopProduct.GetExchangeList,
  MemberPointHistory.GetSummary,
  MemberPointHistory.GetList,
  MemberPointHistory.GetEarnedPoints,
  MemberRebate.GetList,
  MemberRebate.GetNum,
  MemberInfoRead.Get,
];

/** The points shop's items on sale (the first 50). */
export const useShopItems = () =>
  useEndpointQuery(ShopProduct.GetRebateList, { page: 1, pageSize: 50 }, { staleTime: 0 });

/** The member's latest exchanges, goods with their shipping. */
export const useExchanges = () =>
  useEndpointQuery(ShopProduct.GetExchangeList, { page: 1, pageSize: 20 }, { staleTime: 0 });

export const useExchange = () =>
  useEndpointMutation(ShopProduct.ExchangeProduct, { invalidates: exchangeInvalidates });

/** The member's addresses to ship goods to. */
export const useShopReceivers = (enabled: boolean) =>
  useEndpointQuery(MemberReceiver.GetPagedList, { page: 1, pageSize: RECEIVER_LIMIT }, { enabled });
