import { PriceSheet } from '@pcb/contract/price-sheet';
import { StaffPriceSheet } from '@pcb/contract/staff-price-sheet';
import { useEndpointMutation } from '../../../lib/api';

/** The draft becomes the next version; the one before is retired. */
export const usePublishPriceSheet = () =>
  useEndpointMutation(StaffPriceSheet.Publish, {
    invalidates: [StaffPriceSheet.List, StaffPriceSheet.Get, PriceSheet.GetPublished],
  });
