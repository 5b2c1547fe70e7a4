import type { QueryKey } from '@tanstack/react-query';
import { queryClient } from './query-client';

/**
 * Marks the queries a mutation changed as stale: those on screen are fetched again at once
 * (and the mutation waits for them), the others when they are next shown. Each mutation
 * declares its list beside it in its api/ file (decision 0011).
 */
export async function invalidateQueries(queryKeys: readonly QueryKey[]): Promise<void> {
  await Promise.all(queryKeys.map((queryKey) => queryClient.invalidateQueries({ queryKey })));
}
