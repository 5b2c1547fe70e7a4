import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ListMore } from './list-more';

/** A stand-in for the browser's IntersectionObserver that the test moves in and out of view. */
class FakeObserver {
  static current: FakeObserver | null = null;
  options: IntersectionObserverInit | undefined;
  constructor(
    private readonly callback: IntersectionObserverCallback,
    options?: IntersectionObserverInit,
  ) {
    this.options = options;
    FakeObserver.current = this;
  }
  observe() {}
  disconnect() {}
  show(isIntersecting: boolean) {
    act(() =>
      this.callback(
        [{ isIntersecting } as IntersectionObserverEntry],
        this as unknown as IntersectionObserver,
      ),
    );
  }
}

afterEach(() => {
  vi.unstubAllGlobals();
  FakeObserver.current = null;
});

const answered = (isError = false) => Promise.resolve({ isError, error: new Error('x') });

describe('ListMore', () => {
  it('asks for the next page when the end comes within 250 px of the view, one at a time', async () => {
    vi.stubGlobal('IntersectionObserver', FakeObserver);
    let answer: (value: { isError: boolean; error: unknown }) => void = () => {};
    const loadMore = vi.fn(
      () => new Promise<{ isError: boolean; error: unknown }>((r) => (answer = r)),
    );
    render(<ListMore hasMore loadMore={loadMore} done="没有了" />);
    expect(screen.getByText('加载中…')).toBeInTheDocument();
    expect(FakeObserver.current?.options?.rootMargin).toBe('0px 0px 250px 0px');
    expect(loadMore).not.toHaveBeenCalled();

    FakeObserver.current!.show(true);
    expect(loadMore).toHaveBeenCalledTimes(1);
    // In view while the page is on its way: no second request.
    FakeObserver.current!.show(true);
    expect(loadMore).toHaveBeenCalledTimes(1);

    // The page came and the end is still in view (a short page): the next one follows.
    await act(async () => answer({ isError: false, error: null }));
    expect(loadMore).toHaveBeenCalledTimes(2);

    // Scrolled away before it came: nothing more until the end shows again.
    FakeObserver.current!.show(false);
    await act(async () => answer({ isError: false, error: null }));
    expect(loadMore).toHaveBeenCalledTimes(2);
    FakeObserver.current!.show(true);
    expect(loadMore).toHaveBeenCalledTimes(3);
  });

  it('says there is no more once the last page is in', () => {
    vi.stubGlobal('IntersectionObserver', FakeObserver);
    const loadMore = vi.fn(() => answered());
    render(<ListMore hasMore={false} loadMore={loadMore} done="共3笔订单" />);
    FakeObserver.current!.show(true);
    expect(screen.getByText('共3笔订单')).toBeInTheDocument();
    expect(loadMore).not.toHaveBeenCalled();
  });

  it('offers a retry after a failed page, and asks again when tapped', async () => {
    vi.stubGlobal('IntersectionObserver', FakeObserver);
    const loadMore = vi.fn(() => answered(true));
    render(<ListMore hasMore loadMore={loadMore} done="没有了" />);
    FakeObserver.current!.show(true);
    const retry = await screen.findByRole('button', { name: '加载失败，点击重试' });
    // A failure is not asked again by itself.
    expect(loadMore).toHaveBeenCalledTimes(1);

    // The retried page stays on its way: exactly one more request.
    loadMore.mockImplementation(() => new Promise(() => {}));
    await userEvent.click(retry);
    expect(loadMore).toHaveBeenCalledTimes(2);
    expect(await screen.findByText('加载中…')).toBeInTheDocument();
  });

  it('loads the pages one after another where the browser has no IntersectionObserver', async () => {
    vi.stubGlobal('IntersectionObserver', undefined);
    function ThreePages() {
      const [pages, setPages] = useState(1);
      return (
        <ListMore
          hasMore={pages < 3}
          loadMore={() => {
            setPages((n) => n + 1);
            return answered();
          }}
          done={`共${pages}页`}
        />
      );
    }
    render(<ThreePages />);
    expect(await screen.findByText('共3页')).toBeInTheDocument();
  });
});
