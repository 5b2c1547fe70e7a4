import {
  COUPON_NOT_FOUND_MESSAGE,
  couponRefusal,
  couponServiceNames,
  type CouponDeduction,
  type CouponState,
  type CouponTemplate,
  type CouponTemplateInput,
  type RedeemCouponInput,
  type StaffCampaign,
  type StaffMemberCoupon,
} from '@pcb/contract';
import { mapPage, type PageRequest } from '../../db/paged-list';
import type { StaffWrite } from '../../http/define-route';
import { AppError } from '../../http/errors';
import type { Clock } from '../../lib/clock';
import type { MemberApi } from '../member/member.module';
import type { StaffApi } from '../staff/staff.module';
import { termsOf, toMemberCoupon } from './coupon-terms';
import type { MemberRebateRepository } from './member-rebate.repository';
import type { CouponCampaignRow, CouponTemplateRow, MemberCouponRow } from './member-rebate.table';

export const TEMPLATE_NOT_FOUND_MESSAGE = '优惠券模板不存在';
export const TEMPLATE_INACTIVE_MESSAGE = '该模板已停用，不能发放';
export const TEMPLATE_ENDED_MESSAGE = '该模板的有效期已结束，不能发放';
export const CAMPAIGN_MISSING_MESSAGE = '活动不存在';
export const MEMBER_NOT_FOUND_MESSAGE = '会员不存在';
export const NOT_OFFLINE_COUPON_MESSAGE =
  '只有PCB设计、BOM配单优惠券可核销线下报价，其他优惠券在付款时使用';

const toTemplate = (row: CouponTemplateRow, granted = 0): CouponTemplate => ({
  id: row.id,
  name: row.name,
  serviceType: row.serviceType,
  amount: row.amountFen,
  minOrderAmount: row.minOrderFen,
  validityKind: row.validityKind,
  validFrom: row.validFrom?.toISOString() ?? null,
  validTo: row.validTo?.toISOString() ?? null,
  validDays: row.validDays,
  isActive: row.isActive,
  granted,
  createdAt: row.createdAt.toISOString(),
});

const toCampaign = (row: CouponCampaignRow, templateName: string): StaffCampaign => ({
  id: row.id,
  name: row.name,
  templateId: row.templateId,
  templateName,
  stock: row.stock,
  claimed: row.claimed,
  perMemberLimit: row.perMemberLimit,
  startsAt: row.startsAt.toISOString(),
  endsAt: row.endsAt.toISOString(),
  isActive: row.isActive,
});

