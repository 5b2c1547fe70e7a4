import { CityClass } from '@pcb/contract/city-class';
import { useEndpointQuery } from '../../../lib/api';

/**
 * The area picker's data (~30 KB gzip), fetched when the edit screen opens, never bundled. The
 * browser keeps it a week and revalidates it with its ETag; within a visit it never goes stale.
 */
export const useRegions = () =>
  useEndpointQuery(CityClass.GetProvinceCitySelectorData, {}, { staleTime: Infinity });
