import { IntegralPage } from '../../features/points/pages/integral-page';

export default function IntegralRoute() {
  return <IntegralPage />;
}
