// Finance's calls on the ledger (decision 0051): an adjustment is a ledger entry with a reason,
// audited; the reconciliation report lists every difference (none in a healthy system).
import { z } from 'zod';
import { idSchema, intSchema, requestIdSchema, text } from '../common';
import { defineModule } from '../define';
import { balancesSchema } from './member-advance-payment';

/** The most one adjustment may move: ¥1,000,000. */
export const ADJUSTMENT_MAX = 100_000_000;

export const reconciliationSchema = z.object({
  /** Every difference found; empty when the books and the providers agree. */
  differences: z.array(
    z.object({
      /** Which check found it (`account`, `memberMirror`, `order`, `provider`, …). */
      check: z.string(),
      /** What it is about (`mb:12`, `order P2611260001`, `alipay P…`). */
      subject: z.string(),
      detail: z.string(),
    }),
  ),
  /** How many online payments were asked of their provider. */
  providerChecks: z.number().int(),
  checkedAt: z.string(),
});
export type Reconciliation = z.infer<typeof reconciliationSchema>;

export const StaffLedger = defineModule('StaffLedger', {
  Adjust: {
    method: 'POST',
    summary:
      '调整会员余额或赠送金额（正数增加、负数扣减，不能扣成负数），须填写原因，记入台账并审计',
    access: 'staff',
    roles: ['admin', 'finance'],
    input: z.object({
      memberId: idSchema.meta({ title: '会员' }),
      account: z.enum(['balance', 'gift'], { error: '请选择余额或赠送金额' }).meta({
        title: '账户',
      }),
      amount: intSchema(-ADJUSTMENT_MAX, ADJUSTMENT_MAX)
        .refine((value) => value !== 0, { error: '调整金额不能为0' })
        .meta({ title: '调整金额' }),
      reason: text(200).trim().min(2, { error: '请填写调整原因' }).meta({ title: '原因' }),
      requestId: requestIdSchema,
    }),
    output: balancesSchema,
  },
  GetReconciliation: {
    method: 'GET',
    summary:
      '对账：账户余额与台账合计、会员余额、订单收款、退款，以及近3天在线支付与支付机构的查询结果，列出每一处差异',
    access: 'staff',
    roles: ['admin', 'finance'],
    input: z.object({}),
    output: reconciliationSchema,
  },
});
