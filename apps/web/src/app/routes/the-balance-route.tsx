import { TheBalancePage } from '../../features/money/pages/the-balance-page';
import { SwitchedBanner } from '../../features/relations/components/switched-banner';

export default function TheBalanceRoute() {
  return <TheBalancePage switchedBanner={<SwitchedBanner />} />;
}
