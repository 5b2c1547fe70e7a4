import { SwitchedBanner } from '../../features/relations/components/switched-banner';
import { AssociatedAccountPage } from '../../features/relations/pages/associated-account-page';

export default function AssociatedAccountRoute() {
  return <AssociatedAccountPage switchedBanner={<SwitchedBanner />} />;
}
