import { IntegralRulesPage } from '../../features/points/pages/integral-rules-page';

export default function IntegralRulesRoute() {
  return <IntegralRulesPage />;
}
