import { EditPhonePage } from '../../features/account-security/pages/edit-phone-page';
import { SwitchedBanner } from '../../features/relations/components/switched-banner';

export default function EditPhoneRoute() {
  return <EditPhonePage switchedBanner={<SwitchedBanner />} />;
}
