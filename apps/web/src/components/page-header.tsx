import { NavBar } from 'antd-mobile';
import type { ReactNode } from 'react';
import { useNavigate, useOutletContext } from 'react-router';
import { paths } from '../lib/paths';

/**
 * Top bar with a back arrow. A page opened directly (shared link, WeChat menu) has no
 * history to go back to, so the arrow then goes to its route's `back` (app/route-table.ts).
 */
export function PageHeader({ children }: { children: ReactNode }) {
  const navigate = useNavigate();
  // The app layout hands its route's `back` to the page through the outlet.
  const routeBack = useOutletContext<string | undefined>() ?? paths.home;
  const onBack = () => {
    const idx = (window.history.state as { idx?: number } | null)?.idx ?? 0;
    if (idx > 0) void navigate(-1);
    else void navigate(routeBack, { replace: true });
  };
  return (
    <NavBar className="page-header" onBack={onBack} data-testid="page-header">
      {children}
    </NavBar>
  );
}
