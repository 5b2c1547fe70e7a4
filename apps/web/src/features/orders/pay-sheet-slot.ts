import type { ComponentType } from 'react';
import type { OrderKind } from '@pcb/contract/order-life';

/**
 * The pay sheet the app hands the order screens (features/money's, composed in src/app): the
 * order to pay; the sheet reads the amount due from the server itself.
 */
export interface PaySheetProps {
  order: { id: number; kind: OrderKind; orderNo: string };
  visible: boolean;
  onClose: () => void;
}
export type PaySheet = ComponentType<PaySheetProps>;
