// Engineering questions (EQ, product decisions §4): an engineer asks about an order (a
// question, images, suggested answers); the member answers with a choice, text and images. The
// order waits in 待确认 until every question is answered (decision 0042).
import { z } from 'zod';
import { idQuerySchema, idSchema, pageInput, pageOf, text } from '../common';
import { defineModule } from '../define';
import { orderStatuses } from '../order-basics';
import { eqSchema } from '../order-views';

export const EQ_IMAGES_MAX = 6;
export const EQ_OPTIONS_MAX = 6;

/** Upload keys (`Common/getUploadCode`, dirType `eqReply`) of the member's own images. */
export const eqReplyImagesSchema = z
  .array(text(300).trim().min(1).meta({ title: '图片' }))
  .max(EQ_IMAGES_MAX, { error: `最多${EQ_IMAGES_MAX}张图片` })
  .meta({ title: '图片' });

/**
 * Where the question's order stands: what waits for the member there decides what happens after
 * an answer (the last answer sends it back to the engineer unless a new price still waits for
 * the member's acceptance: decision 0042's `afterConfirmation`).
 */
export const eqOrderProgressSchema = z.object({
  status: z.enum(orderStatuses),
  /** Questions of the order still waiting for an answer. */
  openEqs: z.number().int(),
  /** A price the engineer set waits for the member's acceptance. */
  pendingPriceChange: z.boolean(),
});
export type EqOrderProgress = z.infer<typeof eqOrderProgressSchema>;

/** A question as the member's list shows it, with where its order stands. */
export const eqListItemSchema = eqSchema.extend({ orderProgress: eqOrderProgressSchema });
export type EqListItem = z.infer<typeof eqListItemSchema>;

export const EqQuestion = defineModule('EqQuestion', {
  GetEqList: {
    method: 'GET',
    summary: '工程问题：某订单的全部问题（orderId），或我所有待回复的问题（不带 orderId）',
    access: 'member',
    whenSwitched: 'allow',
    input: z.object({
      orderId: idQuerySchema.optional().meta({ title: '订单' }),
      ...pageInput,
    }),
    output: pageOf(eqListItemSchema),
  },
  Reply: {
    method: 'POST',
    summary:
      '回复工程问题（选项、文字、图片）：全部回复且无待确认的价格变更时，订单回到待审核由工程师继续',
    access: 'member',
    whenSwitched: 'allow',
    input: z.object({
      id: idSchema.meta({ title: '工程问题' }),
      /** One of the question's suggested answers, when it has any. */
      choice: text(200).trim().optional().meta({ title: '选项' }),
      text: text(1000, { multiline: true }).trim().optional().meta({ title: '回复内容' }),
      images: eqReplyImagesSchema.optional(),
    }),
    /** The order after the answer: what happens next. */
    output: z.object({ ok: z.literal(true), orderProgress: eqOrderProgressSchema }),
  },
});
