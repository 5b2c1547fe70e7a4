import { lazy } from 'react';
import { OrderDetailPage } from '../../features/orders/pages/order-detail-page';

// 修改订单 edits a PCB order's parameters with the quote page's form, loaded when opened.
const OrderParamEditor = lazy(() => import('../../features/quote/components/order-param-editor'));
// 去付款 opens the money feature's pay sheet, loaded when first opened.
const PaySheet = lazy(() => import('../../features/money/components/pay-sheet'));

export default function OrderDetailRoute() {
  return <OrderDetailPage paramEditor={OrderParamEditor} paySheet={PaySheet} />;
}
