import { StaffPriceSheet } from '@pcb/contract/staff-price-sheet';
import { useEndpointQuery } from '../../../lib/api';

/** One sheet with its body. */
export const usePriceSheet = (id: number | null) =>
  useEndpointQuery(StaffPriceSheet.Get, { id: id ?? 0 }, { enabled: id !== null });
