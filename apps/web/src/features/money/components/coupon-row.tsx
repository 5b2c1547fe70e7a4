import { useState } from 'react';
import { Popup } from 'antd-mobile';
import {
  couponServiceNames,
  type UsableCoupon,
  type UsableCoupons,
} from '@pcb/contract/member-rebate';
import { formatFen } from '../../../lib/money';

const thresholdOf = (min: number) => (min > 0 ? `满${formatFen(min)}可用` : '无门槛');

function CouponOption({
  coupon,
  checked,
  onPick,
}: {
  coupon: UsableCoupon;
  checked: boolean;
  onPick: () => void;
}) {
  return (
    <button
      type="button"
      role="radio"
      aria-checked={checked}
      aria-disabled={!coupon.isUsable || undefined}
      className="mn-method"
      onClick={() => coupon.isUsable && onPick()}
      data-testid={`pay-coupon-${coupon.id}`}
    >
      <span className="mn-method-text">
        <span className="mn-method-title">
          {formatFen(coupon.amount)} {couponServiceNames[coupon.serviceType]} · {coupon.name}
          {coupon.isExpiringSoon && <span className="mn-coupon-soon">即将过期</span>}
        </span>
        <span className="mn-method-detail">
          {coupon.isUsable ? thresholdOf(coupon.minOrderAmount) : coupon.reason}
        </span>
      </span>
      <span className="mn-radio" aria-hidden="true" />
    </button>
  );
}

/**
 * The pay sheet's coupon row (decision 0061): the coupon in force and what it takes off; a tap
 * lists the usable ones best first, 不使用优惠券, and the unusable ones with why.
 */
export function CouponRow({
  list,
  isLoading,
  chosen,
  onPick,
}: {
  list: UsableCoupons | undefined;
  isLoading: boolean;
  chosen: UsableCoupon | null;
  onPick: (id: number | null) => void;
}) {
  const [open, setOpen] = useState(false);
  const usable = list?.usableCount ?? 0;
  const detail = isLoading
    ? '加载中…'
    : !list || list.items.length === 0
      ? '暂无优惠券'
      : chosen
        ? `-${formatFen(chosen.deduction)}`
        : usable > 0
          ? `${usable}张可用`
          : '暂无可用';
  return (
    <>
      <button
        type="button"
        className="mn-coupon-row"
        onClick={() => list && list.items.length > 0 && setOpen(true)}
        data-testid="pay-coupon-row"
      >
        <span>优惠券</span>
        <span
          className={chosen ? 'mn-coupon-off' : 'mn-coupon-hint'}
          data-testid="pay-coupon-detail"
        >
          {detail} ›
        </span>
      </button>
      <Popup
        visible={open}
        onMaskClick={() => setOpen(false)}
        onClose={() => setOpen(false)}
        bodyClassName="mn-sheet"
      >
        <div className="mn-sheet-head">
          <span className="mn-icon-button" aria-hidden="true" />
          <h2 className="mn-sheet-title">选择优惠券</h2>
          <button
            type="button"
            className="mn-icon-button"
            aria-label="关闭"
            onClick={() => setOpen(false)}
          >
            ×
          </button>
        </div>
        <div className="mn-methods" role="radiogroup" aria-label="优惠券" data-testid="pay-coupons">
          {list?.items
            .filter((c) => c.isUsable)
            .map((c) => (
              <CouponOption
                key={c.id}
                coupon={c}
                checked={chosen?.id === c.id}
                onPick={() => {
                  onPick(c.id);
                  setOpen(false);
                }}
              />
            ))}
          <button
            type="button"
            role="radio"
            aria-checked={chosen === null}
            className="mn-method"
            onClick={() => {
              onPick(null);
              setOpen(false);
            }}
            data-testid="pay-coupon-none"
          >
            <span className="mn-method-text">
              <span className="mn-method-title">不使用优惠券</span>
            </span>
            <span className="mn-radio" aria-hidden="true" />
          </button>
          {list && list.items.some((c) => !c.isUsable) && (
            <p className="mn-coupon-group">不可用的优惠券</p>
          )}
          {list?.items
            .filter((c) => !c.isUsable)
            .map((c) => (
              <CouponOption key={c.id} coupon={c} checked={false} onPick={() => undefined} />
            ))}
        </div>
      </Popup>
    </>
  );
}
