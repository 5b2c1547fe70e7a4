import {
  orderKindNames,
  orderStatusNames,
  type OrderKind,
  type OrderStatus,
} from '@pcb/contract/order-quote';
import {
  courierLabels,
  invoiceLabels,
  pcbFields,
  smtFields,
  stencilFields,
  type FieldSpec,
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

const kindColors: Record<OrderKind, string> = { pcb: 'green', smt: 'purple', stencil: 'geekblue' };

export const orderKindTags = Object.fromEntries(
  Object.entries(orderKindNames).map(([kind, label]) => [
    kind,
    { label, color: kindColors[kind as OrderKind] },
  ]),
) as Record<OrderKind, { label: string; color: string }>;

const fieldsOf: Record<OrderKind, Record<string, FieldSpec>> = {
  pcb: pcbFields,
  smt: smtFields,
  stencil: stencilFields,
};

/** An order's parameters as labelled Chinese values, in the form's order. */
export function paramItems(
  kind: OrderKind,
  params: Record<string, unknown>,
): { key: string; label: string; value: string }[] {
  return Object.entries(fieldsOf[kind]).flatMap(([key, spec]) => {
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
