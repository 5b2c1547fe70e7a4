import { BillListPage } from '../../features/money/pages/bill-list-page';

export default function BillListRoute() {
  return <BillListPage />;
}
