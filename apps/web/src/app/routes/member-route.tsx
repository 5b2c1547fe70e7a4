import { lazy, Suspense } from 'react';
import { prefetchEffectiveAnnouncement } from '../../features/announcements/api/get-effective-announcement';
import { AnnouncementBar } from '../../features/announcements/components/announcement-bar';
import { MemberAgreementLink } from '../../features/auth/components/member-agreement';
import { ConsultingPanel } from '../../features/consulting/components/consulting-panel';
import { MemberPage } from '../../features/member/pages/member-page';
import { SwitchedBanner } from '../../features/relations/components/switched-banner';
import { useMemberEntries } from '../member-entries';

// 我的订单 brings the order module of the contract: loaded beside the screen, not in its budget.
const MemberOrdersCard = lazy(() => import('../../features/orders/components/member-orders-card'));

/** What the screen shows at once, asked for before its first render (app/screens.ts). */
export const prefetch = () => prefetchEffectiveAnnouncement('member');

/** The card's frame while its code arrives, so nothing below it moves. */
function MemberOrdersPlaceholder() {
  return (
    <section
      className="member-card member-orders-placeholder"
      aria-label="我的订单"
      aria-busy="true"
    >
      <h2 className="member-card-title">我的订单</h2>
    </section>
  );
}

export default function MemberRoute() {
  const entries = useMemberEntries();
  return (
    <MemberPage
      entries={entries}
      announcement={<AnnouncementBar type="member" />}
      accountManager={<ConsultingPanel />}
      agreementLink={<MemberAgreementLink />}
      switchedBanner={<SwitchedBanner />}
      orders={
        <Suspense fallback={<MemberOrdersPlaceholder />}>
          <MemberOrdersCard />
        </Suspense>
      }
    />
  );
}