/** 运营's coupons (decision 0062): every write audited in its own transaction. */
export function createCouponAdminService(deps: {
  repository: MemberRebateRepository;
  members: Pick<MemberApi, 'namesOf'> & { findById: MemberApi['members']['findById'] };
  staff: Pick<StaffApi, 'namesOf'>;
  now: Clock;
}) {
  const { repository } = deps;

  async function staffCoupons(rows: MemberCouponRow[]): Promise<StaffMemberCoupon[]> {
    const names = await deps.staff.namesOf(rows.map((r) => r.redeemedBy));
    const at = deps.now();
    return rows.map((row) => ({
      ...toMemberCoupon(row, at),
      redeemedBy: row.redeemedBy === null ? null : (names.get(row.redeemedBy)?.realName ?? null),
    }));
  }

  async function mustTemplate(w: StaffWrite | null, id: number) {
    const row = await repository.template(id, w?.tx);
    if (!row) throw new AppError(404, TEMPLATE_NOT_FOUND_MESSAGE, { field: 'templateId' });
    return row;
  }

  return {
    async templates() {
      return (await repository.templates()).map((row) => toTemplate(row, row.granted));
    },

    async createTemplate(w: StaffWrite, input: CouponTemplateInput) {
      const fixed = input.validityKind === 'fixed';
      const row = await repository.insertTemplate(w.tx, {
        name: input.name,
        serviceType: input.serviceType,
        amountFen: input.amount,
        minOrderFen: input.minOrderAmount,
        validityKind: input.validityKind,
        validFrom: fixed ? new Date(input.validFrom!) : null,
        validTo: fixed ? new Date(input.validTo!) : null,
        validDays: fixed ? null : input.validDays!,
        createdAt: deps.now(),
      });
      const template = toTemplate(row);
      await w.audit('couponTemplate', row.id, null, template);
      return template;
    },

    async setTemplateActive(w: StaffWrite, id: number, isActive: boolean) {
      const before = await mustTemplate(w, id);
      const after = await repository.setTemplateActive(w.tx, id, isActive);
      if (!after) throw new AppError(404, TEMPLATE_NOT_FOUND_MESSAGE);
      await w.audit('couponTemplate', id, { isActive: before.isActive }, { isActive });
      return toTemplate(after);
    },

    async campaigns() {
      const rows = await repository.campaigns();
      const templates = await repository.templatesById(rows.map((r) => r.templateId));
      return rows.map((row) => toCampaign(row, templates.get(row.templateId)?.name ?? ''));
    },

    async createCampaign(
      w: StaffWrite,
      input: {
        name: string;
        templateId: number;
        stock: number;
        perMemberLimit: number;
        startsAt: string;
        endsAt: string;
      },
    ) {
      const template = await mustTemplate(w, input.templateId);
      const row = await repository.insertCampaign(w.tx, {
        name: input.name,
        templateId: template.id,
        stock: input.stock,
        perMemberLimit: input.perMemberLimit,
        startsAt: new Date(input.startsAt),
        endsAt: new Date(input.endsAt),
        createdAt: deps.now(),
      });
      const campaign = toCampaign(row, template.name);
      await w.audit('couponCampaign', row.id, null, campaign);
      return campaign;
    },

    async setCampaignActive(w: StaffWrite, id: number, isActive: boolean) {
      const before = await repository.campaign(id, w.tx);
      if (!before) throw new AppError(404, CAMPAIGN_MISSING_MESSAGE);
      const after = await repository.setCampaignActive(w.tx, id, isActive);
      if (!after) throw new AppError(404, CAMPAIGN_MISSING_MESSAGE);
      await w.audit('couponCampaign', id, { isActive: before.isActive }, { isActive });
      const template = await repository.template(after.templateId, w.tx);
      return toCampaign(after, template?.name ?? '');
    },

    async bundle() {
      const items = await repository.bundle();
      const templates = await repository.templatesById(items.map((i) => i.templateId));
      return items.map((i) => ({
        templateId: i.templateId,
        templateName: templates.get(i.templateId)?.name ?? '',
        quantity: i.quantity,
      }));
    },

    async setBundle(w: StaffWrite, items: { templateId: number; quantity: number }[]) {
      const ids = new Set<number>();
      for (const item of items) {
        if (ids.has(item.templateId)) {
          throw new AppError(400, '同一模板只能出现一次，请合并张数', { field: 'items' });
        }
        ids.add(item.templateId);
        await mustTemplate(w, item.templateId);
      }
      const before = await this.bundle();
      await repository.setBundle(w.tx, items);
      await w.audit('couponBundle', null, { items: before }, { items });
      const templates = await repository.templatesById([...ids]);
      return items.map((i) => ({
        templateId: i.templateId,
        templateName: templates.get(i.templateId)?.name ?? '',
        quantity: i.quantity,
      }));
    },

    async assertMember(memberId: number) {
      if (!(await deps.members.findById(memberId))) {
        throw new AppError(404, MEMBER_NOT_FOUND_MESSAGE, { field: 'memberId' });
      }
    },

    async grant(
      w: StaffWrite,
      input: { memberId: number; templateId: number; quantity: number; reason: string },
    ) {
      const template = await mustTemplate(w, input.templateId);
      if (!template.isActive) throw new AppError(400, TEMPLATE_INACTIVE_MESSAGE);
      const terms = termsOf(template, deps.now());
      if (!terms) throw new AppError(400, TEMPLATE_ENDED_MESSAGE);
      const rows = await repository.insertCoupons(
        w.tx,
        Array.from({ length: input.quantity }, () => ({
          ...terms,
          memberId: input.memberId,
          source: 'grant' as const,
          grantedBy: w.staff.id,
        })),
      );
      await w.audit('memberCoupon', input.memberId, null, {
        templateId: template.id,
        quantity: input.quantity,
        couponIds: rows.map((r) => r.id),
        reason: input.reason,
      });
      return { count: rows.length };
    },

    /** A member's coupons as staff see them (unused ones ending soonest first). */
    async memberCoupons(memberId: number, state: CouponState, page: PageRequest) {
      return mapPage(await repository.listCoupons(memberId, state, deps.now(), page), staffCoupons);
    },

    /**
     * Redeems (核销) a member's layout or BOM coupon against an offline quote the member accepted
     * (decision 0066): the conditional update decides, so a coupon is redeemed once however many
     * staff press at once; audited with the quote.
     */
    async redeem(w: StaffWrite, input: RedeemCouponInput) {
      const at = deps.now();
      const taken = await repository.redeem(w.tx, {
        couponId: input.couponId,
        memberId: input.memberId,
        quoteRef: input.quoteRef,
        quoteAmount: input.quoteAmount,
        staffId: w.staff.id,
        at,
      });
      if (!taken) {
        const row = await repository.coupon(input.couponId, w.tx);
        if (!row || row.memberId !== input.memberId) {
          throw new AppError(404, COUPON_NOT_FOUND_MESSAGE, { field: 'couponId' });
        }
        if (row.serviceType !== 'layout' && row.serviceType !== 'bom') {
          throw new AppError(400, NOT_OFFLINE_COUPON_MESSAGE, { field: 'couponId' });
        }
        const reason = couponRefusal(
          {
            serviceType: row.serviceType,
            amount: row.amountFen,
            minOrderAmount: row.minOrderFen,
            validFrom: row.validFrom,
            validTo: row.validTo,
            used: row.usedAt !== null,
          },
          { serviceType: row.serviceType, amount: input.quoteAmount, at },
        );
        throw new AppError(400, reason ?? '该优惠券不可用', {
          field: reason?.startsWith('满') ? 'quoteAmount' : 'couponId',
        });
      }
      await w.audit(
        'memberCoupon',
        taken.id,
        { memberId: taken.memberId, state: 'unused' },
        {
          state: 'used',
          service: couponServiceNames[taken.serviceType],
          quoteRef: taken.redeemedQuote,
          quoteAmount: taken.redeemedQuoteFen,
          deduction: taken.redeemedFen,
        },
      );
      // Not through the pool: this transaction holds a connection while others wait on its row.
      return { ...toMemberCoupon(taken, at), redeemedBy: w.staff.realName };
    },

    async deductions(
      filter: { orderId?: number | undefined; memberId?: number | undefined },
      page: PageRequest,
    ) {
      return mapPage(await repository.deductions(filter, page), async (rows) => {
        const names = await deps.members.namesOf(rows.map((r) => r.memberId));
        return rows.map((r): CouponDeduction => ({
          orderId: r.orderId,
          orderNo: r.orderNo,
          member: names.get(r.memberId)!,
          couponId: r.couponId,
          couponName: r.couponName,
          amount: r.amountFen,
          usedAt: r.usedAt.toISOString(),
          returnedAt: r.returnedAt?.toISOString() ?? null,
        }));
      });
    },
  };
}

export type CouponAdminService = ReturnType<typeof createCouponAdminService>;
