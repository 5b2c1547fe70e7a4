import { IntegralListPage } from '../../features/points/pages/integral-list-page';

export default function IntegralListRoute() {
  return <IntegralListPage />;
}
