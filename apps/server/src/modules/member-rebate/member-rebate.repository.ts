import {
  and,
  asc,
  count,
  desc,
  eq,
  gt,
  inArray,
  isNotNull,
  isNull,
  lte,
  sql,
  type SQL,
} from 'drizzle-orm';
import type { CouponState } from '@pcb/contract';
import type { Db, Executor, Tx } from '../../db/client';
import { pagedList, type Page, type PageRequest } from '../../db/paged-list';
import {
  couponBundleItem,
  couponCampaign,
  couponCampaignClaim,
  couponRegisterReceipt,
  couponTemplate,
  couponUse,
  memberCoupon,
  type CouponCampaignRow,
  type CouponTemplateRow,
  type CouponUseRow,
  type MemberCouponRow,
} from './member-rebate.table';

export type NewMemberCoupon = typeof memberCoupon.$inferInsert;
export type NewCouponTemplate = typeof couponTemplate.$inferInsert;
export type NewCampaign = typeof couponCampaign.$inferInsert;

/** The derived state as a condition on the member's coupons. */
function stateWhere(state: CouponState, at: Date): SQL {
  if (state === 'used') return isNotNull(memberCoupon.usedAt);
  if (state === 'expired') return and(isNull(memberCoupon.usedAt), lte(memberCoupon.validTo, at))!;
  return and(isNull(memberCoupon.usedAt), gt(memberCoupon.validTo, at))!;
}

