import { MemberAgreementItem } from '../../features/auth/components/member-agreement-item';
import { AccountSwitcher } from '../../features/relations/components/account-switcher';
import { SwitchedBanner } from '../../features/relations/components/switched-banner';
import { SettingPage } from '../../features/settings/pages/setting-page';

export default function SettingRoute() {
  return (
    <SettingPage
      switchedBanner={<SwitchedBanner />}
      accountSwitcher={<AccountSwitcher />}
      agreementItem={<MemberAgreementItem />}
    />
  );
}
