import { useState } from 'react';
import { useNavigate } from 'react-router';
import { saveAccessToken } from '../../lib/auth-session';
import { paths } from '../../lib/paths';
import { queryClient } from '../../lib/api';
import { errorMessage, showFail, showSuccess } from '../../components/feedback';
import { switchMember } from './api/switch-member';
import { switchMainMember } from './api/switch-main-member';

/**
 * Continues as another member: the new token is stored (which forgets the previous member's
 * data and memberInfo), every query is invalidated, and the member centre loads the new one.
 */
export function startSwitchedSession(accessToken: string): void {
  saveAccessToken(accessToken);
  void queryClient.invalidateQueries();
}

/** Switching into a related member's account and back to the main member's. */
export function useSwitchAccount() {
  const navigate = useNavigate();
  const [pending, setPending] = useState(false);

  const run = async (request: () => Promise<{ accessToken: string }>, done: string) => {
    if (pending) return;
    setPending(true);
    try {
      const { accessToken } = await request();
      startSwitchedSession(accessToken);
      showSuccess(done);
      void navigate(paths.member, { replace: true });
    } catch (error) {
      showFail(errorMessage(error, '切换失败，请稍后重试'));
    } finally {
      setPending(false);
    }
  };

  return {
    pending,
    switchTo: (member: { id: number; displayName: string }) =>
      run(() => switchMember(member.id), `已切换到 ${member.displayName}`),
    switchBack: (mainName?: string) =>
      run(switchMainMember, mainName ? `已切回主账号 ${mainName}` : '已切回主账号'),
  };
}
