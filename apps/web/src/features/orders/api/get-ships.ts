import { useQuery } from '@tanstack/react-query';
import { PcbLife, SmtLife, StencilLife, type OrderKind } from '@pcb/contract/order-life';
import { endpointQueryOptions } from '../../../lib/api';

/** The parcels of an order (`GetShips`: PCB by POST, SMT and stencil by GET). */
function shipsQuery(kind: OrderKind, id: number) {
  if (kind === 'pcb') return endpointQueryOptions(PcbLife.GetShips, { id }, { staleTime: 0 });
  const module = kind === 'smt' ? SmtLife : StencilLife;
  return endpointQueryOptions(module.GetShips, { id }, { staleTime: 0 });
}

export const useShips = (kind: OrderKind, id: number) => useQuery(shipsQuery(kind, id));
