import { lazy } from 'react';
import { TheOrdersPage } from '../../features/orders/pages/the-orders-page';

// A card's 去付款 opens the money feature's pay sheet, loaded when first opened.
const PaySheet = lazy(() => import('../../features/money/components/pay-sheet'));

export default function TheOrdersRoute() {
  return <TheOrdersPage paySheet={PaySheet} />;
}
