import { z } from 'zod';
import { idQuerySchema, idSchema, okSchema, pageInput, pageOf, text } from '../common';
import type { ActionSpec, StaffRole } from '../define';
import { memberRefSchema, staffRefSchema } from './staff-common';

/**
 * Review queues (decision 0041): a member asks, staff approve or reject with a reason the
 * member reads. Enterprise certifications and mobile changes are two; credit applications and
 * invoice requests will be the next. Each is its own wire module, built from these parts so
 * that every queue lists, filters, orders and decides alike.
 */

export const reviewStatuses = ['pending', 'approved', 'rejected'] as const;
export type ReviewStatus = (typeof reviewStatuses)[number];

/** How both apps name a status. */
export const reviewStatusLabels: Record<ReviewStatus, string> = {
  pending: '待审核',
  approved: '已通过',
  rejected: '已驳回',
};

export const REJECT_REASON_MAX = 200;
export const REJECT_REASON_MESSAGE = '请填写驳回原因';

/** Why an application is rejected: the member reads it, so it is never blank. */
export const rejectReasonSchema = text(REJECT_REASON_MAX)
  .trim()
  .min(2, { error: REJECT_REASON_MESSAGE })
  .meta({ title: '驳回原因' });

/** A member's keyword that finds their applications: a mobile's start, or part of a name. */
export const REVIEW_KEYWORD_MAX = 30;

/**
 * What every queue's list takes: a status (none: all, the pending ones first) and a keyword
 * for the member. Pending applications come oldest first, the order they are worked through;
 * decided ones newest decision first.
 */
export const reviewListInput = z.object({
  status: z.enum(reviewStatuses).optional().meta({ title: '状态' }),
  keyword: text(REVIEW_KEYWORD_MAX).trim().optional().meta({ title: '会员' }),
  ...pageInput,
});
export type ReviewListInput = z.input<typeof reviewListInput>;

/**
 * The columns every queue's row has, in the order the console shows them around what is
 * asked: submitted, member, (what is asked), status, reviewer, reviewed.
 */
export const reviewRowShape = {
  id: z.number().int(),
  /** When the member last submitted it (a resubmission after a rejection counts anew). */
  submittedAt: z.string(),
  member: memberRefSchema,
  status: z.enum(reviewStatuses),
  decidedBy: staffRefSchema.nullable(),
  decidedAt: z.string().nullable(),
  /** Set exactly when rejected. */
  rejectReason: z.string().nullable(),
};

export type ReviewRowBase = z.infer<z.ZodObject<typeof reviewRowShape>>;

/** A queue's row: the common columns and what this queue's applications ask. */
export const reviewRowSchema = <A extends z.ZodRawShape>(asked: A) =>
  z.object({ ...reviewRowShape, ...asked });

/** The four calls of a queue, to spread into `defineModule(name, {...})`. */
export function reviewQueueActions<S extends z.ZodRawShape, D extends z.ZodRawShape>(queue: {
  /** What is reviewed, as staff call it: `企业认证申请`. */
  noun: string;
  roles: readonly [StaffRole, ...StaffRole[]];
  row: z.ZodObject<S>;
  /** What the detail adds to the row (signed links to the files). */
  detail: D;
  /** What approving does, for the API's reader. */
  approves: string;
  /** What the member may do after a rejection. */
  afterRejection: string;
}) {
  const staff = { access: 'staff', roles: queue.roles } as const;
  return {
    List: {
      method: 'GET',
      summary: `${queue.noun}列表（待审核最早提交的在前；按状态、会员筛选）`,
      ...staff,
      input: reviewListInput,
      output: pageOf(queue.row),
    },
    Get: {
      method: 'GET',
      summary: `${queue.noun}详情`,
      ...staff,
      input: z.object({ id: idQuerySchema }),
      output: z.object({ ...queue.row.shape, ...queue.detail }),
    },
    Approve: {
      method: 'POST',
      summary: `通过：${queue.approves}`,
      ...staff,
      input: z.object({ id: idSchema }),
      output: okSchema,
    },
    Reject: {
      method: 'POST',
      summary: `驳回（附原因，会员可见${queue.afterRejection}）`,
      ...staff,
      input: z.object({ id: idSchema, reason: rejectReasonSchema }),
      output: okSchema,
    },
  } satisfies Record<string, ActionSpec>;
}
