import { NavBar } from 'antd-mobile';
import type { ReactNode } from 'react';
import { useNavigate } from 'react-router';

/**
 * Top bar with a back arrow. A page opened directly (shared link, WeChat menu) has no
 * history to go back to, so the arrow then goes to `backTo`.
 */
export function PageHeader({ children, backTo }: { children: ReactNode; backTo: string }) {
  const navigate = useNavigate();
  const onBack = () => {
    const idx = (window.history.state as { idx?: number } | null)?.idx ?? 0;
    if (idx > 0) void navigate(-1);
    else void navigate(backTo, { replace: true });
  };
  return (
    <NavBar className="page-header" onBack={onBack} data-testid="page-header">
      {children}
    </NavBar>
  );
}
