import { CreditAccountPage } from '../../features/credit/pages/credit-account-page';

export default function Route() {
  return <CreditAccountPage />;
}
