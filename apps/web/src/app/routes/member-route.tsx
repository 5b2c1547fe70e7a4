import { prefetchEffectiveAnnouncement } from '../../features/announcements/api/get-effective-announcement';
import { AnnouncementBar } from '../../features/announcements/components/announcement-bar';
import { MemberAgreementLink } from '../../features/auth/components/member-agreement';
import { ConsultingPanel } from '../../features/consulting/components/consulting-panel';
import { MemberPage } from '../../features/member/pages/member-page';
import { SwitchedBanner } from '../../features/relations/components/switched-banner';
import { useMemberEntries } from '../member-entries';

/** What the screen shows at once, asked for before its first render (app/screens.ts). */
export const prefetch = () => prefetchEffectiveAnnouncement('member');

export default function MemberRoute() {
  const entries = useMemberEntries();
  return (
    <MemberPage
      entries={entries}
      announcement={<AnnouncementBar type="member" />}
      accountManager={<ConsultingPanel />}
      agreementLink={<MemberAgreementLink />}
      switchedBanner={<SwitchedBanner />}
    />
  );
}
