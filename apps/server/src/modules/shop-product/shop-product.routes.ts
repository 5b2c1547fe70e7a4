import { ShopProduct, StaffShop } from '@pcb/contract/shop-product';
import type { DefineRoute } from '../../http/define-route';
import type { ShopProductService } from './shop-product.service';

/** The points shop: the member's list and exchanges, 运营's items, the goods' deliveries. */
export function registerShopProductRoutes(route: DefineRoute, shop: ShopProductService): void {
  route(ShopProduct.GetRebateList, async ({ input, requireMember }) => {
    requireMember();
    return shop.list(input.kind, input);
  });
  route(ShopProduct.ExchangeProduct, async ({ input, requireMember }) =>
    shop.exchange(requireMember().id, input),
  );
  route(ShopProduct.GetExchangeList, async ({ input, requireMember }) =>
    shop.exchanges(requireMember().id, input),
  );

  route(StaffShop.ListItems, async () => shop.items());
  route(StaffShop.CreateItem, async ({ input, write }) => shop.createItem(write(), input));
  route(StaffShop.SetItem, async ({ input, write }) => shop.setItem(write(), input));
  route(StaffShop.AddStock, async ({ input, write }) => shop.addStock(write(), input));
  route(StaffShop.ListDeliveries, async ({ input }) => shop.deliveries(input.status, input));
  route(StaffShop.ShipDelivery, async ({ input, write }) => shop.ship(write(), input));
}
