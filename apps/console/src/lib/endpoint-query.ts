import {
  keepPreviousData,
  queryOptions,
  useMutation,
  useQuery,
  type QueryKey,
} from '@tanstack/react-query';
import type { EndpointDef, InputOf, OutputOf } from '@pcb/contract';
import { apiCall } from './api-client';
import { queryClient } from './query-client';

/**
 * The key of an endpoint's answers: `[module, action]`, and the input when there is one, so
 * invalidating `[module, action]` reaches every input's answer.
 */
export function endpointKey(endpoint: EndpointDef, input?: object): QueryKey {
  return input !== undefined && Object.keys(input).length > 0
    ? [endpoint.module, endpoint.action, input]
    : [endpoint.module, endpoint.action];
}

/** Query options for one endpoint and input: key and fetcher. */
export function endpointQueryOptions<E extends EndpointDef>(endpoint: E, input: InputOf<E>) {
  return queryOptions({
    queryKey: endpointKey(endpoint, input as object) as readonly unknown[],
    queryFn: ({ signal }): Promise<OutputOf<E>> => apiCall(endpoint, input, { signal }),
  });
}

export interface EndpointQueryConfig {
  enabled?: boolean;
  /**
   * Keep showing the previous input's answer while the next one loads (a table turning pages
   * or filtering), instead of an empty table.
   */
  keepPrevious?: boolean;
}

/** `useEndpointQuery(StaffMember.Search, { keyword })`: an endpoint's answer, cached by input. */
export function useEndpointQuery<E extends EndpointDef>(
  endpoint: E,
  input: InputOf<E>,
  config: EndpointQueryConfig = {},
) {
  return useQuery({
    ...endpointQueryOptions(endpoint, input),
    enabled: config.enabled,
    placeholderData: config.keepPrevious ? keepPreviousData : undefined,
  });
}

export interface EndpointMutationConfig<E extends EndpointDef, V> {
  /**
   * The endpoints whose answers this call changes: marked stale once it succeeds, and those on
   * screen fetched again before the mutation settles. Required, even when the answer is none.
   */
  invalidates: readonly EndpointDef[];
  /** The call's input from what the page passes. */
  toInput?: (variables: V) => InputOf<E>;
  onSuccess?: (data: OutputOf<E>, variables: V) => void;
}

/** Marks every answer of these endpoints stale; those on screen are fetched again. */
export async function invalidateEndpoints(endpoints: readonly EndpointDef[]): Promise<void> {
  await Promise.all(
    endpoints.map((endpoint) => queryClient.invalidateQueries({ queryKey: endpointKey(endpoint) })),
  );
}

/** `useEndpointMutation(StaffMember.SetStatus, { invalidates: [StaffMember.Get] })`. */
export function useEndpointMutation<E extends EndpointDef, V = InputOf<E>>(
  endpoint: E,
  config: EndpointMutationConfig<E, V>,
) {
  const { invalidates, toInput, onSuccess } = config;
  return useMutation({
    mutationFn: (variables: V) =>
      apiCall(endpoint, toInput ? toInput(variables) : (variables as InputOf<E>)),
    onSuccess: async (data, variables) => {
      onSuccess?.(data, variables);
      await invalidateEndpoints(invalidates);
    },
  });
}
