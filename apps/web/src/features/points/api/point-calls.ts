import { useInfiniteQuery } from '@tanstack/react-query';
import { endpointKey } from '@pcb/client';
import { MemberInfoRead } from '@pcb/contract/member-info-read';
import { MemberPointHistory, MemberSignIn } from '@pcb/contract/member-point';
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
