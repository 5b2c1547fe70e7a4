import { AddOrderContactPage } from '../../features/profile/pages/add-order-contact-page';

export default function AddOrderContactRoute() {
  return <AddOrderContactPage />;
}
