import {
  CAMPAIGN_NOT_FOUND_MESSAGE,
  CAMPAIGN_SOLD_OUT_MESSAGE,
  COUPON_NOT_FOUND_MESSAGE,
  REGISTER_EMPTY_MESSAGE,
  REGISTER_RECEIVED_MESSAGE,
  USABLE_LIST_OTHERS_MAX,
  USABLE_LIST_USABLE_MAX,
  campaignLimitMessage,
  couponDeduction,
  couponRefusal,
  type Campaign,
  type CouponCheck,
  type CouponServiceType,
  type CouponState,
  type MemberCoupon,
  type OrderKind,
  type RegisterRebates,
  type UsableCoupon,
  type UsableCoupons,
} from '@pcb/contract';
import type { Db } from '../../db/client';
import { mapPage, type Page, type PageRequest } from '../../db/paged-list';
import type { AuthMember } from '../../http/auth';
import { AppError } from '../../http/errors';
import type { Clock } from '../../lib/clock';
import { offerOf, soonAfter, termsOf, toMemberCoupon } from './coupon-terms';
import type { MemberRebateRepository } from './member-rebate.repository';
import type { MemberCouponRow } from './member-rebate.table';

export const ORDER_NOT_FOUND_MESSAGE = '订单不存在';
/** Expired coupons this recent are listed on the pay sheet as unusable (过期). */
const RECENTLY_EXPIRED_MS = 30 * 86_400_000;

/** What the coupon calls read of an order: the payment module's view of it (`PayableOrders`). */
export interface CouponOrders {
  find(id: number): Promise<{
    id: number;
    memberId: number;
    kind: OrderKind;
    total: number;
    deletedAt: Date | null;
  } | null>;
}

