// The points shop (积分商城), issue 23, decision 0074: coupons (from issue 21's templates) and
// goods with a points price and stock; an exchange spends points once per request and never
// oversells; goods go to an address of the member and 运营 or production ship them.
import { z } from 'zod';
import { idSchema, intSchema, pageInput, pageOf, requestIdSchema, text } from '../common';
import { defineModule, emptyInput } from '../define';
import { couponServiceTypes } from './member-rebate';
import { memberRefSchema } from './staff-common';

export const shopItemKinds = ['coupon', 'goods'] as const;
export type ShopItemKind = (typeof shopItemKinds)[number];
export const shopItemKindNames: Record<ShopItemKind, string> = { coupon: '优惠券', goods: '实物' };

export const deliveryStatuses = ['pending', 'shipped'] as const;
export type DeliveryStatus = (typeof deliveryStatuses)[number];
export const deliveryStatusNames: Record<DeliveryStatus, string> = {
  pending: '待发货',
  shipped: '已发货',
};

export const SHOP_PRICE_MAX = 10_000_000;
export const SHOP_STOCK_MAX = 1_000_000;

export const SHOP_ITEM_NOT_FOUND_MESSAGE = '商品不存在或已下架';
export const SHOP_SOLD_OUT_MESSAGE = '商品已兑完';
export const SHOP_RECEIVER_REQUIRED_MESSAGE = '请选择收货地址';
export const SHOP_RECEIVER_NOT_FOUND_MESSAGE = '收货地址不存在';

export const shopCouponSchema = z.object({
  serviceType: z.enum(couponServiceTypes),
  amount: z.number().int(),
  minOrderAmount: z.number().int(),
  /** `有效期至2026-12-31` or `领取后30天内有效`. */
  validity: z.string(),
});

export const shopItemSchema = z.object({
  id: z.number().int(),
  kind: z.enum(shopItemKinds),
  name: z.string(),
  description: z.string(),
  pointsPrice: z.number().int(),
  stock: z.number().int(),
  /** The coupon a coupon item grants; null for goods. */
  coupon: shopCouponSchema.nullable(),
});
export type ShopItem = z.infer<typeof shopItemSchema>;

export const shopExchangeSchema = z.object({
  id: z.number().int(),
  itemName: z.string(),
  kind: z.enum(shopItemKinds),
  points: z.number().int(),
  /** Goods only: 待发货 until staff ship; null for coupons (granted at once). */
  status: z.enum(deliveryStatuses).nullable(),
  courier: z.string().nullable(),
  trackingNo: z.string().nullable(),
  createdAt: z.string(),
});
export type ShopExchange = z.infer<typeof shopExchangeSchema>;

export const ShopProduct = defineModule('ShopProduct', {
  GetRebateList: {
    method: 'GET',
    summary: '积分商城：上架的优惠券和实物，积分价格和库存',
    access: 'member',
    whenSwitched: 'allow',
    input: z.object({
      kind: z.enum(shopItemKinds, { error: '类型不正确' }).optional().meta({ title: '类型' }),
      ...pageInput,
    }),
    output: pageOf(shopItemSchema),
  },
  ExchangeProduct: {
    method: 'POST',
    summary:
      '积分兑换：扣积分、减库存（不超卖），发放优惠券或生成实物发货单；同一请求编号只兑换一次',
    access: 'member',
    whenSwitched: 'refuse',
    input: z.object({
      id: idSchema.meta({ title: '商品' }),
      requestId: requestIdSchema,
      /** Goods: the member's address to ship to. */
      receiverId: idSchema.optional().meta({ title: '收货地址' }),
    }),
    output: z.object({
      exchange: shopExchangeSchema,
      balance: z.number().int(),
    }),
  },
  // Not in the catalogue (decision 0074): what the member exchanged, goods with their shipping.
  GetExchangeList: {
    method: 'GET',
    summary: '我的兑换记录，最新在前',
    access: 'member',
    whenSwitched: 'allow',
    input: z.object({ ...pageInput }),
    output: pageOf(shopExchangeSchema),
  },
});

