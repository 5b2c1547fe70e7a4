import { StaffMobileApply } from '@pcb/contract/staff-mobile-apply';
import { useEndpointQuery } from '../../../lib/api';

/** The application with a short-lived signed link to its identity document. */
export const useMobileApply = (id: number | null) =>
  useEndpointQuery(StaffMobileApply.Get, { id: id ?? 0 }, { enabled: id !== null });
