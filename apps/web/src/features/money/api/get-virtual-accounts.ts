import { DirectConnection } from '@pcb/contract/direct-connection';
import { useEndpointQuery } from '../../../lib/api';

/** The member's dedicated accounts for bank transfers (finance credits what arrives). */
export const useVirtualAccounts = (memberId: number | undefined) =>
  useEndpointQuery(
    DirectConnection.GetVirtualAccountListByMemberId,
    { mbid: memberId ?? 0 },
    { enabled: memberId !== undefined, staleTime: 5 * 60_000 },
  );
