// The member app's client (decision 0037): the shared one from @pcb/client, with what only
// this app decides — the stored member token as a bearer header, and a 401 forgets it.
import { createClient } from '@pcb/client';
import { env } from './env';
import { getAccessToken, removeAccessToken } from './storage';

/** The member's token as the server reads it, when one is stored. */
export function memberAuthHeaders(): Record<string, string> {
  const token = getAccessToken();
  return token ? { Authorization: `Bearer ${token}` } : {};
}

export const {
  apiCall,
  urlOf,
  queryClient,
  endpointQueryOptions,
  useEndpointQuery,
  useEndpointMutation,
  invalidateEndpoints,
} = createClient({
  apiBase: env.apiBase,
  headers: memberAuthHeaders,
  // The token was refused (expired, revoked, the member disabled): the guard sends them to log in.
  onUnauthorized: removeAccessToken,
  staleTime: 30_000,
});
