import { DirectConnection } from '@pcb/contract/direct-connection';
import { useEndpointQuery } from '../../../lib/api';

/** The member's dedicated accounts for a company transfer (finance records what arrives). */
export const useTransferAccounts = (memberId: number | undefined) =>
  useEndpointQuery(
    DirectConnection.GetVirtualAccountListByMemberId,
    { mbid: memberId ?? 0 },
    { enabled: memberId !== undefined, staleTime: 5 * 60_000 },
  );
