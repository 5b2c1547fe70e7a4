import { Suspense, useEffect } from 'react';
import { Button, Result } from 'antd';
import { Navigate, Outlet, useLocation, useSearchParams } from 'react-router';
import { paths, safeReturnPath } from '../lib/paths';
import { useStaffSession } from '../lib/staff-session';
import { decideAccess } from './route-guard';
import { routeForPath } from './route-table';
import { FullScreenSpin } from './status-pages';

const APP_TITLE = '员工后台';

/** Sets the document title from the route's row; unknown paths say so. */
function useDocumentTitle(title: string): void {
  useEffect(() => {
    document.title = `${title} - ${APP_TITLE}`;
  }, [title]);
}

/**
 * Above every route: waits for the session (StaffAuth/Me), then sends the visitor where the
 * row's access says (route-guard.ts). A screen the roles do not open is left to the layout,
 * which shows the 403 page inside the console's chrome.
 */
export function RouteGuard() {
  const location = useLocation();
  const [search] = useSearchParams();
  const session = useStaffSession();
  const route = routeForPath(location.pathname);
  useDocumentTitle(route?.title ?? '页面不存在');
  // The screen's code loads while the session is asked for, not after it (React.lazy then
  // finds the module loaded); a failure shows when the screen renders.
  useEffect(() => {
    route?.page().catch(() => undefined);
  }, [route]);

  if (session.isPending) return <FullScreenSpin />;
  if (session.isError) {
    return (
      <div className="console-fullscreen">
        <Result
          status="error"
          title="无法连接服务器"
          subTitle={session.error.message}
          extra={
            <Button type="primary" onClick={() => void session.refetch()}>
              重试
            </Button>
          }
        />
      </div>
    );
  }

  const decision = decideAccess(route, session.data.staff, location);
  if (decision.type === 'login') {
    const query = decision.returnPath
      ? `?${new URLSearchParams({ returnUrl: decision.returnPath }).toString()}`
      : '';
    return <Navigate to={`${paths.login}${query}`} replace />;
  }
  if (decision.type === 'home') {
    return <Navigate to={safeReturnPath(search.get('returnUrl'))} replace />;
  }
  return (
    <Suspense fallback={<FullScreenSpin />}>
      <Outlet />
    </Suspense>
  );
}
