import { AccountSecurityPage } from '../../features/account-security/pages/account-security-page';
import { SwitchedBanner } from '../../features/relations/components/switched-banner';

export default function AccountSecurityRoute() {
  return <AccountSecurityPage switchedBanner={<SwitchedBanner />} />;
}
