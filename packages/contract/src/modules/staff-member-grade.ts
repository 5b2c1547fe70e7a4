// Grade thresholds and perks in the console (issue 23, decision 0071): admin only, audited.
import { z } from 'zod';
import { intSchema } from '../common';
import { defineModule, emptyInput } from '../define';
import {
  GRADE_DISCOUNT_BP_MAX,
  GRADE_THRESHOLD_FEN_MAX,
  gradeLevels,
  gradeLevelSchema,
} from './member-grade';

export const GRADE_THRESHOLDS_INCREASE_MESSAGE = '各等级门槛须从普通的0起逐级严格递增';
export const GRADE_LEVELS_ALL_MESSAGE = '须依次设置普通、铜牌、银牌、金牌、钻石五个等级';

export const gradeLevelInputSchema = z.object({
  level: z.enum(gradeLevels),
  thresholdFen: intSchema(0, GRADE_THRESHOLD_FEN_MAX).meta({ title: '门槛（分）' }),
  discountBp: intSchema(0, GRADE_DISCOUNT_BP_MAX).meta({ title: '折扣（基点）' }),
  freeShipping: z.boolean({ error: '应为是或否' }),
});
export type GradeLevelInput = z.infer<typeof gradeLevelInputSchema>;

export const gradeConfigSchema = z.object({
  levels: z.array(gradeLevelSchema),
  updatedAt: z.string().nullable(),
});
export type GradeConfig = z.infer<typeof gradeConfigSchema>;

const ADMIN = ['admin'] as const;

export const StaffMemberGrade = defineModule('StaffMemberGrade', {
  Get: {
    method: 'GET',
    summary: '会员等级的门槛与权益',
    access: 'staff',
    roles: ADMIN,
    input: emptyInput,
    output: gradeConfigSchema,
  },
  Update: {
    method: 'PUT',
    summary: '设置五个等级的门槛与权益（门槛从0起严格递增）',
    access: 'staff',
    roles: ADMIN,
    input: z.object({
      levels: z.array(gradeLevelInputSchema).max(10).meta({ title: '会员等级' }),
    }),
    output: gradeConfigSchema,
  },
});
