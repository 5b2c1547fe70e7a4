import type { OrderPaidWith } from '@pcb/contract';
import { paymentChannelNames } from '@pcb/contract/payment-channels';
import { yuan } from '@pcb/pricing';

/** Each part of a paid order's payment, in the order the money came (decisions 0051, 0064). */
export function paidParts(p: OrderPaidWith): { label: string; amount: number; testId: string }[] {
  const parts = [
    { label: '余额', amount: p.balance, testId: 'paid-balance' },
    { label: '赠送金额', amount: p.gift, testId: 'paid-gift' },
    { label: '月结', amount: p.credit, testId: 'paid-credit' },
    {
      label: p.channel ? paymentChannelNames[p.channel] : '在线支付',
      amount: p.online,
      testId: 'paid-online',
    },
    { label: '对公转账', amount: p.offline, testId: 'paid-offline' },
  ];
  return parts.filter((part) => part.amount > 0);
}

/** 支付记录: how the order was paid, the coupon's deduction by name, and any refund. */
export function PaidWithSection({ paidWith }: { paidWith: OrderPaidWith }) {
  return (
    <section className="ol-card" aria-label="支付记录" data-testid="order-paid-with">
      <h2 className="ol-card-title">支付记录</h2>
      <ul className="ol-lines">
        <li>
          <span className="ol-line-head">
            <span>订单金额</span>
            <span>{yuan(paidWith.total)}</span>
          </span>
        </li>
        {paidWith.coupon > 0 && (
          <li data-testid="paid-coupon">
            <span className="ol-line-head">
              <span>优惠券</span>
              <span className="ol-price">−{yuan(paidWith.coupon)}</span>
            </span>
            <span className="ol-hint">
              {paidWith.couponName ?? '优惠券'}
              {paidWith.couponReturned ? '（订单取消，已退回）' : ''}
            </span>
          </li>
        )}
        {paidParts(paidWith).map((part) => (
          <li key={part.testId} data-testid={part.testId}>
            <span className="ol-line-head">
              <span>{part.label}</span>
              <span>{yuan(part.amount)}</span>
            </span>
          </li>
        ))}
      </ul>
      <p className="ol-hint">
        付款时间 {new Date(paidWith.paidAt).toLocaleString('zh-CN', { hour12: false })}
        {paidWith.refundedAt && '，订单取消后已原路退款'}
      </p>
    </section>
  );
}
