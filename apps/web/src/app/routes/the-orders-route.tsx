import { TheOrdersPage } from '../../features/orders/pages/the-orders-page';

export default function TheOrdersRoute() {
  return <TheOrdersPage />;
}
