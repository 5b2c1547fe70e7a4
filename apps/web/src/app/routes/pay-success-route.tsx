import { PaySuccessPage } from '../../features/money/pages/pay-success-page';

export default function PaySuccessRoute() {
  return <PaySuccessPage />;
}
