import { afterEach, describe, expect, it, vi } from 'vitest';
import { render, screen } from '@testing-library/react';
import { theme } from 'antd';
import { AppProviders } from './providers';

const withReducedMotion = (reduce: boolean) => {
  const original = window.matchMedia;
  vi.spyOn(window, 'matchMedia').mockImplementation((query: string) => ({
    ...original(query),
    matches: reduce && query === '(prefers-reduced-motion: reduce)',
  }));
};

afterEach(() => vi.restoreAllMocks());

/** What antd's components read to decide whether dialogs and drawers zoom and slide. */
function MotionProbe() {
  return <output>{String(theme.useToken().token.motion)}</output>;
}

describe('the console’s motion', () => {
  it('is antd’s by default', () => {
    withReducedMotion(false);
    render(
      <AppProviders>
        <MotionProbe />
      </AppProviders>,
    );
    expect(screen.getByRole('status')).toHaveTextContent('true');
  });

  it('is off when the system asks for reduced motion', () => {
    withReducedMotion(true);
    render(
      <AppProviders>
        <MotionProbe />
      </AppProviders>,
    );
    expect(screen.getByRole('status')).toHaveTextContent('false');
  });
});
