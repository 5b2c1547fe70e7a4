import type { Platform } from '../../platform';
import { appModule } from '../app-module';
import type { MemberApi } from '../member/member.module';
import type { MemberPointApi } from '../member-point/member-point.module';
import type { MemberRebateApi } from '../member-rebate/member-rebate.module';
import type { MemberReceiverApi } from '../member-receiver/member-receiver.module';
import { createShopProductRepository } from './shop-product.repository';
import { registerShopProductRoutes } from './shop-product.routes';
import { createShopProductService } from './shop-product.service';

/**
 * The points shop (issue 23, decision 0074): items 运营 keeps (a coupon template's coupon, or
 * goods) with a points price and stock; exchanges spend points through the points module and
 * grant the coupon through member-rebate, or wait as a delivery that staff ship.
 */
export const shopProductModule = appModule({
  create: (
    { db, now }: Pick<Platform, 'db' | 'now'>,
    deps: {
      member: MemberApi;
      memberReceiver: MemberReceiverApi;
      memberRebate: MemberRebateApi;
      memberPoint: MemberPointApi;
    },
  ) => {
    const shop = createShopProductService({
      repository: createShopProductRepository(db),
      points: deps.memberPoint,
      coupons: deps.memberRebate.grants,
      receivers: deps.memberReceiver,
      members: deps.member,
      now,
    });
    return { api: {}, routes: (route) => registerShopProductRoutes(route, shop) };
  },
});
