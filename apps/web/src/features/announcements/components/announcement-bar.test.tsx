import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { queryClient } from '../../../lib/api';
import { envelope, mockApi } from '@pcb/client/test';
import { AnnouncementBar } from './announcement-bar';

const announcement = (linkUrl: string | null) => ({
  id: 11,
  type: 'home',
  title: '春节放假及发货安排',
  content: '春节期间工厂正常接单，2月10日起恢复发货',
  linkUrl,
  startsAt: '2026-11-01T00:00:00+08:00',
  endsAt: null,
});

/** jsdom lays nothing out: the widths the bar measures, as a phone would report them. */
function layOut({ box, line }: { box: number; line: number }) {
  vi.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockImplementation(function (
    this: HTMLElement,
  ) {
    return this.classList.contains('announcement-text') ? box : 0;
  });
  vi.spyOn(HTMLElement.prototype, 'scrollWidth', 'get').mockImplementation(function (
    this: HTMLElement,
  ) {
    return this.classList.contains('announcement-line') ? line : 0;
  });
}

async function showBar(linkUrl: string | null = null) {
  mockApi({
    'GET /api/MemberAuth/GetEffectiveAnnouncement': () => ({
      body: envelope(announcement(linkUrl)),
    }),
  });
  render(
    <QueryClientProvider client={queryClient}>
      <AnnouncementBar type="home" />
    </QueryClientProvider>,
  );
  return screen.findByTestId('announcement-home');
}

beforeEach(() => queryClient.clear());
afterEach(() => {
  cleanup();
  localStorage.clear();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

describe('AnnouncementBar', () => {
  it('moves a text wider than its bar by the part that does not fit, at 40 px a second', async () => {
    layOut({ box: 280, line: 480 });
    const bar = await showBar();
    const line = bar.querySelector<HTMLElement>('.announcement-line');
    expect(line?.textContent).toBe('春节放假及发货安排：春节期间工厂正常接单，2月10日起恢复发货');
    expect(line?.className).toBe('announcement-line announcement-scrolling');
    expect(line?.style.getPropertyValue('--announcement-shift')).toBe('-200px');
    // 200 px at 40 px/s is 5 s of movement, 80% of the cycle.
    expect(line?.style.getPropertyValue('--announcement-duration')).toBe('6.3s');
  });

  it('keeps a text that fits still', async () => {
    layOut({ box: 280, line: 200 });
    const bar = await showBar();
    const line = bar.querySelector<HTMLElement>('.announcement-line');
    expect(line?.className).toBe('announcement-line');
    expect(line?.getAttribute('style')).toBeNull();
  });

  it('offers 查看 for a link on this site or the web, never another scheme', async () => {
    layOut({ box: 280, line: 200 });
    const bar = await showBar('/MakeInvoice');
    expect(bar.querySelector('a.announcement-link')?.getAttribute('href')).toBe('/MakeInvoice');
    cleanup();
    queryClient.clear();
    const unsafe = await showBar('javascript:alert(1)');
    expect(unsafe.querySelector('a')).toBeNull();
    expect(screen.getByRole('button', { name: '关闭公告' })).toBeInTheDocument();
  });
});
