import { RepayFailPage } from '../../features/money/pages/repay-pages';

export default function RepayFailRoute() {
  return <RepayFailPage />;
}
