import { StaffPriceSheet } from '@pcb/contract/staff-price-sheet';
import { useEndpointMutation } from '../../../lib/api';

/** Throws the draft away; the published sheet is untouched. */
export const useDeleteDraft = () =>
  useEndpointMutation(StaffPriceSheet.DeleteDraft, {
    invalidates: [StaffPriceSheet.List],
  });
