import { StaffPriceSheet } from '@pcb/contract/staff-price-sheet';
import type { InputOf } from '@pcb/contract';
import { useEndpointQuery } from '../../../lib/api';

/** The history, newest first: the draft (if any), the published version, the retired ones. */
export const usePriceSheets = (input: InputOf<typeof StaffPriceSheet.List>) =>
  useEndpointQuery(StaffPriceSheet.List, input, { keepPrevious: true });
