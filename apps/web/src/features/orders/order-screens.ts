import {
  orderKinds,
  orderStatuses,
  type OrderKind,
  type OrderStatus,
} from '@pcb/contract/order-life';
import { orderKindNames } from '@pcb/pricing';

/** The list's tabs, named as the quote page's. */
export const tabName = (kind: OrderKind): string => orderKindNames[kind].tabName;

/** What waits for the member: shown first and highlighted. */
export const needsMember: readonly OrderStatus[] = ['awaitingConfirmation', 'awaitingPayment'];

/** `?kind=` as the links write it; PCB when absent or unknown (the spec's `?id=` alone). */
export const kindFrom = (value: string | null): OrderKind =>
  orderKinds.find((k) => k === value) ?? 'pcb';

export const statusFrom = (value: string | null): OrderStatus | null =>
  orderStatuses.find((s) => s === value) ?? null;

/** `?id=` as a positive whole number, or null. */
export function idFrom(value: string | null): number | null {
  if (!value || !/^\d{1,10}$/.test(value)) return null;
  const id = Number(value);
  return id >= 1 && id <= 2_147_483_647 ? id : null;
}
