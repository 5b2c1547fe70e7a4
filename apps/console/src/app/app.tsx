import { BrowserRouter } from 'react-router';
import { env } from '../lib/env';
import { AppProviders } from './providers';
import { ConsoleRoutes } from './router';

export function App() {
  return (
    <AppProviders>
      <BrowserRouter basename={env.basename}>
        <ConsoleRoutes />
      </BrowserRouter>
    </AppProviders>
  );
}
