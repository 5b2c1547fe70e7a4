import { FillOrderPage } from '../../features/orders/pages/fill-order-page';

export default function FillOrderRoute() {
  return <FillOrderPage />;
}
