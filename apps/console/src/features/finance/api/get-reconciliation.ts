import { StaffLedger } from '@pcb/contract/staff-ledger';
import { useEndpointQuery } from '../../../lib/api';

/**
 * The reconciliation, once asked for: it asks the providers about recent online payments, so
 * it runs on the button, not on every visit, and each run is a fresh one.
 */
export const useReconciliation = (started: boolean) =>
  useEndpointQuery(StaffLedger.GetReconciliation, {}, { enabled: started, staleTime: 0 });
