import { ShippingAddressPage } from '../../features/addresses/pages/shipping-address-page';

export default function ShippingAddressRoute() {
  return <ShippingAddressPage />;
}
