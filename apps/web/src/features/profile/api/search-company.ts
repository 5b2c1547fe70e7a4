import { COMPANY_SEARCH_MIN } from '@pcb/contract';
import { MemberInfo } from '@pcb/contract/member-info';
import { useEndpointQuery } from '../../../lib/api';

/** Company names holding what the member typed (from 2 characters), for the autocomplete. */
export const useCompanySuggestions = (keyword: string) =>
  useEndpointQuery(
    MemberInfo.SearchCompany,
    { keyword },
    { enabled: [...keyword].length >= COMPANY_SEARCH_MIN, staleTime: 5 * 60_000 },
  );
