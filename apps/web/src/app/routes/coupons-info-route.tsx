import { CouponsInfoPage } from '../../features/coupons/pages/coupons-info-page';

export default function CouponsInfoRoute() {
  return <CouponsInfoPage />;
}