export const staffShopItemSchema = shopItemSchema.extend({
  templateId: z.number().int().nullable(),
  isActive: z.boolean(),
  exchanged: z.number().int(),
  createdAt: z.string(),
});
export type StaffShopItem = z.infer<typeof staffShopItemSchema>;

export const shopItemInput = z
  .object({
    kind: z.enum(shopItemKinds, { error: '请选择类型' }).meta({ title: '类型' }),
    name: text(40).trim().min(1, { error: '请填写名称' }).meta({ title: '名称' }),
    description: text(200, { multiline: true }).default('').meta({ title: '说明' }),
    pointsPrice: intSchema(1, SHOP_PRICE_MAX).meta({ title: '积分价格' }),
    stock: intSchema(0, SHOP_STOCK_MAX).meta({ title: '库存' }),
    templateId: idSchema.optional().meta({ title: '优惠券模板' }),
  })
  .superRefine((v, ctx) => {
    if (v.kind === 'coupon' && !v.templateId) {
      ctx.addIssue({ code: 'custom', path: ['templateId'], message: '请选择优惠券模板' });
    }
  });
export type ShopItemInput = z.infer<typeof shopItemInput>;

export const staffDeliverySchema = z.object({
  id: z.number().int(),
  member: memberRefSchema,
  itemName: z.string(),
  points: z.number().int(),
  receiver: z.object({
    receiverName: z.string(),
    mobile: z.string(),
    address: z.string(),
  }),
  status: z.enum(deliveryStatuses),
  courier: z.string().nullable(),
  trackingNo: z.string().nullable(),
  createdAt: z.string(),
  shippedAt: z.string().nullable(),
});
export type StaffDelivery = z.infer<typeof staffDeliverySchema>;

export const DELIVERY_NOT_PENDING_MESSAGE = '该兑换单已发货或不存在';

export const StaffShop = defineModule('StaffShop', {
  ListItems: {
    method: 'GET',
    summary: '积分商城商品（全部，含下架）',
    access: 'staff',
    roles: ['content', 'admin'],
    input: emptyInput,
    output: z.array(staffShopItemSchema),
  },
  CreateItem: {
    method: 'POST',
    summary: '新建积分商城商品（优惠券取自模板，或实物），记入审计',
    access: 'staff',
    roles: ['content', 'admin'],
    input: shopItemInput,
    output: staffShopItemSchema,
  },
  SetItem: {
    method: 'POST',
    summary: '修改商品的积分价格、上下架，记入审计',
    access: 'staff',
    roles: ['content', 'admin'],
    input: z.object({
      id: idSchema,
      pointsPrice: intSchema(1, SHOP_PRICE_MAX).meta({ title: '积分价格' }),
      isActive: z.boolean({ error: '请选择是否上架' }).meta({ title: '上架' }),
    }),
    output: staffShopItemSchema,
  },
  AddStock: {
    method: 'POST',
    summary: '增减库存（不低于0，与兑换同时进行也不会出错），记入审计',
    access: 'staff',
    roles: ['content', 'admin'],
    input: z.object({
      id: idSchema,
      quantity: intSchema(-SHOP_STOCK_MAX, SHOP_STOCK_MAX)
        .refine((n) => n !== 0, { error: '数量不能为0' })
        .meta({ title: '数量' }),
    }),
    output: staffShopItemSchema,
  },
  ListDeliveries: {
    method: 'GET',
    summary: '实物兑换的发货单，待发货在前',
    access: 'staff',
    roles: ['content', 'production', 'admin'],
    input: z.object({
      status: z.enum(deliveryStatuses, { error: '状态不正确' }).optional().meta({ title: '状态' }),
      ...pageInput,
    }),
    output: pageOf(staffDeliverySchema),
  },
  ShipDelivery: {
    method: 'POST',
    summary: '实物兑换发货：填写快递公司和单号，记入审计',
    access: 'staff',
    roles: ['content', 'production', 'admin'],
    input: z.object({
      id: idSchema,
      courier: text(20).trim().min(1, { error: '请填写快递公司' }).meta({ title: '快递公司' }),
      trackingNo: text(40).trim().min(1, { error: '请填写快递单号' }).meta({ title: '快递单号' }),
    }),
    output: staffDeliverySchema,
  },
});
