// Points (积分) and the daily sign-in (签到), issue 23, decision 0073: the member's history, what
// was earned in a period, the rules; the 7-day sign-in card; 运营's settings in the console.
import { z } from 'zod';
import { intSchema, pageInput, pageOf } from '../common';
import { defineModule, emptyInput } from '../define';
import { daySchema } from './member-advance-payment';

/** Why points changed: each a line of the history with its own text. */
export const pointEntryKinds = [
  'order',
  'signIn',
  'exchange',
  'expire',
  'refund',
  'adjust',
] as const;
export type PointEntryKind = (typeof pointEntryKinds)[number];
export const pointEntryKindNames: Record<PointEntryKind, string> = {
  order: '订单完成',
  signIn: '每日签到',
  exchange: '积分兑换',
  expire: '积分过期',
  refund: '退款退回',
  adjust: '人工调整',
};

export const SIGN_IN_DAYS = 7;
export const DEFAULT_POINTS_PER_YUAN = 1;
export const DEFAULT_SIGN_IN_REWARDS = [1, 2, 3, 4, 5, 6, 10] as const;
export const SIGN_IN_REWARD_MAX = 1000;
export const POINTS_PER_YUAN_MAX = 100;

export const ALREADY_SIGNED_IN_MESSAGE = '今天已经签到过了，明天再来吧';
export const POINTS_NOT_ENOUGH_MESSAGE = '积分不足';

export const pointEntrySchema = z.object({
  id: z.number().int(),
  /** Points added (+) or taken (−). */
  delta: z.number().int(),
  kind: z.enum(pointEntryKinds),
  /** `订单完成 · P20261127…`: the kind's text and what it refers to. */
  reason: z.string(),
  balanceAfter: z.number().int(),
  createdAt: z.string(),
});
export type PointEntry = z.infer<typeof pointEntrySchema>;

export const pointSummarySchema = z.object({
  balance: z.number().int(),
  /** Points that expire next (the oldest year's left), and when; 0 and null when none. */
  expiringSoon: z.number().int(),
  expiresAt: z.string().nullable(),
});
export type PointSummary = z.infer<typeof pointSummarySchema>;

export const earnedPointsSchema = z.object({
  /** The period read, China days inclusive. */
  start: z.string(),
  end: z.string(),
  earned: z.number().int(),
  spent: z.number().int(),
  expired: z.number().int(),
});
export type EarnedPoints = z.infer<typeof earnedPointsSchema>;

export const pointRulesSchema = z.object({
  pointsPerYuan: z.number().int(),
  /** Day 1 to day 7 of the card. */
  signInRewards: z.array(z.number().int()).length(SIGN_IN_DAYS),
});
export type PointRules = z.infer<typeof pointRulesSchema>;

export const signInDaySchema = z.object({
  /** 1–7 on the card. */
  day: z.number().int(),
  points: z.number().int(),
  isDone: z.boolean(),
  isToday: z.boolean(),
});
export const signInCardSchema = z.object({
  days: z.array(signInDaySchema),
  /** Days signed in a row up to today (or yesterday, when today is not signed yet). */
  streak: z.number().int(),
  isSignedToday: z.boolean(),
  /** Today's reward: earned, or to earn. */
  todayPoints: z.number().int(),
  /** Today in China time (`2026-11-27`). */
  today: z.string(),
});
export type SignInCard = z.infer<typeof signInCardSchema>;

export const MemberPointHistory = defineModule('MemberPointHistory', {
  GetList: {
    method: 'GET',
    summary: '积分明细：每次变动及原因，最新在前',
    access: 'member',
    whenSwitched: 'allow',
    input: z.object({ ...pageInput }),
    output: pageOf(pointEntrySchema),
  },
  GetEarnedPoints: {
    method: 'GET',
    summary: '某段时间（中国日期，含首尾；默认今年）获得、使用和过期的积分',
    access: 'member',
    whenSwitched: 'allow',
    input: z.object({
      start: daySchema.optional().meta({ title: '开始日期' }),
      end: daySchema.optional().meta({ title: '结束日期' }),
    }),
    output: earnedPointsSchema,
  },
  // Not in the catalogue (decision 0073): the /integral header and the rules page.
  GetSummary: {
    method: 'GET',
    summary: '积分余额及即将过期的积分和过期时间',
    access: 'member',
    whenSwitched: 'allow',
    input: emptyInput,
    output: pointSummarySchema,
  },
  GetRules: {
    method: 'GET',
    summary: '积分规则：每元订单金额所得积分、签到7天各天的奖励',
    access: 'public',
    input: emptyInput,
    output: pointRulesSchema,
  },
});

export const MemberSignIn = defineModule('MemberSignIn', {
  SignIn: {
    method: 'POST',
    summary: '今日签到（中国时间每天一次），按连续天数获得积分，断签从第1天重新开始',
    access: 'member',
    whenSwitched: 'refuse',
    input: emptyInput,
    output: z.object({
      points: z.number().int(),
      streak: z.number().int(),
      balance: z.number().int(),
    }),
  },
  GetEarnedPoints: {
    method: 'GET',
    summary: '签到累计获得的积分、本月获得的积分',
    access: 'member',
    whenSwitched: 'allow',
    input: emptyInput,
    output: z.object({
      total: z.number().int(),
      thisMonth: z.number().int(),
      days: z.number().int(),
    }),
  },
  GetSigninCardList: {
    method: 'GET',
    summary: '7天签到卡：每天的奖励、已签的天和今天',
    access: 'member',
    whenSwitched: 'allow',
    input: emptyInput,
    output: signInCardSchema,
  },
});

export const pointRulesInput = z.object({
  pointsPerYuan: intSchema(0, POINTS_PER_YUAN_MAX).meta({ title: '每元积分' }),
  signInRewards: z
    .array(intSchema(0, SIGN_IN_REWARD_MAX), { error: '请填写7天的签到奖励' })
    .length(SIGN_IN_DAYS, { error: '请填写7天的签到奖励' })
    .meta({ title: '签到奖励' }),
});

export const StaffPoint = defineModule('StaffPoint', {
  GetRules: {
    method: 'GET',
    summary: '积分规则（每元积分、签到奖励）',
    access: 'staff',
    roles: ['content', 'admin'],
    input: emptyInput,
    output: pointRulesSchema,
  },
  SetRules: {
    method: 'POST',
    summary: '修改积分规则（每元积分、7天签到奖励），记入审计',
    access: 'staff',
    roles: ['content', 'admin'],
    input: pointRulesInput,
    output: pointRulesSchema,
  },
});
