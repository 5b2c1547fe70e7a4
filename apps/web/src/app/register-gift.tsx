import { RegisterGiftBadge } from '../features/coupons/components/register-gift-badge';

/** The 优惠券 tile's badge, loaded on demand like the unread count (`/member`'s budget). */
export default function RegisterGift({ testId }: { testId: string }) {
  return <RegisterGiftBadge testId={testId} />;
}
