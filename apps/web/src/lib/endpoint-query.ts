import { queryOptions, useMutation, useQuery, type QueryKey } from '@tanstack/react-query';
import type { Access, EndpointDef, InputOf, OutputOf } from '@pcb/contract';
import { apiCall } from './api-client';
import { queryClient } from './query-client';

declare module '@tanstack/react-query' {
  interface Register {
    // Whose answer a query holds: public answers survive a change of member (auth-session).
    queryMeta: { access?: Access };
  }
}

/**
 * The key of an endpoint's answers: `[module, action]`, and the input when there is one, so
 * invalidating `[module, action]` reaches every input's answer.
 */
export function endpointKey(endpoint: EndpointDef, input?: object): QueryKey {
  return input !== undefined && Object.keys(input).length > 0
    ? [endpoint.module, endpoint.action, input]
    : [endpoint.module, endpoint.action];
}

export interface EndpointQueryConfig {
  /** How long an answer counts as fresh (the client's default otherwise). */
  staleTime?: number;
}

/** Query options for one endpoint and input: key, fetcher and who the answer belongs to. */
export function endpointQueryOptions<E extends EndpointDef>(
  endpoint: E,
  input: InputOf<E>,
  config: EndpointQueryConfig = {},
) {
  return queryOptions({
    queryKey: endpointKey(endpoint, input as object) as readonly unknown[],
    queryFn: ({ signal }): Promise<OutputOf<E>> => apiCall(endpoint, input, { signal }),
    meta: { access: endpoint.access },
    ...config,
  });
}

/** `useEndpointQuery(MemberInfo.Get, {})`: an endpoint's answer, cached under its key. */
export function useEndpointQuery<E extends EndpointDef>(
  endpoint: E,
  input: InputOf<E>,
  config: EndpointQueryConfig & { enabled?: boolean } = {},
) {
  const { enabled, ...rest } = config;
  return useQuery({ ...endpointQueryOptions(endpoint, input, rest), enabled });
}

export interface EndpointMutationConfig<E extends EndpointDef, V> {
  /**
   * The endpoints whose answers this call changes (decision 0011): marked stale once it
   * succeeds; those on screen are fetched again. Required, so every mutation says it, even
   * when the answer is "none".
   */
  invalidates: readonly EndpointDef[];
  /** The call's input from what the page passes (`id` → `{ id }`). */
  toInput?: (variables: V) => InputOf<E>;
  /** A call that must succeed first, in the same mutation (Activate needs the agreement signed). */
  prepare?: () => Promise<unknown>;
  /** Runs first on success (a renewed token, a patch shown at once). */
  onSuccess?: (data: OutputOf<E>, variables: V) => void;
  /**
   * Whether the mutation waits for the refetch of what it invalidated (default): a page that
   * patched the cache itself need not.
   */
  awaitRefetch?: boolean;
}

/** Marks every answer of these endpoints stale; those on screen are fetched again. */
export async function invalidateEndpoints(endpoints: readonly EndpointDef[]): Promise<void> {
  await Promise.all(
    endpoints.map((endpoint) => queryClient.invalidateQueries({ queryKey: endpointKey(endpoint) })),
  );
}

/** `useEndpointMutation(MemberInfo.ChangeMobile, { invalidates: [MemberInfo.Get] })`. */
export function useEndpointMutation<E extends EndpointDef, V = InputOf<E>>(
  endpoint: E,
  config: EndpointMutationConfig<E, V>,
) {
  const { invalidates, toInput, prepare, onSuccess, awaitRefetch = true } = config;
  return useMutation({
    mutationFn: async (variables: V) => {
      if (prepare) await prepare();
      return apiCall(endpoint, toInput ? toInput(variables) : (variables as InputOf<E>));
    },
    onSuccess: async (data, variables) => {
      onSuccess?.(data, variables);
      const refetch = invalidateEndpoints(invalidates);
      if (awaitRefetch) await refetch;
    },
  });
}
