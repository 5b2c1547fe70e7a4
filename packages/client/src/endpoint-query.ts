import {
  keepPreviousData,
  queryOptions,
  useMutation,
  useQuery,
  type QueryClient,
  type QueryKey,
} from '@tanstack/react-query';
import type { Access, EndpointDef, InputOf, OutputOf } from '@pcb/contract';
import type { ApiCall } from './api-call';

declare module '@tanstack/react-query' {
  interface Register {
    // Whose answer a query holds: public answers survive a change of member or staff session.
    queryMeta: { access?: Access };
  }
}

/**
 * The key of an endpoint's answers: `[module, action]`, and the input when there is one, so
 * invalidating `[module, action]` reaches every input's answer.
 */
export function endpointKey(
  endpoint: Pick<EndpointDef, 'module' | 'action'>,
  input?: object,
): QueryKey {
  return input !== undefined && Object.keys(input).length > 0
    ? [endpoint.module, endpoint.action, input]
    : [endpoint.module, endpoint.action];
}

/**
 * A staff endpoint that changes something: the server audits every one of them in the write's
 * own transaction (decision 0021), the same rule as its define-route.
 */
export const isStaffWrite = (endpoint: Pick<EndpointDef, 'access' | 'method'>): boolean =>
  endpoint.access === 'staff' && endpoint.method !== 'GET';

export interface EndpointQueryConfig {
  /** How long an answer counts as fresh (the client's default otherwise). */
  staleTime?: number;
  /**
   * Ask again when the window regains focus (a tab switched back to), if the answer is stale.
   * Off by default: for what others change while the page is hidden (the staff desk's order).
   */
  refetchOnWindowFocus?: boolean;
}

export interface UseEndpointQueryConfig extends EndpointQueryConfig {
  enabled?: boolean;
  /**
   * Keep showing the previous input's answer while the next one loads (a table turning pages
   * or filtering), instead of an empty table.
   */
  keepPrevious?: boolean;
}

export interface EndpointMutationConfig<E extends EndpointDef, V> {
  /**
   * The endpoints whose answers this call changes (decision 0011): marked stale once it
   * succeeds; those on screen are fetched again. Required, so every mutation says it, even
   * when the answer is "none". The audit log after a staff write is added by the client.
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

export interface EndpointHooksOptions {
  apiCall: ApiCall;
  queryClient: QueryClient;
  /** What every successful staff write changes besides its own list (the audit log). */
  staffWriteInvalidates: readonly EndpointDef[];
}

/** The query and mutation helpers bound to one app's call and cache. */
export function createEndpointHooks({
  apiCall,
  queryClient,
  staffWriteInvalidates,
}: EndpointHooksOptions) {
  /** Query options for one endpoint and input: key, fetcher and who the answer belongs to. */
  function endpointQueryOptions<E extends EndpointDef>(
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
  function useEndpointQuery<E extends EndpointDef>(
    endpoint: E,
    input: InputOf<E>,
    config: UseEndpointQueryConfig = {},
  ) {
    const { enabled, keepPrevious, ...rest } = config;
    return useQuery({
      ...endpointQueryOptions(endpoint, input, rest),
      enabled,
      placeholderData: keepPrevious ? keepPreviousData : undefined,
    });
  }

  /** Marks every answer of these endpoints stale; those on screen are fetched again. */
  async function invalidateEndpoints(endpoints: readonly EndpointDef[]): Promise<void> {
    await Promise.all(
      [...new Set(endpoints)].map((endpoint) =>
        queryClient.invalidateQueries({ queryKey: endpointKey(endpoint) }),
      ),
    );
  }

  /**
   * `useEndpointMutation(MemberInfo.ChangeMobile, { invalidates: [MemberInfo.Get] })`. A staff
   * write also invalidates what every staff write changes (the audit log): no page lists it.
   */
  function useEndpointMutation<E extends EndpointDef, V = InputOf<E>>(
    endpoint: E,
    config: EndpointMutationConfig<E, V>,
  ) {
    const { invalidates, toInput, prepare, onSuccess, awaitRefetch = true } = config;
    const changed = isStaffWrite(endpoint)
      ? [...invalidates, ...staffWriteInvalidates]
      : invalidates;
    return useMutation({
      mutationFn: async (variables: V) => {
        if (prepare) await prepare();
        return apiCall(endpoint, toInput ? toInput(variables) : (variables as InputOf<E>));
      },
      onSuccess: async (data, variables) => {
        onSuccess?.(data, variables);
        const refetch = invalidateEndpoints(changed);
        if (awaitRefetch) await refetch;
      },
    });
  }

  return { endpointQueryOptions, useEndpointQuery, invalidateEndpoints, useEndpointMutation };
}
