import { PriceSheet } from '@pcb/contract/price-sheet';
import { StaffAudit } from '@pcb/contract/staff-audit';
import { StaffPriceSheet } from '@pcb/contract/staff-price-sheet';
import { useEndpointMutation } from '../../../lib/endpoint-query';

/** The draft becomes the next version; the one before is retired. */
export const usePublishPriceSheet = () =>
  useEndpointMutation(StaffPriceSheet.Publish, {
    invalidates: [
      StaffPriceSheet.List,
      StaffPriceSheet.Get,
      PriceSheet.GetPublished,
      StaffAudit.List,
    ],
  });
