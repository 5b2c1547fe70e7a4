import { QueryClient } from '@tanstack/react-query';
import type { EndpointDef } from '@pcb/contract';
import { createApiCall, type TransportAdapter } from './api-call';
import { ApiError } from './api-error';
import { createEndpointHooks } from './endpoint-query';
import { urlOf } from './url';

export interface ClientOptions extends TransportAdapter {
  /** How long an answer counts as fresh unless a query says otherwise. */
  staleTime: number;
  /**
   * What every successful write of a `staff` endpoint changes besides what its mutation lists:
   * the audit log, which gains a row with each one (decision 0021). None on the member app.
   */
  staffWriteInvalidates?: readonly EndpointDef[];
}

// Retrying a 4xx cannot succeed and would repeat the server's message; only network trouble
// and server errors get one more try.
function shouldRetry(failureCount: number, error: unknown): boolean {
  if (failureCount >= 1) return false;
  return !(error instanceof ApiError) || error.status === 0 || error.status >= 500;
}

/**
 * One app's client (decision 0037): its call, its query cache, and the query and mutation
 * helpers bound to both. What the app decides (headers, what a lost session does, what every
 * staff write changes) comes in as options; everything else is the same in both apps.
 */
export function createClient(options: ClientOptions) {
  const { staleTime, staffWriteInvalidates = [], ...transport } = options;
  const apiCall = createApiCall(transport);
  const queryClient = new QueryClient({
    defaultOptions: {
      queries: { retry: shouldRetry, staleTime, refetchOnWindowFocus: false },
      mutations: { retry: false },
    },
  });
  return {
    apiCall,
    queryClient,
    /** `urlOf(Endpoint, input)` under the app's API base, as `apiCall` requests it. */
    urlOf: (endpoint: Pick<EndpointDef, 'method' | 'path'>, input?: unknown) =>
      urlOf(endpoint, input, transport.apiBase),
    ...createEndpointHooks({ apiCall, queryClient, staffWriteInvalidates }),
  };
}
