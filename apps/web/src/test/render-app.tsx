import { render } from '@testing-library/react';
import { MemoryRouter, useLocation, useNavigate } from 'react-router';
import { AppProviders } from '../app/providers';
import { AppRoutes } from '../app/router';

function Probe() {
  const location = useLocation();
  const navigate = useNavigate();
  return (
    <div hidden>
      <span data-testid="probe-path">{location.pathname}</span>
      <button type="button" data-testid="probe-go-member" onClick={() => void navigate('/member')}>
        go
      </button>
    </div>
  );
}

/** The whole app at `path`, with a probe that shows the current path and can navigate. */
export function renderApp(path: string) {
  return render(
    <AppProviders>
      <MemoryRouter initialEntries={[path]}>
        <AppRoutes />
        <Probe />
      </MemoryRouter>
    </AppProviders>,
  );
}
