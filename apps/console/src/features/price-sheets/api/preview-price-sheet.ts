import { StaffPriceSheet } from '@pcb/contract/staff-price-sheet';
import { useEndpointMutation } from '../../../lib/api';

/**
 * The sample quotes priced with the published sheet and with the saved draft. A POST that
 * changes nothing: the answer is the page's to keep, no cached answer goes stale.
 */
export const usePreviewPriceSheet = () =>
  useEndpointMutation(StaffPriceSheet.Preview, { invalidates: [] });
