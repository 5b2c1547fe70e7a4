import { MemberRebate, type CouponState } from '@pcb/contract/member-rebate';
import { useEndpointMutation, useEndpointQuery } from '../../../lib/api';

/** What claiming or receiving changes: the lists, the counts, the claim centre, the bundle. */
const couponInvalidates = [
  MemberRebate.GetList,
  MemberRebate.GetNum,
  MemberRebate.GetAvailableNum,
  MemberRebate.GetAvailableList,
  MemberRebate.GetCampaigns,
  MemberRebate.GetRegisterRebates,
];

/** One tab of /couponsInfo (the newest 100; unused: ending soonest first). */
export const useCoupons = (state: CouponState) =>
  useEndpointQuery(MemberRebate.GetList, { state, page: 1, pageSize: 100 }, { staleTime: 0 });

export const useCouponCounts = () => useEndpointQuery(MemberRebate.GetNum, {}, { staleTime: 0 });

export const useRegisterRebates = () =>
  useEndpointQuery(MemberRebate.GetRegisterRebates, {}, { staleTime: 0 });

export const useReceiveRebate = () =>
  useEndpointMutation(MemberRebate.ReceiveRebate, { invalidates: couponInvalidates });

export const useCampaigns = () => useEndpointQuery(MemberRebate.GetCampaigns, {}, { staleTime: 0 });

export const useClaimCampaign = () =>
  useEndpointMutation(MemberRebate.ClaimCampaign, { invalidates: couponInvalidates });
