import { StaffPriceSheet } from '@pcb/contract/staff-price-sheet';
import { useEndpointMutation } from '../../../lib/api';

/** A draft copied from the published sheet (the existing draft when there is one). */
export const useCreateDraft = () =>
  useEndpointMutation(StaffPriceSheet.CreateDraft, {
    invalidates: [StaffPriceSheet.List],
  });
