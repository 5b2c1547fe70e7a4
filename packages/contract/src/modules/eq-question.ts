// Engineering questions (EQ, product decisions §4): an engineer asks about an order (a
// question, images, suggested answers); the member answers with a choice, text and images. The
// order waits in 待确认 until every question is answered (decision 0042).
import { z } from 'zod';
import { idQuerySchema, idSchema, okSchema, pageInput, pageOf, text } from '../common';
import { defineModule } from '../define';
import { eqSchema } from '../order-views';

export const EQ_IMAGES_MAX = 6;
export const EQ_OPTIONS_MAX = 6;

/** Upload keys (`Common/getUploadCode`, dirType `eqReply`) of the member's own images. */
export const eqReplyImagesSchema = z
  .array(text(300).trim().min(1).meta({ title: '图片' }))
  .max(EQ_IMAGES_MAX, { error: `最多${EQ_IMAGES_MAX}张图片` })
  .meta({ title: '图片' });

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
    output: pageOf(eqSchema),
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
    output: okSchema,
  },
});
