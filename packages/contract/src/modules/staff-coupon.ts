// The console's coupons (issue 21, decisions 0061 and 0062): 运营 (content) keeps the templates,
// the campaigns, the registration bundle and grants; finance reads the deductions per order.
import { z } from 'zod';
import {
  idQuerySchema,
  idSchema,
  instantSchema,
  intSchema,
  pageInput,
  pageOf,
  text,
} from '../common';
import { defineModule, emptyInput } from '../define';
import {
  couponServiceTypes,
  couponStates,
  couponValidityKinds,
  memberCouponSchema,
} from './member-rebate';
import { memberRefSchema } from './staff-common';

/** The most a coupon takes off: ¥100,000. */
export const COUPON_AMOUNT_MAX = 10_000_000;
export const COUPON_DAYS_MAX = 3650;
export const CAMPAIGN_STOCK_MAX = 1_000_000;
export const GRANT_QUANTITY_MAX = 100;

export const couponTemplateSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  serviceType: z.enum(couponServiceTypes),
  amount: z.number().int(),
  minOrderAmount: z.number().int(),
  validityKind: z.enum(couponValidityKinds),
  validFrom: z.string().nullable(),
  validTo: z.string().nullable(),
  validDays: z.number().int().nullable(),
  isActive: z.boolean(),
  /** Coupons of it members hold (any state). */
  granted: z.number().int(),
  createdAt: z.string(),
});
export type CouponTemplate = z.infer<typeof couponTemplateSchema>;

export const couponTemplateInput = z
  .object({
    name: text(40).trim().min(1, { error: '请填写名称' }).meta({ title: '名称' }),
    serviceType: z
      .enum(couponServiceTypes, { error: '请选择适用业务' })
      .meta({ title: '适用业务' }),
    amount: intSchema(1, COUPON_AMOUNT_MAX).meta({ title: '面额' }),
    minOrderAmount: intSchema(0, 1_000_000_000).meta({ title: '最低订单金额' }),
    validityKind: z
      .enum(couponValidityKinds, { error: '请选择有效期方式' })
      .meta({ title: '有效期' }),
    validFrom: instantSchema.optional().meta({ title: '开始时间' }),
    validTo: instantSchema.optional().meta({ title: '结束时间' }),
    validDays: intSchema(1, COUPON_DAYS_MAX).optional().meta({ title: '领取后有效天数' }),
  })
  .superRefine((v, ctx) => {
    if (v.validityKind === 'fixed') {
      if (!v.validFrom || !v.validTo) {
        ctx.addIssue({
          code: 'custom',
          path: ['validTo'],
          message: '请填写有效期的开始和结束时间',
        });
      } else if (new Date(v.validFrom) >= new Date(v.validTo)) {
        ctx.addIssue({ code: 'custom', path: ['validTo'], message: '结束时间应晚于开始时间' });
      }
    } else if (!v.validDays) {
      ctx.addIssue({ code: 'custom', path: ['validDays'], message: '请填写领取后有效天数' });
    }
    if (v.minOrderAmount > 0 && v.amount > v.minOrderAmount) {
      ctx.addIssue({ code: 'custom', path: ['amount'], message: '面额不能大于最低订单金额' });
    }
  });
export type CouponTemplateInput = z.infer<typeof couponTemplateInput>;

export const staffCampaignSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  templateId: z.number().int(),
  templateName: z.string(),
  stock: z.number().int(),
  claimed: z.number().int(),
  perMemberLimit: z.number().int(),
  startsAt: z.string(),
  endsAt: z.string(),
  isActive: z.boolean(),
});
export type StaffCampaign = z.infer<typeof staffCampaignSchema>;

export const bundleItemSchema = z.object({
  templateId: z.number().int(),
  templateName: z.string(),
  quantity: z.number().int(),
});

export const couponDeductionSchema = z.object({
  orderId: z.number().int(),
  orderNo: z.string(),
  member: memberRefSchema,
  couponId: z.number().int(),
  couponName: z.string(),
  amount: z.number().int(),
  usedAt: z.string(),
  /** Set when the order was cancelled and the deduction went back. */
  returnedAt: z.string().nullable(),
});
export type CouponDeduction = z.infer<typeof couponDeductionSchema>;

/** The service types whose coupons staff redeem against an offline quote (decision 0066). */
export const offlineCouponTypes = ['layout', 'bom'] as const;

/** A member's coupon as staff see it: who redeemed it against a quote, if anyone. */
export const staffMemberCouponSchema = memberCouponSchema.extend({
  redeemedBy: z.string().nullable(),
});
export type StaffMemberCoupon = z.infer<typeof staffMemberCouponSchema>;

/** A quote reference: letters, digits and - _ / . (what sales write on a quote). */
const QUOTE_REF = /^[A-Za-z0-9][A-Za-z0-9._/-]*$/;

export const redeemCouponInput = z.object({
  memberId: idSchema.meta({ title: '会员编号' }),
  couponId: idSchema.meta({ title: '优惠券' }),
  quoteRef: text(40)
    .trim()
    .min(1, { error: '请填写报价单号' })
    .regex(QUOTE_REF, { error: '报价单号只能包含字母、数字和 - _ / .' })
    .meta({ title: '报价单号' }),
  /** The offline quote's amount the member accepted, fen. */
  quoteAmount: intSchema(1, 1_000_000_000).meta({ title: '报价金额' }),
});
export type RedeemCouponInput = z.infer<typeof redeemCouponInput>;

