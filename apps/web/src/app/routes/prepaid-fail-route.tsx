import { PrepaidFailPage } from '../../features/money/pages/prepaid-pages';

export default function PrepaidFailRoute() {
  return <PrepaidFailPage />;
}
