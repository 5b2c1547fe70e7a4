import { useMutation } from '@tanstack/react-query';
import { PcbQuote, SmtQuote, StencilQuote, type PlacedOrder } from '@pcb/contract/order-quote';
import type { Courier, InvoiceKind } from '@pcb/pricing';
import { apiCall } from '../../../lib/api';
import type { OrderInfo } from '../../../lib/order-info';

export interface PlaceOrderInput {
  sheetVersion: number;
  expectedTotal: number;
  receiverId: number;
  courier: Courier;
  contactId?: number;
  invoice: InvoiceKind;
  invoiceProfileId?: number;
  fileKey: string;
  fileName: string;
  remark?: string;
  requestId: string;
}

/** Pcb/SaveOrder, Smt/Create or Stencil/Create: the server reprices (409 when it changed). */
export function placeOrder(info: OrderInfo, input: PlaceOrderInput): Promise<PlacedOrder> {
  if (info.kind === 'pcb') return apiCall(PcbQuote.SaveOrder, { params: info.params, ...input });
  if (info.kind === 'smt') return apiCall(SmtQuote.Create, { params: info.params, ...input });
  return apiCall(StencilQuote.Create, { params: info.params, ...input });
}

// The order lists are the next issue's: nothing on screen shows orders yet to invalidate.
export const usePlaceOrder = (info: OrderInfo) =>
  useMutation({ mutationFn: (input: PlaceOrderInput) => placeOrder(info, input) });
