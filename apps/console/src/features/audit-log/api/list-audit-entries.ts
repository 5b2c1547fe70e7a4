import { StaffAudit } from '@pcb/contract/staff-audit';
import type { InputOf } from '@pcb/contract';
import { useEndpointQuery } from '../../../lib/api';

export const useAuditEntries = (input: InputOf<typeof StaffAudit.List>) =>
  useEndpointQuery(StaffAudit.List, input, { keepPrevious: true });
