import { z } from 'zod';
import { courierLabels, couriers } from '@pcb/pricing';
import { text } from '../common';
import { defineModule } from '../define';

/**
 * Where a parcel is, in our words (a provider's codes are mapped to these): not known yet,
 * picked up, on its way, out for delivery, delivered, a problem (delayed, lost, customs
 * trouble), in customs, refused by the receiver, on its way back, back with the sender.
 */
export const parcelStates = [
  'unknown',
  'collected',
  'inTransit',
  'customs',
  'delivering',
  'delivered',
  'problem',
  'refused',
  'returning',
  'returned',
] as const;
export type ParcelState = (typeof parcelStates)[number];

export const parcelStateNames: Record<ParcelState, string> = {
  unknown: '暂无物流信息',
  collected: '已揽收',
  inTransit: '运输中',
  customs: '清关中',
  delivering: '派送中',
  delivered: '已签收',
  problem: '疑难件',
  refused: '已拒收',
  returning: '退回中',
  returned: '已退回',
};

export const PARCEL_NOT_FOUND_MESSAGE = '未找到该运单，请核对订单号和运单号';
export const TRACKING_UNAVAILABLE_MESSAGE = '物流信息暂时无法查询，请稍后再试';

export const parcelEventSchema = z.object({
  /** When it happened (ISO 8601). */
  time: z.string(),
  /** Where, when the courier says (a city or a depot), or null. */
  place: z.string().nullable(),
  text: z.string(),
});
export type ParcelEvent = z.infer<typeof parcelEventSchema>;

export const parcelTrackSchema = z.object({
  orderNo: z.string(),
  expressNo: z.string(),
  expressType: z.enum(couriers),
  courierName: z.string(),
  state: z.enum(parcelStates),
  stateName: z.string(),
  /** Newest first. */
  events: z.array(parcelEventSchema),
});
export type ParcelTrack = z.infer<typeof parcelTrackSchema>;

/** Shipment tracking of the member's own parcels (spec: Express query). */
export const Express = defineModule('Express', {
  GetExpressData: {
    method: 'GET',
    summary: '查询我的订单的一个包裹的物流轨迹（最新的在前）',
    access: 'member',
    whenSwitched: 'allow',
    input: z.object({
      /** The receiver's phone (some couriers, 顺丰, answer only with it); empty is none. */
      mobile: text(20)
        .trim()
        .regex(/^([\d-]{4,20})?$/, { error: '请输入收件人手机号或电话' })
        .optional()
        .meta({ title: '收件人电话' }),
      expressNo: text(32)
        .trim()
        .regex(/^[A-Za-z0-9-]{4,32}$/, { error: '运单号应为4至32位字母或数字' })
        .meta({ title: '运单号' }),
      expressType: z
        .enum(couriers, {
          error: `快递公司应为${couriers.map((c) => courierLabels[c]).join('、')}之一`,
        })
        .meta({ title: '快递公司' }),
      orderNo: text(32)
        .trim()
        .regex(/^[A-Za-z0-9]{1,32}$/, { error: '订单号不正确' })
        .meta({ title: '订单号' }),
    }),
    output: parcelTrackSchema,
  },
});
