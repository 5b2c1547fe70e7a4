import { PaymentPasswordPage } from '../../features/account-security/pages/payment-password-page';
import { SwitchedBanner } from '../../features/relations/components/switched-banner';

export default function PaymentPasswordRoute() {
  return <PaymentPasswordPage switchedBanner={<SwitchedBanner />} />;
}
