import { lazy } from 'react';
import { Route, Routes } from 'react-router';
import { AppLayout } from './app-layout';
import { routeMeta } from './route-meta';

// One chunk per screen keeps what a phone downloads for the first page small.
const HomeRoute = lazy(() => import('./routes/home-route'));
const LoginRoute = lazy(() => import('./routes/login-route'));
const RegisterRoute = lazy(() => import('./routes/register-route'));
const MemberRoute = lazy(() => import('./routes/member-route'));

/**
 * Spec section 2, for the screens that exist so far; titles, login and footer flags live in
 * route-meta.ts. Declarative routes: the data router would add 16 KB gzip that this app,
 * which loads data with TanStack Query, does not use.
 */
export function AppRoutes() {
  return (
    <Routes>
      <Route element={<AppLayout />}>
        <Route path={routeMeta.home.path} element={<HomeRoute />} />
        <Route path={routeMeta.login.path} element={<LoginRoute />} />
        <Route path={routeMeta.register.path} element={<RegisterRoute />} />
        {/* The route the spec names Home. */}
        <Route path={routeMeta.member.path} element={<MemberRoute />} />
        {/* No meta: the guard sends unknown paths to the member centre. */}
        <Route path="*" element={null} />
      </Route>
    </Routes>
  );
}