/** The member's coupons, the registration bundle, the claim centre, the pay sheet's list. */
export function createMemberRebateService(deps: {
  db: Db;
  repository: MemberRebateRepository;
  orders: () => CouponOrders;
  now: Clock;
}) {
  const { repository, db } = deps;

  function withReason(
    row: MemberCouponRow,
    serviceType: CouponServiceType,
    amount: number,
    at: Date,
  ): UsableCoupon {
    const reason = couponRefusal(
      {
        serviceType: row.serviceType,
        amount: row.amountFen,
        minOrderAmount: row.minOrderFen,
        validFrom: row.validFrom,
        validTo: row.validTo,
        used: row.usedAt !== null,
      },
      { serviceType, amount, at },
    );
    return {
      ...toMemberCoupon(row, at),
      isUsable: reason === null,
      deduction: reason === null ? couponDeduction({ amount: row.amountFen }, amount) : 0,
      reason,
    };
  }

  /**
   * Usable first, the largest deduction first, then the one ending soonest (at most
   * USABLE_LIST_USABLE_MAX); the others with why, this service's first (at most
   * USABLE_LIST_OTHERS_MAX, expired in the last 30 days included).
   */
  async function usableOf(
    memberId: number,
    serviceType: CouponServiceType,
    amount: number,
  ): Promise<UsableCoupons> {
    const at = deps.now();
    const found = await repository.forPayment(
      memberId,
      { serviceType, amount, at, since: new Date(at.getTime() - RECENTLY_EXPIRED_MS) },
      { usable: USABLE_LIST_USABLE_MAX, others: USABLE_LIST_OTHERS_MAX },
    );
    const items = [...found.usable, ...found.others].map((row) =>
      withReason(row, serviceType, amount, at),
    );
    return {
      amount,
      items,
      bestId: items[0]?.isUsable ? items[0].id : null,
      usableCount: found.usableCount,
      unusableCount: found.unusableCount,
    };
  }

  /** The caller's order of this kind (any state: the price may still change before paying). */
  async function orderOf(member: AuthMember, kind: OrderKind, id: number) {
    const order = await deps.orders().find(id);
    if (!order || order.memberId !== member.id || order.kind !== kind || order.deletedAt) {
      throw new AppError(404, ORDER_NOT_FOUND_MESSAGE);
    }
    return order;
  }

  async function ownCoupon(memberId: number, id: number): Promise<MemberCouponRow> {
    const row = await repository.coupon(id);
    if (!row || row.memberId !== memberId) throw new AppError(404, COUPON_NOT_FOUND_MESSAGE);
    return row;
  }

  function checkOf(
    row: MemberCouponRow,
    serviceType: CouponServiceType,
    amount: number,
    at: Date,
  ): CouponCheck {
    const item = withReason(row, serviceType, amount, at);
    return {
      isUsable: item.isUsable,
      deduction: item.deduction,
      reason: item.reason,
      payable: amount - item.deduction,
    };
  }

  return {
    async list(
      memberId: number,
      state: CouponState,
      page: PageRequest,
    ): Promise<Page<MemberCoupon>> {
      const at = deps.now();
      return mapPage(await repository.listCoupons(memberId, state, at, page), (rows) =>
        rows.map((row) => toMemberCoupon(row, at)),
      );
    },

    async counts(memberId: number) {
      const at = deps.now();
      return repository.counts(memberId, at, soonAfter(at));
    },

    async availableNum(memberId: number) {
      const { unused, expiringSoon } = await this.counts(memberId);
      return { count: unused, expiringSoon };
    },

    async availableList(memberId: number): Promise<MemberCoupon[]> {
      const at = deps.now();
      return (await repository.openCoupons(memberId, at, 100)).map((row) =>
        toMemberCoupon(row, at),
      );
    },

    /** The pay sheet's list for one of the caller's orders. */
    async usableForOrder(member: AuthMember, kind: OrderKind, orderId: number) {
      const order = await orderOf(member, kind, orderId);
      return usableOf(member.id, kind, order.total);
    },

    /** Layout and BOM: no order, an amount the sales quote names (decision 0061). */
    async usableForAmount(memberId: number, serviceType: CouponServiceType, amount: number) {
      return usableOf(memberId, serviceType, amount);
    },

    async checkForOrder(member: AuthMember, kind: OrderKind, orderId: number, couponId: number) {
      const order = await orderOf(member, kind, orderId);
      const row = await ownCoupon(member.id, couponId);
      return checkOf(row, kind, order.total, deps.now());
    },

    async checkForAmount(
      memberId: number,
      serviceType: CouponServiceType,
      amount: number,
      couponId: number,
    ) {
      const row = await ownCoupon(memberId, couponId);
      return checkOf(row, serviceType, amount, deps.now());
    },

    async registerRebates(memberId: number): Promise<RegisterRebates> {
      const [items, receipt] = await Promise.all([
        repository.bundle(),
        repository.receipt(memberId),
      ]);
      const templates = await repository.templatesById(items.map((i) => i.templateId));
      return {
        items: items.flatMap((item) => {
          const template = templates.get(item.templateId);
          return template ? [offerOf(template, item.quantity)] : [];
        }),
        isReceived: receipt !== null,
        receivedAt: receipt?.receivedAt.toISOString() ?? null,
      };
    },

    /**
     * The registration bundle, once per member: the receipt's primary key refuses a second one,
     * also when twenty arrive at once (the others wait for the first's insert, then conflict).
     */
    async receiveRebate(memberId: number): Promise<{ count: number }> {
      const at = deps.now();
      const items = await repository.bundle();
      const templates = await repository.templatesById(items.map((i) => i.templateId));
      const rows = items.flatMap((item) => {
        const template = templates.get(item.templateId);
        const terms = template && template.isActive ? termsOf(template, at) : null;
        return terms
          ? Array.from({ length: item.quantity }, () => ({
              ...terms,
              memberId,
              source: 'register' as const,
            }))
          : [];
      });
      if (rows.length === 0) {
        if (await repository.receipt(memberId)) throw new AppError(400, REGISTER_RECEIVED_MESSAGE);
        throw new AppError(400, REGISTER_EMPTY_MESSAGE);
      }
      return db.transaction(async (tx) => {
        if (!(await repository.insertReceipt(tx, memberId, rows.length, at))) {
          throw new AppError(400, REGISTER_RECEIVED_MESSAGE);
        }
        await repository.insertCoupons(tx, rows);
        return { count: rows.length };
      });
    },

    async campaigns(memberId: number): Promise<Campaign[]> {
      const campaigns = await repository.openCampaigns(deps.now());
      const [templates, claims] = await Promise.all([
        repository.templatesById(campaigns.map((c) => c.templateId)),
        repository.claimsOf(
          memberId,
          campaigns.map((c) => c.id),
        ),
      ]);
      return campaigns.flatMap((c) => {
        const template = templates.get(c.templateId);
        if (!template) return [];
        const stockLeft = c.stock - c.claimed;
        return [
          {
            id: c.id,
            name: c.name,
            coupon: offerOf(template, 1),
            stock: c.stock,
            stockLeft,
            perMemberLimit: c.perMemberLimit,
            remaining: Math.max(0, c.perMemberLimit - (claims.get(c.id) ?? 0)),
            startsAt: c.startsAt.toISOString(),
            endsAt: c.endsAt.toISOString(),
          },
        ];
      });
    },

    /**
     * One coupon of a campaign (decision 0062). In one transaction: the member's counter goes up
     * only below the limit (its row locked), then the stock only below the stock (the campaign's
     * row locked); either refusing rolls both back. Locks are taken in that order by every
     * claim, so claims never wait on each other crosswise.
     */
    async claim(memberId: number, campaignId: number) {
      const at = deps.now();
      const campaign = await repository.campaign(campaignId);
      if (
        !campaign ||
        !campaign.isActive ||
        campaign.startsAt.getTime() > at.getTime() ||
        campaign.endsAt.getTime() <= at.getTime()
      ) {
        throw new AppError(404, CAMPAIGN_NOT_FOUND_MESSAGE);
      }
      const template = await repository.template(campaign.templateId);
      const terms = template ? termsOf(template, at) : null;
      if (!terms) throw new AppError(404, CAMPAIGN_NOT_FOUND_MESSAGE);
      if (campaign.claimed >= campaign.stock) throw new AppError(400, CAMPAIGN_SOLD_OUT_MESSAGE);
      return db.transaction(async (tx) => {
        const claimed = await repository.countClaim(
          tx,
          campaign.id,
          memberId,
          campaign.perMemberLimit,
        );
        if (claimed === null) {
          throw new AppError(400, campaignLimitMessage(campaign.perMemberLimit));
        }
        if (!(await repository.takeStock(tx, campaign.id, at))) {
          throw new AppError(400, CAMPAIGN_SOLD_OUT_MESSAGE);
        }
        const [row] = await repository.insertCoupons(tx, [
          { ...terms, memberId, source: 'campaign', campaignId: campaign.id },
        ]);
        return {
          coupon: toMemberCoupon(row!, at),
          remaining: campaign.perMemberLimit - claimed,
        };
      });
    },
  };
}

export type MemberRebateService = ReturnType<typeof createMemberRebateService>;
