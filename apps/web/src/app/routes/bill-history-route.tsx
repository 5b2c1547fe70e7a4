import { lazy } from 'react';
import { BillHistoryPage } from '../../features/credit/pages/bill-history-page';

// 还款 opens the money feature's repay sheet (余额, 支付宝, 微信支付), loaded when first opened.
const BillRepaySheet = lazy(() => import('../../features/money/components/bill-repay-sheet'));

export default function Route() {
  return <BillHistoryPage repaySheet={BillRepaySheet} />;
}
