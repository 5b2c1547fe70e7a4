import { BillHistoryPage } from '../../features/credit/pages/bill-history-page';

export default function Route() {
  return <BillHistoryPage />;
}
