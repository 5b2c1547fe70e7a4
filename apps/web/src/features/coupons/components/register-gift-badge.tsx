import { useRegisterRebates } from '../api/coupon-calls';
import './register-gift-badge.css';

/** 礼 on the member centre's 优惠券 tile while the registration bundle waits to be received. */
export function RegisterGiftBadge({ testId }: { testId: string }) {
  const bundle = useRegisterRebates().data;
  if (!bundle || bundle.isReceived || bundle.items.length === 0) return null;
  return (
    <span className="cp-gift-badge" aria-label="新人礼包待领取" data-testid={testId}>
      礼
    </span>
  );
}
