import { Suspense, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { Navigate, Outlet, useLocation, useNavigate, useNavigationType } from 'react-router';
import { useIsFetching, useIsMutating } from '@tanstack/react-query';
import { useAppStore } from '../lib/app-store';
import { hasLoggedOutByChoice, useIsLoggedIn } from '../lib/auth-session';
import { documentNavigation } from '../lib/document-navigation';
import { isExternalPath } from '../lib/paths';
import { peekReturnPath } from '../lib/return-url';
import { removeReturnUrl, setReturnUrl } from '../lib/storage';
import { isIOS, isMiniProgram, isWeChatBrowser } from '../lib/wechat';
import { PageLoading } from '../components/page-status';
import { ConsultProvider } from './consult-popup';
import { ensureMemberInfo } from './ensure-member-info';
import { Footer } from './footer';
import { nextAnimation } from './page-animation';
import { decideAccess, type WechatLoginState } from './route-guard';
import { routeForPath, tabIndexForPath } from './route-table';
import { reportFirstVisit } from './first-visit';

function DocumentRedirect({ href }: { href: string }) {
  useEffect(() => documentNavigation.assign(href), [href]);
  return <PageLoading />;
}

/** Continues where a login would, using the returnUrl up (as a login does). */
function ContinueRedirect({ to }: { to: string }) {
  const navigate = useNavigate();
  useEffect(() => {
    removeReturnUrl();
    if (isExternalPath(to)) documentNavigation.assign(to);
    else void navigate(to, { replace: true });
  }, [navigate, to]);
  return <PageLoading />;
}

/** The path to come back to after /bind: WeChat's one-time OAuth parameters removed. */
function returnPathOf(pathname: string, search: string): string {
  const params = new URLSearchParams(search);
  params.delete('code');
  params.delete('state');
  const query = params.toString();
  return query ? `${pathname}?${query}` : pathname;
}

/**
 * Spec section 4 inside the WeChat browser: a private route without a valid token first tries
 * the token login by openId. Its code loads only there, once per navigation that needs it.
 */
function useWechatLogin(
  needed: boolean,
  location: { key: string; pathname: string; search: string },
) {
  const [outcome, setOutcome] = useState<{ key: string; state: 'unbound' | 'failed' } | null>(null);
  const { key, pathname, search } = location;

  useEffect(() => {
    if (!needed) return;
    let current = true;
    import('../lib/wechat-login')
      .then(({ guardTokenLogin }) => guardTokenLogin())
      .then((result) => {
        if (result === 'loggedIn') {
          // The stored token lets the route render; its member info still has to come.
          void ensureMemberInfo();
          return;
        }
        // On its way to WeChat's authorization page: keep waiting.
        if (result === 'redirecting') return;
        if (result === 'unbound') setReturnUrl(returnPathOf(pathname, search));
        if (current) setOutcome({ key, state: result });
      })
      .catch(() => {
        if (current) setOutcome({ key, state: 'failed' });
      });
    return () => {
      current = false;
    };
  }, [needed, key, pathname, search]);

  if (!needed) return 'unavailable' satisfies WechatLoginState;
  return outcome?.key === key ? outcome.state : ('pending' satisfies WechatLoginState);
}

/** Root of every route: navigation guard, titles, page transitions and the footer, from the route's row. */
export function AppLayout() {
  const location = useLocation();
  const navigationType = useNavigationType();
  const row = routeForPath(location.pathname);
  const loggedIn = useIsLoggedIn();
  // Whether the member was logged in when this navigation arrived: logging in on /login is not
  // arriving there logged in (the login flow itself goes on to the returnUrl).
  const [arrival, setArrival] = useState({ key: location.key, loggedIn });
  if (arrival.key !== location.key) setArrival({ key: location.key, loggedIn });
  const arrivedLoggedIn = arrival.key === location.key ? arrival.loggedIn : loggedIn;
  const jdbAnimation = useAppStore((s) => s.jdbAnimation);
  // Counted per request by the query cache: one answer does not end another's wait.
  const loading = useIsFetching() + useIsMutating() > 0;
  const previousPath = useRef<string | null>(null);
  const lastKey = useRef(location.key);
  // The first page of a visit appears without sliding in.
  const [navigated, setNavigated] = useState(false);

  const wechatLogin = useWechatLogin(
    row?.access === 'member' &&
      !loggedIn &&
      isWeChatBrowser() &&
      !isMiniProgram() &&
      !hasLoggedOutByChoice(),
    location,
  );

  // Read during render on purpose: until the effect below runs, it still holds the path
  // the navigation came from.
  const decision = decideAccess(row, {
    isLoggedIn: loggedIn,
    // eslint-disable-next-line react-hooks/refs
    fromPath: previousPath.current,
    wechatLogin,
    arrivedLoggedIn,
    sessionEnded: (location.state as { sessionEnded?: unknown } | null)?.sessionEnded === true,
    returnPath: peekReturnPath(),
  });

  useEffect(() => {
    previousPath.current = location.pathname;
  }, [location.pathname]);

  useEffect(() => {
    if (row && decision.type === 'allow') document.title = row.title;
  }, [row, decision.type]);

  // Before paint, so the new page mounts with the right transition class.
  useLayoutEffect(() => {
    useAppStore.getState().setTabIndex(tabIndexForPath(location.pathname));
    if (lastKey.current === location.key) return;
    lastKey.current = location.key;
    const state = useAppStore.getState();
    state.setJdbAnimation(nextAnimation(navigationType, state.jdbAnimation));
    setNavigated(true);
  }, [location.key, location.pathname, navigationType]);

  useEffect(() => {
    void ensureMemberInfo();
    void reportFirstVisit();
  }, [location.key]);

  useEffect(() => {
    if (!isIOS()) return;
    const clear = () => useAppStore.getState().setJdbAnimation('');
    document.addEventListener('touchmove', clear, { passive: true });
    return () => document.removeEventListener('touchmove', clear);
  }, []);

  useEffect(() => {
    // Back from the quote page through the browser cache: the footer must not stay on 计价.
    const onPageShow = (event: PageTransitionEvent) => {
      if (event.persisted) useAppStore.getState().setTabIndex(tabIndexForPath(location.pathname));
    };
    window.addEventListener('pageshow', onPageShow);
    return () => window.removeEventListener('pageshow', onPageShow);
  }, [location.pathname]);

  if (decision.type === 'redirect') return <Navigate to={decision.to} replace />;
  if (decision.type === 'document') return <DocumentRedirect href={decision.href} />;
  if (decision.type === 'continue') return <ContinueRedirect to={decision.to} />;
  if (decision.type === 'wait') return <PageLoading text="正在登录" />;

  const showFooter = row?.footer !== undefined;
  const animated = navigated && jdbAnimation !== '';

  return (
    <ConsultProvider>
      {loading && <div className="global-loading" role="progressbar" aria-label="加载中" />}
      <div className={`app-shell${showFooter ? ' app-shell-with-footer' : ''}`}>
        {/* The screen is the page's one main landmark; the footer's tabs are outside it. */}
        <main
          key={location.pathname}
          className={`app-page${animated ? ` app-page-${jdbAnimation}` : ''}`}
          data-testid="app-page"
        >
          <Suspense fallback={<PageLoading />}>
            {/* The header's back arrow reads it (components/page-header.tsx). */}
            <Outlet context={row?.back} />
          </Suspense>
        </main>
      </div>
      {showFooter && <Footer />}
    </ConsultProvider>
  );
}
