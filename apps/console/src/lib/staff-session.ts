import { useQuery } from '@tanstack/react-query';
import { StaffAuth } from '@pcb/contract/staff-auth';
import type { StaffProfile, StaffSession } from '@pcb/contract/staff-common';
import type { EndpointDef, StaffRole } from '@pcb/contract';
import { ApiError, endpointKey } from '@pcb/client';
import { apiCall, setCsrfToken, setUnauthorizedHandler, queryClient } from './api';

/**
 * Where the console's session stands: a staff member, or none — and then whether one just
 * ended under the staff member's hands (idle time-out, disabled, logged out elsewhere), which
 * the login screen says.
 */
export type SessionState = { staff: StaffProfile } | { staff: null; expired?: boolean };

const sessionKey = endpointKey(StaffAuth.Me);

/** Everything cached but the session itself (whose observers must keep their query). */
function dropStaffData(): void {
  const isSession = (key: readonly unknown[]) =>
    key[0] === StaffAuth.Me.module && key[1] === StaffAuth.Me.action;
  void queryClient.cancelQueries({ predicate: (query) => !isSession(query.queryKey) });
  queryClient.removeQueries({ predicate: (query) => !isSession(query.queryKey) });
}

/**
 * Set while this browser has a session it started and has not seen end (decision 0036). The
 * cookie itself is HttpOnly; without this mark the console does not ask StaffAuth/Me, whose
 * 401 every browser reports as an error in its console on each visit to the login page.
 */
export const SESSION_MARK = 'pcb-staff-session';

function markSession(on: boolean): void {
  try {
    if (on) localStorage.setItem(SESSION_MARK, '1');
    else localStorage.removeItem(SESSION_MARK);
  } catch {
    // Storage refused (a private window's quota): Me is then asked on every load.
  }
}

function sessionMarked(): boolean {
  try {
    return localStorage.getItem(SESSION_MARK) !== null;
  } catch {
    return true;
  }
}

/** StaffAuth/Me on load: the cookie tells the server who this is; 401 is "no session". */
async function fetchSession(signal: AbortSignal): Promise<SessionState> {
  if (!sessionMarked()) {
    setCsrfToken(null);
    return { staff: null };
  }
  try {
    const session = await apiCall(StaffAuth.Me, {}, { signal });
    setCsrfToken(session.csrfToken);
    return { staff: session.staff };
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) {
      setCsrfToken(null);
      markSession(false);
      return { staff: null };
    }
    throw error;
  }
}

export function useStaffSession() {
  return useQuery({
    queryKey: sessionKey,
    queryFn: ({ signal }) => fetchSession(signal),
    // The session changes through the calls below, never by going stale.
    staleTime: Infinity,
  });
}

/** The logged-in staff member; only under the guard, which renders nothing without one. */
export function useStaff(): StaffProfile {
  const { data } = useStaffSession();
  if (!data?.staff) throw new Error('useStaff outside a staff route');
  return data.staff;
}

/** A login step that started a session (VerifyTotp, EnrollTotp, Login 'done'). */
export function startSession(session: StaffSession): void {
  setCsrfToken(session.csrfToken);
  markSession(true);
  // Nothing cached under another staff member's session survives into this one.
  dropStaffData();
  queryClient.setQueryData<SessionState>(sessionKey, { staff: session.staff });
}

/** Logged out here, or the server ended the session (`expired`). */
export function endSession(options: { expired?: boolean } = {}): void {
  setCsrfToken(null);
  markSession(false);
  dropStaffData();
  const ended: SessionState = { staff: null, expired: options.expired === true };
  queryClient.setQueryData<SessionState>(sessionKey, ended);
}

// A staff call refused with 401 while a session was on screen: it has ended on the server.
setUnauthorizedHandler(() => {
  const current = queryClient.getQueryData<SessionState>(sessionKey);
  if (current?.staff) endSession({ expired: true });
});

export function hasAnyRole(staff: Pick<StaffProfile, 'roles'>, roles: readonly StaffRole[]) {
  return staff.roles.some((role) => roles.includes(role));
}

/** Whether the staff member's roles may call the endpoint (which buttons a screen shows). */
export function canCall(staff: Pick<StaffProfile, 'roles'>, endpoint: EndpointDef): boolean {
  return hasAnyRole(staff, endpoint.roles ?? []);
}
