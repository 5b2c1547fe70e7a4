import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, within } from '@testing-library/react';
import { documentNavigation } from '../../../lib/document-navigation';
import { REVIEW_PROMISE } from '../../../lib/review-promise';
import { baseApi } from '../../../test/base-api';
import { renderApp } from '../../../test/render-app';

let assign: ReturnType<typeof vi.spyOn>;
beforeEach(() => {
  assign = vi.spyOn(documentNavigation, 'assign').mockImplementation(() => undefined);
});
afterEach(() => vi.restoreAllMocks());

describe('/', () => {
  it('opens the quote page on the tab of each entry: PCB, SMT and 钢网 are all open', async () => {
    baseApi();
    renderApp('/');
    const quotes = await screen.findByRole('region', { name: '快速计价' });
    expect(within(quotes).queryByText('即将开放')).toBeNull();
    for (const [key, href] of [
      ['pcb', '/OrdersPCB?kind=pcb'],
      ['smt', '/OrdersPCB?kind=smt'],
      ['stencil', '/OrdersPCB?kind=stencil'],
    ] as const) {
      const entry = screen.getByTestId(`home-quote-${key}`);
      expect(entry).toBeEnabled();
      expect(entry).toHaveTextContent('立即计价');
      fireEvent.click(entry);
      expect(assign).toHaveBeenLastCalledWith(href);
    }
  });

  it('promises the engineering review as the order confirmation does', async () => {
    baseApi();
    renderApp('/');
    const features = await screen.findByRole('region', { name: '服务特色' });
    expect(within(features).getByText(REVIEW_PROMISE)).toBeInTheDocument();
    expect(within(features).queryByText(/30分钟/)).toBeNull();
  });
});
