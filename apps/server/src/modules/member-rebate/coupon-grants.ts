import type { CouponOffer } from '@pcb/contract';
import type { Tx } from '../../db/client';
import { AppError } from '../../http/errors';
import type { Clock } from '../../lib/clock';
import {
  TEMPLATE_ENDED_MESSAGE,
  TEMPLATE_INACTIVE_MESSAGE,
  TEMPLATE_NOT_FOUND_MESSAGE,
} from './coupon-admin.service';
import { offerOf, termsOf } from './coupon-terms';
import type { MemberRebateRepository } from './member-rebate.repository';

/**
 * Coupons other modules give from a template (the points shop, decision 0074): one coupon in
 * the caller's transaction, with the template's terms as a staff grant has them (source
 * `grant`, nobody named as granting), and the templates' offers to show.
 */
export function createCouponGrants(deps: { repository: MemberRebateRepository; now: Clock }) {
  return {
    /** One coupon of the template for the member; refused while the template cannot be given. */
    async grantIn(tx: Tx, memberId: number, templateId: number) {
      const template = await deps.repository.template(templateId, tx);
      if (!template) throw new AppError(404, TEMPLATE_NOT_FOUND_MESSAGE);
      if (!template.isActive) throw new AppError(409, TEMPLATE_INACTIVE_MESSAGE);
      const terms = termsOf(template, deps.now());
      if (!terms) throw new AppError(409, TEMPLATE_ENDED_MESSAGE);
      const [row] = await deps.repository.insertCoupons(tx, [
        { ...terms, memberId, source: 'grant' as const, grantedBy: null },
      ]);
      return { id: row!.id, name: row!.name };
    },

    /** The templates' offers (what a coupon of each would be), by id. */
    async offersOf(
      ids: readonly number[],
    ): Promise<Map<number, CouponOffer & { isActive: boolean }>> {
      const templates = await deps.repository.templatesById(ids);
      return new Map(
        [...templates].map(([id, t]) => [id, { ...offerOf(t, 1), isActive: t.isActive }]),
      );
    },
  };
}
export type CouponGrants = ReturnType<typeof createCouponGrants>;
