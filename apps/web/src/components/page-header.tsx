import type { ReactNode } from 'react';
import { useNavigate, useOutletContext } from 'react-router';
import { paths } from '../lib/paths';
import { BackIcon } from './icons';

/**
 * Top bar with a back arrow and the screen's heading. A page opened directly (shared link,
 * WeChat menu) has no history to go back to, so the arrow then goes to its route's `back`
 * (app/route-table.ts). A button of our own, named 返回: antd-mobile's NavBar makes its left
 * side an unnamed role="button" that no keyboard reaches.
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
    <header className="page-header" data-testid="page-header">
      <button
        type="button"
        className="icon-button page-header-back"
        aria-label="返回"
        onClick={onBack}
      >
        <BackIcon />
      </button>
      <h1 className="page-header-title">{children}</h1>
    </header>
  );
}
