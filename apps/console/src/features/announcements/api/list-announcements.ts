import { StaffAnnouncement } from '@pcb/contract/staff-announcement';
import type { InputOf } from '@pcb/contract';
import { useEndpointQuery } from '../../../lib/api';

export const useAnnouncements = (input: InputOf<typeof StaffAnnouncement.List>) =>
  useEndpointQuery(StaffAnnouncement.List, input, { keepPrevious: true });
