// Member grade (会员等级, issue 23, decision 0071): the grade from the last 12 months' paid
// amount, each level's threshold and perks, and the member's progress to the next level.
import { z } from 'zod';
import { defineModule, emptyInput } from '../define';

export const gradeLevels = ['normal', 'bronze', 'silver', 'gold', 'diamond'] as const;
export type GradeLevel = (typeof gradeLevels)[number];
export const gradeLevelNames: Record<GradeLevel, string> = {
  normal: '普通',
  bronze: '铜牌',
  silver: '银牌',
  gold: '金牌',
  diamond: '钻石',
};

/** Discount rates are in basis points (1% = 100); at most 50% off. */
export const GRADE_DISCOUNT_BP_MAX = 5000;
/** A threshold fits the sums' bigint, and stays far below a safe integer (¥1,000,000,000). */
export const GRADE_THRESHOLD_FEN_MAX = 100_000_000_000;

/** `2%`, `1.5%` from basis points. */
export const discountText = (bp: number): string => `${Number((bp / 100).toFixed(2))}%`;

/** One level as configured: from this many fen paid in the window, these perks. */
export const gradeLevelSchema = z.object({
  level: z.enum(gradeLevels),
  name: z.string(),
  /** Fen paid in the window (refunds subtracted) from which the level applies. */
  thresholdFen: z.number().int(),
  /** PCB discount in basis points (200 = 2%). */
  discountBp: z.number().int(),
  freeShipping: z.boolean(),
});
export type GradeLevelView = z.infer<typeof gradeLevelSchema>;

export const memberGradeSchema = z.object({
  level: z.enum(gradeLevels),
  name: z.string(),
  /** Fen paid in the window, refunds subtracted. */
  paidFen: z.number().int(),
  /** The window's first and last month (`YYYY-MM`, China time). */
  windowFrom: z.string(),
  windowTo: z.string(),
  /** The next level and the fen still needed to reach it; null at the top. */
  next: z
    .object({
      level: z.enum(gradeLevels),
      name: z.string(),
      thresholdFen: z.number().int(),
      neededFen: z.number().int(),
    })
    .nullable(),
  levels: z.array(gradeLevelSchema),
});
export type MemberGradeView = z.infer<typeof memberGradeSchema>;

export const MemberGrade = defineModule('MemberGrade', {
  Get: {
    method: 'GET',
    summary: '当前会员等级、近12个月实付金额、距下一等级还差多少，及各等级门槛与权益',
    access: 'member',
    whenSwitched: 'allow',
    input: emptyInput,
    output: memberGradeSchema,
  },
});
