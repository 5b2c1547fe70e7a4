import { OrderContactsPage } from '../../features/profile/pages/order-contacts-page';

export default function OrderContactsRoute() {
  return <OrderContactsPage />;
}
