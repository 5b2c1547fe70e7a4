// Every site message the order lifecycle sends to a member, in one place (decision 0042).
import type { OrderKind } from '@pcb/contract';
import { orderKindRegistry } from '@pcb/pricing';
import { yuan } from '@pcb/pricing';
import type { MemberNotice } from './order-notifier';

interface OrderRef {
  id: number;
  memberId: number;
  kind: OrderKind;
  orderNo: string;
}

const CHINA_OFFSET_MS = 8 * 3_600_000;

/** `2026年11月26日 14:30`, in China time (members read times there). */
export const chinaMinute = (at: Date): string => {
  const iso = new Date(at.getTime() + CHINA_OFFSET_MS).toISOString();
  return `${iso.slice(0, 4)}年${Number(iso.slice(5, 7))}月${Number(iso.slice(8, 10))}日 ${iso.slice(11, 16)}`;
};

const detailLink = (order: OrderRef) => `/TheOrders/orderDetail?id=${order.id}&kind=${order.kind}`;
const named = (order: OrderRef) => `${orderKindRegistry[order.kind].name}订单${order.orderNo}`;

export const orderMessages = {
  passed: (order: OrderRef, total: number): MemberNotice => ({
    memberId: order.memberId,
    category: 'order',
    title: '订单审核通过',
    content: `您的${named(order)}已审核通过，应付${yuan(total)}，请尽快付款以便安排生产。`,
    link: detailLink(order),
  }),
  priceChanged: (
    order: OrderRef,
    change: { oldTotal: number; newTotal: number; reason: string },
  ): MemberNotice => ({
    memberId: order.memberId,
    category: 'order',
    title: '订单价格调整，请确认',
    content: `工程师将${named(order)}的价格由${yuan(change.oldTotal)}调整为${yuan(change.newTotal)}，原因：${change.reason}。请在订单详情中接受或拒绝。`,
    link: detailLink(order),
  }),
  eqRaised: (order: OrderRef, eqId: number): MemberNotice => ({
    memberId: order.memberId,
    category: 'eq',
    title: '工程问题待回复',
    content: `工程师对${named(order)}提出了工程问题，请尽快回复，回复后订单继续审核。`,
    link: `/InfoList/eqReply?orderId=${order.id}&id=${eqId}`,
  }),
  paymentRecorded: (order: OrderRef, amount: number): MemberNotice => ({
    memberId: order.memberId,
    category: 'finance',
    title: '已收到付款',
    content: `已收到${named(order)}的转账${yuan(amount)}，订单已进入生产。`,
    link: detailLink(order),
  }),
  paid: (order: OrderRef, amount: number, how: string): MemberNotice => ({
    memberId: order.memberId,
    category: 'finance',
    title: '订单付款成功',
    content: `已收到您的${named(order)}的付款${yuan(amount)}（${how}），订单已进入生产。`,
    link: detailLink(order),
  }),
  shipped: (
    order: OrderRef,
    parcels: { courierName: string; trackingNo: string }[],
  ): MemberNotice => ({
    memberId: order.memberId,
    category: 'order',
    title: '订单已发货',
    content: `您的${named(order)}已发货：${parcels.map((p) => `${p.courierName} ${p.trackingNo}`).join('，')}。`,
    link: detailLink(order),
  }),
  completed: (order: OrderRef): MemberNotice => ({
    memberId: order.memberId,
    category: 'order',
    title: '订单已完成',
    content: `您的${named(order)}已完成，感谢您的信任。`,
    link: detailLink(order),
  }),
  unpaidReminder: (order: OrderRef, cancelAt: Date): MemberNotice => ({
    memberId: order.memberId,
    category: 'order',
    title: '订单即将自动取消',
    content: `您的${named(order)}尚未付款，将于${chinaMinute(cancelAt)}自动取消，请尽快付款。`,
    link: detailLink(order),
  }),
  autoCancelled: (order: OrderRef, days: number): MemberNotice => ({
    memberId: order.memberId,
    category: 'order',
    title: '订单已自动取消',
    content: `您的${named(order)}超过${days}天未付款，已自动取消。如仍需要，请重新下单${order.kind === 'pcb' ? '或返单' : ''}。`,
    link: detailLink(order),
  }),
  cancelledByStaff: (order: OrderRef, reason: string): MemberNotice => ({
    memberId: order.memberId,
    category: 'order',
    title: '订单已取消',
    content: `您的${named(order)}已被取消，原因：${reason}。如有疑问请联系您的客户经理。`,
    link: detailLink(order),
  }),
};
