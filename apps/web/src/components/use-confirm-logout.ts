import { useState } from 'react';
import { useNavigate } from 'react-router';
import { signOut } from '../lib/auth-session';
import { paths } from '../lib/paths';
import { confirmDialog, showToast } from './feedback';

/** 退出登录 after a confirmation: the server is told, the session ends here, then /login. */
export function useConfirmLogout() {
  const navigate = useNavigate();
  const [pending, setPending] = useState(false);
  const confirmLogout = async () => {
    const confirmed = await confirmDialog({
      content: '确定要退出登录吗？',
      confirmText: '退出登录',
    });
    if (!confirmed) return;
    setPending(true);
    try {
      await signOut();
    } finally {
      setPending(false);
    }
    void navigate(paths.login, { replace: true });
    showToast('已退出登录');
  };
  return { confirmLogout, pending };
}
