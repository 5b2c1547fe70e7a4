import { StaffCompanyApply } from '@pcb/contract/staff-company-apply';
import { useEndpointQuery } from '../../../lib/api';

/** The application with short-lived signed links to the licence and the letter. */
export const useCompanyApply = (id: number | null) =>
  useEndpointQuery(StaffCompanyApply.Get, { id: id ?? 0 }, { enabled: id !== null });
