import { lazy, Suspense } from 'react';
import { Route, Routes } from 'react-router';
import { RouteGuard } from './route-guard-outlet';
import { FullScreenSpin, NotFoundPage } from './status-pages';
import { routeRows } from './route-table';

// One chunk per screen, and the chrome apart: the login loads neither the staff screens nor
// the side menu and header.
const ConsoleLayout = lazy(() => import('./console-layout'));
const screens = routeRows.map((row) => ({ row, Screen: lazy(row.page) }));

/**
 * The rows of route-table.tsx: the guard above all of them, the console's chrome (side menu,
 * header) around the staff screens. Declarative routes: data loads through TanStack Query.
 */
export function ConsoleRoutes() {
  return (
    <Routes>
      <Route element={<RouteGuard />}>
        {screens
          .filter(({ row }) => row.access === 'guest')
          .map(({ row, Screen }) => (
            <Route key={row.path} path={row.path} element={<Screen />} />
          ))}
        <Route
          element={
            <Suspense fallback={<FullScreenSpin />}>
              <ConsoleLayout />
            </Suspense>
          }
        >
          {screens
            .filter(({ row }) => row.access === 'staff')
            .map(({ row, Screen }) => (
              <Route key={row.path} path={row.path} element={<Screen />} />
            ))}
          <Route path="*" element={<NotFoundPage />} />
        </Route>
      </Route>
    </Routes>
  );
}
