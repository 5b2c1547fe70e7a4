import { StaffAudit } from '@pcb/contract/staff-audit';
import { StaffPriceSheet } from '@pcb/contract/staff-price-sheet';
import { useEndpointMutation } from '../../../lib/endpoint-query';

/** A draft copied from the published sheet (the existing draft when there is one). */
export const useCreateDraft = () =>
  useEndpointMutation(StaffPriceSheet.CreateDraft, {
    invalidates: [StaffPriceSheet.List, StaffAudit.List],
  });
