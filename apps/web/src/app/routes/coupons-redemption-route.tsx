import { CouponsRedemptionPage } from '../../features/coupons/pages/coupons-redemption-page';

export default function CouponsRedemptionRoute() {
  return <CouponsRedemptionPage />;
}
