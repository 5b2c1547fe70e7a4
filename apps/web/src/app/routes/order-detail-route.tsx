import { lazy } from 'react';
import { OrderDetailPage } from '../../features/orders/pages/order-detail-page';

// 修改订单 edits a PCB order's parameters with the quote page's form, loaded when opened.
const OrderParamEditor = lazy(() => import('../../features/quote/components/order-param-editor'));

export default function OrderDetailRoute() {
  return <OrderDetailPage paramEditor={OrderParamEditor} />;
}
