import type { InputOf } from '@pcb/contract';
import { StaffCoupon } from '@pcb/contract/staff-coupon';
import { StaffShop } from '@pcb/contract/shop-product';
import { useEndpointMutation, useEndpointQuery } from '../../../lib/api';

export const useShopItems = (enabled: boolean) =>
  useEndpointQuery(StaffShop.ListItems, {}, { enabled });
export const useCouponTemplates = (enabled: boolean) =>
  useEndpointQuery(StaffCoupon.ListTemplates, {}, { enabled });
export const useDeliveries = (input: InputOf<typeof StaffShop.ListDeliveries>) =>
  useEndpointQuery(StaffShop.ListDeliveries, input, { keepPrevious: true });

export const useCreateItem = () =>
  useEndpointMutation(StaffShop.CreateItem, { invalidates: [StaffShop.ListItems] });
export const useSetItem = () =>
  useEndpointMutation(StaffShop.SetItem, { invalidates: [StaffShop.ListItems] });
export const useAddStock = () =>
  useEndpointMutation(StaffShop.AddStock, { invalidates: [StaffShop.ListItems] });
export const useShipDelivery = () =>
  useEndpointMutation(StaffShop.ShipDelivery, { invalidates: [StaffShop.ListDeliveries] });
