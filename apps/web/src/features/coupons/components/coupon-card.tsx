import type { ReactNode } from 'react';
import { couponServiceNames, type CouponServiceType } from '@pcb/contract/member-rebate';
import { formatFen } from '../../../lib/money';

export interface CouponFace {
  name: string;
  serviceType: CouponServiceType;
  amount: number;
  minOrderAmount: number;
}

/** `满¥200可用` or `无门槛`. */
export const thresholdOf = (minOrderAmount: number) =>
  minOrderAmount > 0 ? `满${formatFen(minOrderAmount)}可用` : '无门槛';

/**
 * One coupon as a ticket: the amount on the left, what and until when on the right, and an
 * action or a stamp. `dim` for used and expired ones.
 */
export function CouponCard({
  coupon,
  validity,
  tag,
  dim,
  action,
  testId,
}: {
  coupon: CouponFace;
  validity: string;
  tag?: ReactNode;
  dim?: boolean;
  action?: ReactNode;
  testId?: string;
}) {
  return (
    <li className={`cp-card${dim ? ' cp-card-dim' : ''}`} data-testid={testId}>
      <div className="cp-card-value">
        <strong className="cp-card-amount">{formatFen(coupon.amount)}</strong>
        <span className="cp-card-threshold">{thresholdOf(coupon.minOrderAmount)}</span>
      </div>
      <div className="cp-card-body">
        <div className="cp-card-name">
          <span className="cp-card-service">{couponServiceNames[coupon.serviceType]}</span>
          {coupon.name}
        </div>
        <div className="cp-card-validity">{validity}</div>
        {tag}
      </div>
      {action && <div className="cp-card-action">{action}</div>}
    </li>
  );
}

const CHINA_OFFSET_MS = 8 * 3_600_000;
/** `2026-12-31 23:59` in China time. */
export function chinaMinute(iso: string): string {
  const at = new Date(new Date(iso).getTime() + CHINA_OFFSET_MS).toISOString();
  return `${at.slice(0, 10)} ${at.slice(11, 16)}`;
}
