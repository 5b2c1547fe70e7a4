import { PayImpowerPage } from '../../features/credit/pages/pay-impower-page';

export default function Route() {
  return <PayImpowerPage />;
}
