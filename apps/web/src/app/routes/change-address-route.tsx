import { ChangeAddressPage } from '../../features/orders/pages/change-address-page';

export default function ChangeAddressRoute() {
  return <ChangeAddressPage />;
}
