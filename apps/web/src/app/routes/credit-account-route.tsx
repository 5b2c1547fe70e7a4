import { lazy } from 'react';
import { CreditAccountPage } from '../../features/credit/pages/credit-account-page';

// 立即还款 opens the money feature's repay sheet, loaded when first opened.
const BillRepaySheet = lazy(() => import('../../features/money/components/bill-repay-sheet'));

export default function Route() {
  return <CreditAccountPage repaySheet={BillRepaySheet} />;
}