/** Coupons, their templates, campaigns, the bundle and the uses: queries only. */
export function createMemberRebateRepository(db: Db) {
  return {
    async listCoupons(
      memberId: number,
      state: CouponState,
      at: Date,
      page: PageRequest,
    ): Promise<Page<MemberCouponRow>> {
      const orderBy =
        state === 'unused'
          ? [asc(memberCoupon.validTo), asc(memberCoupon.id)]
          : state === 'used'
            ? [desc(memberCoupon.usedAt), desc(memberCoupon.id)]
            : [desc(memberCoupon.validTo), desc(memberCoupon.id)];
      return pagedList(
        db,
        {
          from: memberCoupon,
          where: and(eq(memberCoupon.memberId, memberId), stateWhere(state, at)),
          orderBy,
        },
        page,
      );
    },

    /** Counts by state, and the unused ones ending before `soon`: one scan of the member's rows. */
    async counts(memberId: number, at: Date, soon: Date) {
      const [row] = await db
        .select({
          used: sql<number>`count(*) FILTER (WHERE ${memberCoupon.usedAt} IS NOT NULL)`.mapWith(
            Number,
          ),
          unused:
            sql<number>`count(*) FILTER (WHERE ${memberCoupon.usedAt} IS NULL AND ${memberCoupon.validTo} > ${at})`.mapWith(
              Number,
            ),
          expired:
            sql<number>`count(*) FILTER (WHERE ${memberCoupon.usedAt} IS NULL AND ${memberCoupon.validTo} <= ${at})`.mapWith(
              Number,
            ),
          expiringSoon:
            sql<number>`count(*) FILTER (WHERE ${memberCoupon.usedAt} IS NULL AND ${memberCoupon.validTo} > ${at} AND ${memberCoupon.validTo} <= ${soon})`.mapWith(
              Number,
            ),
        })
        .from(memberCoupon)
        .where(eq(memberCoupon.memberId, memberId));
      return row ?? { used: 0, unused: 0, expired: 0, expiringSoon: 0 };
    },

    /** Not used and ending after `after`, ending soonest first. */
    openCoupons(memberId: number, after: Date, limit: number): Promise<MemberCouponRow[]> {
      return db
        .select()
        .from(memberCoupon)
        .where(
          and(
            eq(memberCoupon.memberId, memberId),
            isNull(memberCoupon.usedAt),
            gt(memberCoupon.validTo, after),
          ),
        )
        .orderBy(asc(memberCoupon.validTo), asc(memberCoupon.id))
        .limit(limit);
    },

    /**
     * The pay sheet's coupons for a service and a payable total (decision 0061): the usable
     * ones (the rule of `couponRefusal` as SQL) best first, the member's other open or recently
     * expired ones this service's first, each list capped, and how many there are of each —
     * three reads of the member's index instead of all their rows.
     */
    async forPayment(
      memberId: number,
      c: { serviceType: MemberCouponRow['serviceType']; amount: number; at: Date; since: Date },
      caps: { usable: number; others: number },
    ) {
      const open = and(
        eq(memberCoupon.memberId, memberId),
        isNull(memberCoupon.usedAt),
        gt(memberCoupon.validTo, c.since),
      );
      const usable = sql`(${memberCoupon.validFrom} <= ${c.at} AND ${memberCoupon.validTo} > ${c.at}
        AND ${memberCoupon.serviceType} = ${c.serviceType} AND ${memberCoupon.minOrderFen} <= ${c.amount})`;
      const [best, others, counts] = await Promise.all([
        db
          .select()
          .from(memberCoupon)
          .where(and(open, usable))
          .orderBy(
            desc(sql`least(${memberCoupon.amountFen}, ${c.amount})`),
            asc(memberCoupon.validTo),
            asc(memberCoupon.id),
          )
          .limit(caps.usable),
        db
          .select()
          .from(memberCoupon)
          .where(and(open, sql`NOT ${usable}`))
          .orderBy(
            desc(sql`${memberCoupon.serviceType} = ${c.serviceType}`),
            asc(memberCoupon.validTo),
            asc(memberCoupon.id),
          )
          .limit(caps.others),
        db
          .select({
            usable: sql<number>`count(*) FILTER (WHERE ${usable})`.mapWith(Number),
            all: count(),
          })
          .from(memberCoupon)
          .where(open),
      ]);
      const usableCount = counts[0]?.usable ?? 0;
      return {
        usable: best,
        others,
        usableCount,
        unusableCount: (counts[0]?.all ?? 0) - usableCount,
      };
    },

    async coupon(id: number, ex: Executor = db): Promise<MemberCouponRow | null> {
      const [row] = await ex.select().from(memberCoupon).where(eq(memberCoupon.id, id));
      return row ?? null;
    },

    async insertCoupons(ex: Executor, rows: NewMemberCoupon[]): Promise<MemberCouponRow[]> {
      if (rows.length === 0) return [];
      return ex.insert(memberCoupon).values(rows).returning();
    },

    /**
     * Takes the coupon for the order if it is the member's, not used, within its window, of the
     * order's service and the total reaches its minimum: the database's own check of the rule
     * (a second payment waits for the first's row lock, then finds it used). Null: not taken.
     */
    async take(
      tx: Tx,
      c: {
        couponId: number;
        memberId: number;
        orderId: number;
        orderNo: string;
        serviceType: MemberCouponRow['serviceType'];
        total: number;
        at: Date;
      },
    ): Promise<MemberCouponRow | null> {
      const [row] = await tx
        .update(memberCoupon)
        .set({ usedOrderId: c.orderId, usedOrderNo: c.orderNo, usedAt: c.at })
        .where(
          and(
            eq(memberCoupon.id, c.couponId),
            eq(memberCoupon.memberId, c.memberId),
            isNull(memberCoupon.usedAt),
            isNull(memberCoupon.heldAttemptId),
            lte(memberCoupon.validFrom, c.at),
            gt(memberCoupon.validTo, c.at),
            eq(memberCoupon.serviceType, c.serviceType),
            lte(memberCoupon.minOrderFen, c.total),
          ),
        )
        .returning();
      return row ?? null;
    },

    /**
     * Redeems a layout or BOM coupon against an offline quote (decision 0066) if it is the
     * member's, not used, within its window and the quote reaches its minimum: one conditional
     * update, so of many redemptions at once one takes it. Null: not taken.
     */
    async redeem(
      tx: Tx,
      c: {
        couponId: number;
        memberId: number;
        quoteRef: string;
        quoteAmount: number;
        staffId: number;
        at: Date;
      },
    ): Promise<MemberCouponRow | null> {
      const [row] = await tx
        .update(memberCoupon)
        .set({
          usedAt: c.at,
          redeemedQuote: c.quoteRef,
          redeemedQuoteFen: c.quoteAmount,
          redeemedFen: sql`least(${memberCoupon.amountFen}, ${c.quoteAmount})`,
          redeemedBy: c.staffId,
        })
        .where(
          and(
            eq(memberCoupon.id, c.couponId),
            eq(memberCoupon.memberId, c.memberId),
            isNull(memberCoupon.usedAt),
            isNull(memberCoupon.heldAttemptId),
            inArray(memberCoupon.serviceType, ['layout', 'bom']),
            lte(memberCoupon.validFrom, c.at),
            gt(memberCoupon.validTo, c.at),
            lte(memberCoupon.minOrderFen, c.quoteAmount),
          ),
        )
        .returning();
      return row ?? null;
    },

    /**
     * Holds the coupon for an online payment (decision 0064) on the same terms as `take`: the
     * coupon's row names the attempt, so it is in at most one payment under way and never in one
     * while it is used (CHECK). Null: not held.
     */
    async hold(
      tx: Tx,
      c: {
        couponId: number;
        memberId: number;
        attemptId: number;
        serviceType: MemberCouponRow['serviceType'];
        total: number;
        at: Date;
      },
    ): Promise<MemberCouponRow | null> {
      const [row] = await tx
        .update(memberCoupon)
        .set({ heldAttemptId: c.attemptId })
        .where(
          and(
            eq(memberCoupon.id, c.couponId),
            eq(memberCoupon.memberId, c.memberId),
            isNull(memberCoupon.usedAt),
            isNull(memberCoupon.heldAttemptId),
            lte(memberCoupon.validFrom, c.at),
            gt(memberCoupon.validTo, c.at),
            eq(memberCoupon.serviceType, c.serviceType),
            lte(memberCoupon.minOrderFen, c.total),
          ),
        )
        .returning();
      return row ?? null;
    },

    /** The coupon's row, locked (the settlement's order: the order, the attempt, the coupon). */
    async lockCoupon(tx: Tx, id: number): Promise<MemberCouponRow | null> {
      const [row] = await tx
        .select()
        .from(memberCoupon)
        .where(eq(memberCoupon.id, id))
        .for('update');
      return row ?? null;
    },

    /**
     * The held (or free again) coupon used for the order: from the attempt's hold, or taken
     * afresh when the hold was given back meanwhile. Null: neither.
     */
    async capture(
      tx: Tx,
      c: { couponId: number; attemptId: number; orderId: number; orderNo: string; at: Date },
    ): Promise<MemberCouponRow | null> {
      const [row] = await tx
        .update(memberCoupon)
        .set({ usedOrderId: c.orderId, usedOrderNo: c.orderNo, usedAt: c.at, heldAttemptId: null })
        .where(
          and(
            eq(memberCoupon.id, c.couponId),
            isNull(memberCoupon.usedAt),
            sql`(${memberCoupon.heldAttemptId} = ${c.attemptId} OR ${memberCoupon.heldAttemptId} IS NULL)`,
          ),
        )
        .returning();
      return row ?? null;
    },

    /** The attempt's hold given back (nothing when it holds none). */
    async release(tx: Tx, attemptId: number): Promise<void> {
      await tx
        .update(memberCoupon)
        .set({ heldAttemptId: null })
        .where(eq(memberCoupon.heldAttemptId, attemptId));
    },

    async insertUse(tx: Tx, row: typeof couponUse.$inferInsert): Promise<void> {
      await tx.insert(couponUse).values(row);
    },

    /** The coupon an order used, by name (its payment's record, decision 0064). */
    async useOf(orderId: number) {
      const [row] = await db
        .select({
          couponId: couponUse.couponId,
          name: memberCoupon.name,
          amountFen: couponUse.amountFen,
          returnedAt: couponUse.returnedAt,
        })
        .from(couponUse)
        .innerJoin(memberCoupon, eq(memberCoupon.id, couponUse.couponId))
        .where(eq(couponUse.orderId, orderId));
      return row ?? null;
    },

    /** The order's deduction given back, once: null when there was none or it went back before. */
    async returnUse(tx: Tx, orderId: number, at: Date): Promise<CouponUseRow | null> {
      const [use] = await tx
        .update(couponUse)
        .set({ returnedAt: at })
        .where(and(eq(couponUse.orderId, orderId), isNull(couponUse.returnedAt)))
        .returning();
      if (!use) return null;
      await tx
        .update(memberCoupon)
        .set({ usedOrderId: null, usedOrderNo: null, usedAt: null })
        .where(and(eq(memberCoupon.id, use.couponId), eq(memberCoupon.usedOrderId, orderId)));
      return use;
    },

    // Templates.
    async templates(): Promise<(CouponTemplateRow & { granted: number })[]> {
      const granted = db
        .select({ templateId: memberCoupon.templateId, n: count().as('n') })
        .from(memberCoupon)
        .groupBy(memberCoupon.templateId)
        .as('g');
      const rows = await db
        .select({
          t: couponTemplate,
          granted: sql<number>`coalesce(${granted.n}, 0)`.mapWith(Number),
        })
        .from(couponTemplate)
        .leftJoin(granted, eq(granted.templateId, couponTemplate.id))
        .orderBy(desc(couponTemplate.id));
      return rows.map((r) => ({ ...r.t, granted: r.granted }));
    },
    async template(id: number, ex: Executor = db): Promise<CouponTemplateRow | null> {
      const [row] = await ex.select().from(couponTemplate).where(eq(couponTemplate.id, id));
      return row ?? null;
    },
    async templatesById(ids: readonly number[]): Promise<Map<number, CouponTemplateRow>> {
      if (ids.length === 0) return new Map();
      const rows = await db
        .select()
        .from(couponTemplate)
        .where(inArray(couponTemplate.id, [...ids]));
      return new Map(rows.map((r) => [r.id, r]));
    },
    async insertTemplate(ex: Executor, row: NewCouponTemplate): Promise<CouponTemplateRow> {
      const [inserted] = await ex.insert(couponTemplate).values(row).returning();
      return inserted!;
    },
    async setTemplateActive(tx: Tx, id: number, isActive: boolean) {
      const [row] = await tx
        .update(couponTemplate)
        .set({ isActive })
        .where(eq(couponTemplate.id, id))
        .returning();
      return row ?? null;
    },

    // Campaigns.
    async campaigns(): Promise<CouponCampaignRow[]> {
      return db.select().from(couponCampaign).orderBy(desc(couponCampaign.id));
    },
    /** Active, open at `at`, with stock left or not (the page shows 已领完). */
    async openCampaigns(at: Date): Promise<CouponCampaignRow[]> {
      return db
        .select()
        .from(couponCampaign)
        .where(
          and(
            eq(couponCampaign.isActive, true),
            lte(couponCampaign.startsAt, at),
            gt(couponCampaign.endsAt, at),
          ),
        )
        .orderBy(asc(couponCampaign.endsAt), asc(couponCampaign.id));
    },
    async campaign(id: number, ex: Executor = db): Promise<CouponCampaignRow | null> {
      const [row] = await ex.select().from(couponCampaign).where(eq(couponCampaign.id, id));
      return row ?? null;
    },
    async insertCampaign(ex: Executor, row: NewCampaign): Promise<CouponCampaignRow> {
      const [inserted] = await ex.insert(couponCampaign).values(row).returning();
      return inserted!;
    },
    async setCampaignActive(tx: Tx, id: number, isActive: boolean) {
      const [row] = await tx
        .update(couponCampaign)
        .set({ isActive })
        .where(eq(couponCampaign.id, id))
        .returning();
      return row ?? null;
    },
    async claimsOf(memberId: number, campaignIds: readonly number[]) {
      if (campaignIds.length === 0) return new Map<number, number>();
      const rows = await db
        .select({
          campaignId: couponCampaignClaim.campaignId,
          claimed: couponCampaignClaim.claimed,
        })
        .from(couponCampaignClaim)
        .where(
          and(
            eq(couponCampaignClaim.memberId, memberId),
            inArray(couponCampaignClaim.campaignId, [...campaignIds]),
          ),
        );
      return new Map(rows.map((r) => [r.campaignId, r.claimed]));
    },
    /** One more of the member's limit, or null when they hold it (the row is locked meanwhile). */
    async countClaim(tx: Tx, campaignId: number, memberId: number, limit: number) {
      const [row] = await tx
        .insert(couponCampaignClaim)
        .values({ campaignId, memberId, claimed: 1, memberLimit: limit })
        .onConflictDoUpdate({
          target: [couponCampaignClaim.campaignId, couponCampaignClaim.memberId],
          set: { claimed: sql`${couponCampaignClaim.claimed} + 1`, memberLimit: limit },
          setWhere: sql`${couponCampaignClaim.claimed} < ${limit}`,
        })
        .returning({ claimed: couponCampaignClaim.claimed });
      return row?.claimed ?? null;
    },
    /** One of the stock, or null when none is left (or the campaign closed meanwhile). */
    async takeStock(tx: Tx, campaignId: number, at: Date): Promise<CouponCampaignRow | null> {
      const [row] = await tx
        .update(couponCampaign)
        .set({ claimed: sql`${couponCampaign.claimed} + 1` })
        .where(
          and(
            eq(couponCampaign.id, campaignId),
            sql`${couponCampaign.claimed} < ${couponCampaign.stock}`,
            eq(couponCampaign.isActive, true),
            lte(couponCampaign.startsAt, at),
            gt(couponCampaign.endsAt, at),
          ),
        )
        .returning();
      return row ?? null;
    },

    // The registration bundle.
    async bundle() {
      return db.select().from(couponBundleItem).orderBy(asc(couponBundleItem.position));
    },
    async setBundle(tx: Tx, items: { templateId: number; quantity: number }[]) {
      await tx.delete(couponBundleItem);
      if (items.length > 0) {
        await tx
          .insert(couponBundleItem)
          .values(items.map((item, position) => ({ ...item, position })));
      }
    },
    async receipt(memberId: number) {
      const [row] = await db
        .select()
        .from(couponRegisterReceipt)
        .where(eq(couponRegisterReceipt.memberId, memberId));
      return row ?? null;
    },
    /** The receipt, once: false when the member received the bundle before. */
    async insertReceipt(tx: Tx, memberId: number, count: number, at: Date): Promise<boolean> {
      const rows = await tx
        .insert(couponRegisterReceipt)
        .values({ memberId, count, receivedAt: at })
        .onConflictDoNothing()
        .returning({ memberId: couponRegisterReceipt.memberId });
      return rows.length > 0;
    },

    // Deductions (finance).
    deductions(
      filter: { orderId?: number | undefined; memberId?: number | undefined },
      page: PageRequest,
    ) {
      const conditions: SQL[] = [];
      if (filter.orderId !== undefined) conditions.push(eq(couponUse.orderId, filter.orderId));
      if (filter.memberId !== undefined) conditions.push(eq(couponUse.memberId, filter.memberId));
      return pagedList<CouponUseRow & { couponName: string }>(
        db,
        {
          from: couponUse,
          fields: {
            orderId: couponUse.orderId,
            orderNo: couponUse.orderNo,
            memberId: couponUse.memberId,
            couponId: couponUse.couponId,
            amountFen: couponUse.amountFen,
            usedAt: couponUse.usedAt,
            returnedAt: couponUse.returnedAt,
            couponName: memberCoupon.name,
          },
          join: (q) => q.innerJoin(memberCoupon, eq(memberCoupon.id, couponUse.couponId)),
          where: conditions.length > 0 ? and(...conditions) : undefined,
          orderBy: [desc(couponUse.usedAt), desc(couponUse.orderId)],
        },
        page,
      );
    },
  };
}

export type MemberRebateRepository = ReturnType<typeof createMemberRebateRepository>;
