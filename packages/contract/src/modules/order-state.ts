// The public order-state look-up (route /orderState, decision 0042): the order number and the
// receiver's mobile show a masked view; a wrong number and a wrong mobile read the same.
import { z } from 'zod';
import { mobileSchema, text } from '../common';
import { defineModule } from '../define';
import { orderKinds, orderStatuses } from '../order-basics';
import { orderParcelEventSchema, productionStepViewSchema } from '../order-views';

/** What anyone holding the order number and the receiver's mobile may see: masked. */
export const publicOrderStateSchema = z.object({
  orderNo: z.string(),
  kind: z.enum(orderKinds),
  status: z.enum(orderStatuses),
  paramString: z.string(),
  createdAt: z.string(),
  receiver: z.object({ receiverName: z.string(), mobile: z.string(), regionText: z.string() }),
  /** Status changes only, oldest first. */
  timeline: z.array(
    z.object({
      fromStatus: z.enum(orderStatuses).nullable(),
      toStatus: z.enum(orderStatuses),
      at: z.string(),
    }),
  ),
  productionSteps: z.array(productionStepViewSchema),
  parcels: z.array(
    z.object({
      courierName: z.string(),
      /** Masked: the first and last four characters. */
      trackingNo: z.string(),
      shippedAt: z.string(),
      events: z.array(orderParcelEventSchema),
    }),
  ),
});
export type PublicOrderState = z.infer<typeof publicOrderStateSchema>;

export const ORDER_STATE_NOT_FOUND_MESSAGE = '未找到订单，请核对订单号和收货人手机号';
export const ORDER_STATE_RATE_LIMITED_MESSAGE = '查询过于频繁，请稍后再试';

export const OrderState = defineModule('OrderState', {
  Query: {
    method: 'POST',
    summary:
      '订单状态查询（无需登录）：订单号 + 收货人手机号，返回脱敏的状态、时间线与物流；每个地址每分钟限次',
    access: 'public',
    input: z.object({
      orderNo: text(20)
        .trim()
        .toUpperCase()
        .regex(/^[PSG]\d{12,13}$/, { error: '订单号格式不正确' })
        .meta({ title: '订单号' }),
      mobile: mobileSchema.meta({ title: '收货人手机号' }),
    }),
    output: publicOrderStateSchema,
  },
});
