import { orderActions } from '@pcb/contract';
import { orderStatusNames, type OrderStatus } from '@pcb/contract/order-quote';
import {
  courierLabels,
  couriers,
  type Courier,
  invoiceLabels,
  orderKindRegistry,
  type FieldSpec,
  type OrderKind,
} from '@pcb/pricing';

const statusColors: Record<OrderStatus, string> = {
  pendingReview: 'orange',
  awaitingConfirmation: 'gold',
  awaitingPayment: 'blue',
  inProduction: 'processing',
  shipped: 'cyan',
  completed: 'green',
  cancelled: 'default',
};

export const orderStatusTags = Object.fromEntries(
  Object.entries(orderStatusNames).map(([status, label]) => [
    status,
    { label, color: statusColors[status as OrderStatus] },
  ]),
) as Record<OrderStatus, { label: string; color: string }>;

/** Each kind's tag: the registry's name, in the console's colour for the kind. */
export const orderKindTags: { readonly [K in OrderKind]: { label: string; color: string } } = {
  pcb: { label: orderKindRegistry.pcb.name, color: 'green' },
  smt: { label: orderKindRegistry.smt.name, color: 'purple' },
  stencil: { label: orderKindRegistry.stencil.name, color: 'geekblue' },
};

/** An order's parameters as labelled Chinese values, in the form's order. */
export function paramItems(
  kind: OrderKind,
  params: Record<string, unknown>,
): { key: string; label: string; value: string }[] {
  const fields: Readonly<Record<string, FieldSpec>> = orderKindRegistry[kind].fields;
  return Object.entries(fields).flatMap(([key, spec]) => {
    if (!(key in params)) return [];
    const raw = params[key];
    const option = spec.options?.find((o) => o.value === raw);
    return [{ key, label: spec.label, value: option ? option.label : String(raw) }];
  });
}

export const courierName = (code: string): string =>
  courierLabels[code as keyof typeof courierLabels] ?? code;

export const invoiceName = (code: string): string =>
  invoiceLabels[code as keyof typeof invoiceLabels] ?? code;

/** What wrote a timeline entry, as the desk names it: the lifecycle table's label. */
export function timelineActionName(action: string): string {
  if (action === 'place') return '下单';
  const rule = (orderActions as Record<string, { label: string } | undefined>)[action];
  return rule?.label ?? action;
}

/** The courier code of a name the server shows (`顺丰速运` → `sf`), or undefined. */
export function courierCodeOf(nameOrCode: string): Courier | undefined {
  if ((couriers as readonly string[]).includes(nameOrCode)) return nameOrCode as Courier;
  return couriers.find((c) => courierLabels[c] === nameOrCode);
}
