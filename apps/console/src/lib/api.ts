// The console's client (decision 0037): the shared one from @pcb/client, with what only the
// console decides — the staff session's CSRF header, what a lost session does, and the audit
// log as what every staff write changes (decision 0021).
import { createClient } from '@pcb/client';
import { StaffAudit } from '@pcb/contract/staff-audit';
import { env } from './env';

// The staff session is an HttpOnly cookie the script never sees; what it must send back on
// every call is the CSRF token of the session's answer, kept in memory only (decision 0022).
let csrfToken: string | null = null;
let onUnauthorized: (() => void) | null = null;

export function setCsrfToken(token: string | null): void {
  csrfToken = token;
}

/** Called when a staff call answers 401: the session is gone (idle time-out, logout elsewhere). */
export function setUnauthorizedHandler(handler: (() => void) | null): void {
  onUnauthorized = handler;
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
  headers: (): Record<string, string> => (csrfToken ? { 'X-CSRF-Token': csrfToken } : {}),
  onUnauthorized: () => onUnauthorized?.(),
  staleTime: 10_000,
  staffWriteInvalidates: [StaffAudit.List],
});
