import { isLoggedIn } from '../lib/auth-session';
import { getLoadedMemberInfo, loadMemberInfo } from '../lib/member-info';
import { errorMessage, showWarning } from '../components/feedback';

let inFlight: Promise<void> | null = null;

/**
 * Spec section 4, on every navigation: a logged-in member without loaded info gets it
 * fetched; a failure shows the server's message as a warning. A token that has already
 * expired is not sent: the answer could only be a 401.
 */
export function ensureMemberInfo(): Promise<void> {
  if (!isLoggedIn() || getLoadedMemberInfo()) return Promise.resolve();
  inFlight ??= loadMemberInfo()
    .then(() => undefined)
    .catch((error: unknown) => showWarning(errorMessage(error, '会员信息加载失败')))
    .finally(() => {
      inFlight = null;
    });
  return inFlight;
}
