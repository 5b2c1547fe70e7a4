import { PrepaidSuccessPage } from '../../features/money/pages/prepaid-pages';

export default function PrepaidSuccessRoute() {
  return <PrepaidSuccessPage />;
}
