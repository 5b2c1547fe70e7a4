import { OrderTrackerPage } from '../../features/orders/pages/order-tracker-page';

export default function OrderTrackerRoute() {
  return <OrderTrackerPage />;
}
