import { StaffCoupon } from '@pcb/contract/staff-coupon';
import type { InputOf } from '@pcb/contract';
import { useEndpointMutation, useEndpointQuery } from '../../../lib/api';

export const useTemplates = () => useEndpointQuery(StaffCoupon.ListTemplates, {});
export const useCampaigns = () => useEndpointQuery(StaffCoupon.ListCampaigns, {});
export const useBundle = () => useEndpointQuery(StaffCoupon.GetBundle, {});
export const useDeductions = (input: InputOf<typeof StaffCoupon.ListDeductions>) =>
  useEndpointQuery(StaffCoupon.ListDeductions, input, { keepPrevious: true });

export const useCreateTemplate = () =>
  useEndpointMutation(StaffCoupon.CreateTemplate, { invalidates: [StaffCoupon.ListTemplates] });
export const useSetTemplateActive = () =>
  useEndpointMutation(StaffCoupon.SetTemplateActive, { invalidates: [StaffCoupon.ListTemplates] });
export const useCreateCampaign = () =>
  useEndpointMutation(StaffCoupon.CreateCampaign, { invalidates: [StaffCoupon.ListCampaigns] });
export const useSetCampaignActive = () =>
  useEndpointMutation(StaffCoupon.SetCampaignActive, { invalidates: [StaffCoupon.ListCampaigns] });
export const useSetBundle = () =>
  useEndpointMutation(StaffCoupon.SetBundle, { invalidates: [StaffCoupon.GetBundle] });
export const useGrant = () =>
  useEndpointMutation(StaffCoupon.Grant, { invalidates: [StaffCoupon.ListTemplates] });
