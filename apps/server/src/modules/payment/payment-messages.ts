// The site messages the payment module sends, in one place (decision 0051). An order's payment
// itself is told by the order module (`orderMessages.paid`), with the order's other events.
import { paymentChannelNames, type OrderKind } from '@pcb/contract';
import { orderKindRegistry, yuan } from '@pcb/pricing';
import type { PaymentChannel } from '../../integrations/payment/payment-provider';
import type { MessageDraft } from '../member-message/member-message.module';

interface OrderRef {
  id: number;
  kind: OrderKind;
  orderNo: string;
}

const named = (order: OrderRef) => `${orderKindRegistry[order.kind].name}订单${order.orderNo}`;
const detailLink = (order: OrderRef) => `/TheOrders/orderDetail?id=${order.id}&kind=${order.kind}`;
const BALANCE_LINK = '/theBalance';

export interface RefundParts {
  balance: number;
  gift: number;
  /** Back to the 月结 credit line. */
  credit?: number;
  online: number;
  channel: PaymentChannel | null;
}

const partsText = (parts: RefundParts) =>
  [
    parts.balance > 0 ? `余额${yuan(parts.balance)}` : '',
    parts.gift > 0 ? `赠送金额${yuan(parts.gift)}` : '',
    (parts.credit ?? 0) > 0 ? `月结额度${yuan(parts.credit ?? 0)}` : '',
    parts.online > 0 && parts.channel
      ? `${paymentChannelNames[parts.channel]}${yuan(parts.online)}（原路退回，到账时间以${paymentChannelNames[parts.channel]}为准）`
      : '',
  ]
    .filter(Boolean)
    .join('，');

export const paymentMessages = {
  orderRefunded: (memberId: number, order: OrderRef, parts: RefundParts): MessageDraft => ({
    memberId,
    category: 'finance',
    title: '订单已退款',
    content: `您的${named(order)}已取消，已付款项退回：${partsText(parts)}。`,
    link: detailLink(order),
  }),
  duplicate: (
    memberId: number,
    order: OrderRef | null,
    channel: PaymentChannel,
    amount: number,
  ): MessageDraft => ({
    memberId,
    category: 'finance',
    title: '重复付款将原路退回',
    content: `您通过${paymentChannelNames[channel]}支付的${yuan(amount)}${order ? `未能用于${named(order)}（订单已付款、已取消或已修改）` : '未能入账'}，将原路退回。`,
    link: order ? detailLink(order) : BALANCE_LINK,
  }),
  recharged: (memberId: number, channel: PaymentChannel, amount: number): MessageDraft => ({
    memberId,
    category: 'finance',
    title: '充值成功',
    content: `您通过${paymentChannelNames[channel]}充值的${yuan(amount)}已到账。`,
    link: BALANCE_LINK,
  }),
  refundToBalance: (memberId: number, channel: PaymentChannel, amount: number): MessageDraft => ({
    memberId,
    category: 'finance',
    title: '退款已转入余额',
    content: `${paymentChannelNames[channel]}未能原路退回${yuan(amount)}，该款项已转入您的余额。`,
    link: BALANCE_LINK,
  }),
  adjusted: (memberId: number, account: 'balance' | 'gift', amount: number, reason: string) => ({
    memberId,
    category: 'finance' as const,
    title: account === 'balance' ? '余额调整' : '赠送金额调整',
    content: `您的${account === 'balance' ? '余额' : '赠送金额'}${amount > 0 ? '增加' : '减少'}${yuan(Math.abs(amount))}，原因：${reason}。`,
    link: BALANCE_LINK,
  }),
};
