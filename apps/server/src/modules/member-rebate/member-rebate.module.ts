import type { Platform } from '../../platform';
import { appModule } from '../app-module';
import type { MemberApi } from '../member/member.module';
import type { StaffApi } from '../staff/staff.module';
import { createCouponAdminService } from './coupon-admin.service';
import { createCouponGrants, type CouponGrants } from './coupon-grants';
import { createCouponPayments, type CouponPayments } from './coupon-payments';

export type { CouponPayments } from './coupon-payments';
import { seedCoupons } from './member-rebate.seed';
import { createMemberRebateRepository } from './member-rebate.repository';
import { registerMemberRebateRoutes } from './member-rebate.routes';
import { createMemberRebateService, type CouponOrders } from './member-rebate.service';

/** What the payment module uses of coupons (decision 0061). */
export interface MemberRebateApi {
  /** Paying takes a coupon and a cancel gives it back, in the payment's transaction. */
  payments: CouponPayments;
  /** The orders the pay sheet's coupon list reads (handed over as the payment module gets them). */
  connectOrders: (orders: CouponOrders) => void;
  /** A coupon from a template, in the caller's transaction (the points shop, decision 0074). */
  grants: CouponGrants;
}

/**
 * Coupons and rebates (issue 21, decisions 0061 and 0062): templates, members' coupons, the
 * registration bundle, the claim centre's campaigns, the pay sheet's usable list, the coupon
 * a payment takes and a cancel gives back. Listed above the payment module, which calls it.
 */
export const memberRebateModule = appModule({
  seed: seedCoupons,
  create: (
    { db, now }: Pick<Platform, 'db' | 'now'>,
    deps: { member: MemberApi; staff: StaffApi },
  ) => {
    let connected: CouponOrders | null = null;
    const repository = createMemberRebateRepository(db);
    const coupons = createMemberRebateService({
      db,
      repository,
      orders: () => {
        if (!connected) throw new Error('member-rebate: the orders have not been connected');
        return connected;
      },
      now,
    });
    const admin = createCouponAdminService({
      repository,
      members: { namesOf: deps.member.namesOf, findById: deps.member.members.findById },
      staff: deps.staff,
      now,
    });
    return {
      api: {
        payments: createCouponPayments({ repository }),
        connectOrders: (orders) => {
          connected = orders;
        },
        grants: createCouponGrants({ repository, now }),
      } satisfies MemberRebateApi,
      routes: (route) => registerMemberRebateRoutes(route, coupons, admin),
    };
  },
});
