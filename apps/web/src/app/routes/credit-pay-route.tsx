import { CreditPayPage } from '../../features/credit/pages/credit-pay-page';

export default function Route() {
  return <CreditPayPage />;
}
