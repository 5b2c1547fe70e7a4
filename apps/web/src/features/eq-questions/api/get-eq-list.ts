import { EqQuestion } from '@pcb/contract/eq-question';
import { useEndpointQuery } from '../../../lib/api';

/** One order's questions (open and answered), or all my open questions without an order. */
export const useEqList = (orderId: number | null) =>
  useEndpointQuery(
    EqQuestion.GetEqList,
    orderId === null ? { page: 1, pageSize: 50 } : { orderId, page: 1, pageSize: 50 },
    { staleTime: 0 },
  );

/** How many questions wait for my answer (the message centre's entry). */
export const useOpenEqCount = () =>
  useEndpointQuery(EqQuestion.GetEqList, { page: 1, pageSize: 1 }, { staleTime: 0 });
