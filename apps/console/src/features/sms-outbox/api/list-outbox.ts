import { StaffOutbox } from '@pcb/contract/staff-outbox';
import type { InputOf } from '@pcb/contract';
import { useEndpointQuery } from '../../../lib/api';

export const useOutbox = (input: InputOf<typeof StaffOutbox.List>) =>
  useEndpointQuery(StaffOutbox.List, input, { keepPrevious: true });
