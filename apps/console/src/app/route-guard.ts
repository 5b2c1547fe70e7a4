import type { StaffProfile } from '@pcb/contract/staff-common';
import { paths } from '../lib/paths';
import { canOpen, type ConsoleRoute } from './route-table';

export type AccessDecision =
  | { type: 'allow' }
  | { type: 'login'; returnPath: string | null }
  | { type: 'home' }
  | { type: 'forbidden' };

/**
 * Reads the row's access: without a session every screen but the login goes to the login
 * (and comes back after it); with one, the login goes home, and a screen the staff member's
 * roles do not open is a 403 page. An unknown path is allowed through to the 404 page.
 */
export function decideAccess(
  route: ConsoleRoute | undefined,
  staff: Pick<StaffProfile, 'roles'> | null,
  location: { pathname: string; search: string },
): AccessDecision {
  if (!staff) {
    if (route?.access === 'guest') return { type: 'allow' };
    const here = `${location.pathname}${location.search}`;
    return { type: 'login', returnPath: location.pathname === paths.home ? null : here };
  }
  if (route?.access === 'guest') return { type: 'home' };
  if (route && !canOpen(route, staff.roles)) return { type: 'forbidden' };
  return { type: 'allow' };
}
