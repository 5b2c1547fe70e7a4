import { RepaySuccessPage } from '../../features/money/pages/repay-pages';

export default function RepaySuccessRoute() {
  return <RepaySuccessPage />;
}
