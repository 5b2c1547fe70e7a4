import type { PriceSheetStatus } from '@pcb/contract/staff-price-sheet';
import { priceSheetStatusNames } from '@pcb/contract/staff-price-sheet';

export const priceSheetStatusTags: Record<PriceSheetStatus, { label: string; color: string }> = {
  draft: { label: priceSheetStatusNames.draft, color: 'orange' },
  published: { label: priceSheetStatusNames.published, color: 'green' },
  retired: { label: priceSheetStatusNames.retired, color: 'default' },
};
