import { EditAddressPage } from '../../features/addresses/pages/edit-address-page';

export default function EditAddressRoute() {
  return <EditAddressPage />;
}
