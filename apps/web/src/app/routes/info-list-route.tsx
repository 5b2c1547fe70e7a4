import { OpenEqEntry } from '../../features/eq-questions/components/open-eq-entry';
import { InfoListPage } from '../../features/messages/pages/info-list-page';

export default function InfoListRoute() {
  return <InfoListPage eqEntry={<OpenEqEntry />} />;
}
