import { StaffAccount } from '@pcb/contract/staff-account';
import { useEndpointQuery } from '../../../lib/api';

/** The staff filter's choices: accounts matching what was typed, a page of them. */
export const useStaffOptions = (keyword: string) =>
  useEndpointQuery(
    StaffAccount.List,
    { keyword: keyword || undefined, page: 1, pageSize: 50 },
    { keepPrevious: true },
  );
