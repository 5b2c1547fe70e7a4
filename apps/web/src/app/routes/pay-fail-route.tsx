import { PayFailPage } from '../../features/money/pages/pay-fail-page';

export default function PayFailRoute() {
  return <PayFailPage />;
}
