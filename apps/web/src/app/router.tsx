import { Route, Routes } from 'react-router';
import { AppLayout } from './app-layout';
import { screens } from './screens';

/**
 * The rows of route-table.ts under the layout (guard, titles, footer). Declarative routes: the
 * data router would add 16 KB gzip that this app, which loads data with TanStack Query, does
 * not use.
 */
export function AppRoutes() {
  return (
    <Routes>
      <Route element={<AppLayout />}>
        {screens.map(({ path, Screen }) => (
          <Route key={path} path={path} element={<Screen />} />
        ))}
        {/* No row: the guard sends unknown paths to the member centre. */}
        <Route path="*" element={null} />
      </Route>
    </Routes>
  );
}
