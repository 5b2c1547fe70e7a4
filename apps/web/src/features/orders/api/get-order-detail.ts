import { PcbLife, type OrderKind } from '@pcb/contract/order-life';
import { useEndpointQuery } from '../../../lib/api';
import { orderCalls } from './order-calls';

/** One of my orders: parameters, fees, file, receiver, timeline, prompts, parcels. */
export const useOrderDetail = (kind: OrderKind, id: number) =>
  // Staff move orders on: the detail is asked again whenever it is opened.
  useEndpointQuery(orderCalls[kind].detail, { id }, { staleTime: 0 });

/** A PCB order's timeline and production steps (`GetOrderProcess`, the spec's call). */
export const useOrderProcess = (id: number, enabled: boolean) =>
  useEndpointQuery(PcbLife.GetOrderProcess, { orderId: id }, { enabled, staleTime: 0 });
