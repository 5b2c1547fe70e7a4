import { MemberRebate } from '@pcb/contract/member-rebate';
import { StaffCoupon } from '@pcb/contract/staff-coupon';
import type { DefineRoute } from '../../http/define-route';
import type { CouponAdminService } from './coupon-admin.service';
import type { MemberRebateService } from './member-rebate.service';

/** The member's coupons (the related account's while switched) and 运营's console. */
export function registerMemberRebateRoutes(
  route: DefineRoute,
  coupons: MemberRebateService,
  admin: CouponAdminService,
): void {
  route(MemberRebate.GetRegisterRebates, async ({ requireMember }) =>
    coupons.registerRebates(requireMember().id),
  );
  route(MemberRebate.ReceiveRebate, async ({ requireMember }) =>
    coupons.receiveRebate(requireMember().id),
  );
  route(MemberRebate.GetList, async ({ input, requireMember }) =>
    coupons.list(requireMember().id, input.state, input),
  );
  route(MemberRebate.GetNum, async ({ requireMember }) => coupons.counts(requireMember().id));
  route(MemberRebate.GetAvailableNum, async ({ requireMember }) =>
    coupons.availableNum(requireMember().id),
  );
  route(MemberRebate.GetAvailableList, async ({ requireMember }) =>
    coupons.availableList(requireMember().id),
  );
  route(MemberRebate.getPcbUseableRebates, async ({ input, requireMember }) =>
    coupons.usableForOrder(requireMember(), 'pcb', input.orderId),
  );
  route(MemberRebate.getSmtUseableRebates, async ({ input, requireMember }) =>
    coupons.usableForOrder(requireMember(), 'smt', input.orderId),
  );
  route(MemberRebate.getStencilUseableRebates, async ({ input, requireMember }) =>
    coupons.usableForOrder(requireMember(), 'stencil', input.orderId),
  );
  route(MemberRebate.getLayoutUseableRebates, async ({ input, requireMember }) =>
    coupons.usableForAmount(requireMember().id, 'layout', input.amount),
  );
  route(MemberRebate.getBomUseableRebates, async ({ input, requireMember }) =>
    coupons.usableForAmount(requireMember().id, 'bom', input.amount),
  );
  route(MemberRebate.CheckPcbCouponUseable, async ({ input, requireMember }) =>
    coupons.checkForOrder(requireMember(), 'pcb', input.orderId, input.couponId),
  );
  route(MemberRebate.CheckSmtCouponUseable, async ({ input, requireMember }) =>
    coupons.checkForOrder(requireMember(), 'smt', input.orderId, input.couponId),
  );
  route(MemberRebate.CheckStencilCouponUseable, async ({ input, requireMember }) =>
    coupons.checkForOrder(requireMember(), 'stencil', input.orderId, input.couponId),
  );
  route(MemberRebate.CheckLayoutCouponUseable, async ({ input, requireMember }) =>
    coupons.checkForAmount(requireMember().id, 'layout', input.amount, input.couponId),
  );
  route(MemberRebate.CheckBomCouponUseable, async ({ input, requireMember }) =>
    coupons.checkForAmount(requireMember().id, 'bom', input.amount, input.couponId),
  );
  route(MemberRebate.GetCampaigns, async ({ requireMember }) =>
    coupons.campaigns(requireMember().id),
  );
  route(MemberRebate.ClaimCampaign, async ({ input, requireMember }) =>
    coupons.claim(requireMember().id, input.id),
  );

  route(StaffCoupon.ListTemplates, async () => admin.templates());
  route(StaffCoupon.CreateTemplate, async ({ input, write }) =>
    admin.createTemplate(write(), input),
  );
  route(StaffCoupon.SetTemplateActive, async ({ input, write }) =>
    admin.setTemplateActive(write(), input.id, input.isActive),
  );
  route(StaffCoupon.ListCampaigns, async () => admin.campaigns());
  route(StaffCoupon.CreateCampaign, async ({ input, write }) =>
    admin.createCampaign(write(), input),
  );
  route(StaffCoupon.SetCampaignActive, async ({ input, write }) =>
    admin.setCampaignActive(write(), input.id, input.isActive),
  );
  route(StaffCoupon.GetBundle, async () => admin.bundle());
  route(StaffCoupon.SetBundle, async ({ input, write }) => admin.setBundle(write(), input.items));
  route(StaffCoupon.Grant, async ({ input, write }) => admin.grant(write(), input), {
    beforeWrite: async ({ input }) => admin.assertMember(input.memberId),
  });
  route(StaffCoupon.MemberCoupons, async ({ input }) =>
    admin.memberCoupons(input.memberId, input.state ?? 'unused', input),
  );
  route(StaffCoupon.Redeem, async ({ input, write }) => admin.redeem(write(), input), {
    beforeWrite: async ({ input }) => admin.assertMember(input.memberId),
  });
  route(StaffCoupon.ListDeductions, async ({ input }) =>
    admin.deductions({ orderId: input.orderId, memberId: input.memberId }, input),
  );
}
