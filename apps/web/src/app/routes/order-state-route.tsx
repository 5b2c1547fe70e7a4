import { OrderStatePage } from '../../features/orders/pages/order-state-page';

export default function OrderStateRoute() {
  return <OrderStatePage />;
}