export const StaffCoupon = defineModule('StaffCoupon', {
  ListTemplates: {
    method: 'GET',
    summary: '优惠券模板',
    access: 'staff',
    roles: ['content', 'finance', 'admin'],
    input: emptyInput,
    output: z.array(couponTemplateSchema),
  },
  CreateTemplate: {
    method: 'POST',
    summary: '新建优惠券模板（审计）',
    access: 'staff',
    roles: ['content', 'admin'],
    input: couponTemplateInput,
    output: couponTemplateSchema,
  },
  SetTemplateActive: {
    method: 'POST',
    summary: '启用或停用模板：停用后不再发放（已发放的不受影响，审计）',
    access: 'staff',
    roles: ['content', 'admin'],
    input: z.object({ id: idSchema, isActive: z.boolean().meta({ title: '启用' }) }),
    output: couponTemplateSchema,
  },
  ListCampaigns: {
    method: 'GET',
    summary: '领券活动：库存、已领、每人限领',
    access: 'staff',
    roles: ['content', 'finance', 'admin'],
    input: emptyInput,
    output: z.array(staffCampaignSchema),
  },
  CreateCampaign: {
    method: 'POST',
    summary: '新建领券活动（审计）',
    access: 'staff',
    roles: ['content', 'admin'],
    input: z
      .object({
        name: text(40).trim().min(1, { error: '请填写活动名称' }).meta({ title: '活动名称' }),
        templateId: idSchema.meta({ title: '优惠券模板' }),
        stock: intSchema(1, CAMPAIGN_STOCK_MAX).meta({ title: '库存' }),
        perMemberLimit: intSchema(1, 100).meta({ title: '每人限领' }),
        startsAt: instantSchema.meta({ title: '开始时间' }),
        endsAt: instantSchema.meta({ title: '结束时间' }),
      })
      .refine((v) => new Date(v.startsAt) < new Date(v.endsAt), {
        path: ['endsAt'],
        error: '结束时间应晚于开始时间',
      }),
    output: staffCampaignSchema,
  },
  SetCampaignActive: {
    method: 'POST',
    summary: '上架或下架领券活动（审计）',
    access: 'staff',
    roles: ['content', 'admin'],
    input: z.object({ id: idSchema, isActive: z.boolean().meta({ title: '启用' }) }),
    output: staffCampaignSchema,
  },
  GetBundle: {
    method: 'GET',
    summary: '新人礼包（注册返利）的内容',
    access: 'staff',
    roles: ['content', 'finance', 'admin'],
    input: emptyInput,
    output: z.array(bundleItemSchema),
  },
  SetBundle: {
    method: 'POST',
    summary: '设置新人礼包的内容（只影响之后的领取，审计）',
    access: 'staff',
    roles: ['content', 'admin'],
    input: z.object({
      items: z
        .array(
          z.object({
            templateId: idSchema.meta({ title: '优惠券模板' }),
            quantity: intSchema(1, 10).meta({ title: '张数' }),
          }),
        )
        .max(10, { error: '礼包最多10种优惠券' })
        .meta({ title: '礼包内容' }),
    }),
    output: z.array(bundleItemSchema),
  },
  Grant: {
    method: 'POST',
    summary: '向会员发放优惠券（须填写原因，审计）',
    access: 'staff',
    roles: ['content', 'admin'],
    input: z.object({
      memberId: idSchema.meta({ title: '会员编号' }),
      templateId: idSchema.meta({ title: '优惠券模板' }),
      quantity: intSchema(1, GRANT_QUANTITY_MAX).meta({ title: '张数' }),
      reason: text(200).trim().min(1, { error: '请填写发放原因' }).meta({ title: '原因' }),
    }),
    output: z.object({ count: z.number().int() }),
  },
  ListDeductions: {
    method: 'GET',
    summary: '订单的优惠券抵扣（财务对账、开票扣减用）',
    access: 'staff',
    roles: ['finance', 'content', 'admin'],
    input: z.object({
      orderId: idQuerySchema.optional().meta({ title: '订单' }),
      memberId: idQuerySchema.optional().meta({ title: '会员编号' }),
      ...pageInput,
    }),
    output: pageOf(couponDeductionSchema),
  },
  MemberCoupons: {
    method: 'GET',
    summary: '会员持有的优惠券（按状态；设计、BOM券可在此核销）',
    access: 'staff',
    roles: ['sales', 'finance', 'content', 'admin'],
    input: z.object({
      memberId: idQuerySchema.meta({ title: '会员编号' }),
      state: z.enum(couponStates).optional().meta({ title: '状态' }),
      ...pageInput,
    }),
    output: pageOf(staffMemberCouponSchema),
  },
  Redeem: {
    method: 'POST',
    summary:
      '核销设计/BOM优惠券：抵扣会员已接受的线下报价（报价单号与金额；每张只能核销一次；审计；decision 0066）',
    access: 'staff',
    roles: ['sales', 'finance', 'admin'],
    input: redeemCouponInput,
    output: staffMemberCouponSchema,
  },
});
