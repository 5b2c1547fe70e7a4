import { StaffPriceSheet } from '@pcb/contract/staff-price-sheet';
import { useEndpointMutation } from '../../../lib/api';

/** Saves the draft's values and note; refused with the problem's path when one is wrong. */
export const useSaveDraft = () =>
  useEndpointMutation(StaffPriceSheet.SaveDraft, {
    invalidates: [StaffPriceSheet.List, StaffPriceSheet.Get],
  });
