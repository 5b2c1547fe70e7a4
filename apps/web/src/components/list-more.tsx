import { useEffect, useRef, useState } from 'react';
import './screen.css';

/** The next page is asked for when the list's end comes this close to the bottom of the view. */
const AHEAD_PX = 250;

/**
 * The end of an infinite list: the next page loads as it scrolls into view (加载中…), `done`
 * says there is no more, and a failed page offers a retry. Our own instead of antd-mobile's
 * InfiniteScroll, whose scroll throttling and scroll-parent lookup were 1.9 KB gzip on every list
 * screen (decision 0012's budgets): an IntersectionObserver watches the end instead.
 */
export function ListMore({
  hasMore,
  loadMore,
  done,
}: {
  hasMore: boolean;
  /** The next page (a query's `fetchNextPage`). */
  loadMore: () => Promise<{ isError: boolean; error: unknown }>;
  done: string;
}) {
  const end = useRef<HTMLDivElement>(null);
  // Without IntersectionObserver (very old browsers) the end counts as in view: the pages load
  // one after another.
  const [inView, setInView] = useState(() => typeof IntersectionObserver === 'undefined');
  const [failed, setFailed] = useState(false);
  // A page is on its way; `round` moves on when one has come, to look at the end again.
  const loading = useRef(false);
  const [round, setRound] = useState(0);
  // The latest `loadMore`: the effect below runs on what it reads, not on a new function.
  const latestLoadMore = useRef(loadMore);
  useEffect(() => {
    latestLoadMore.current = loadMore;
  });

  useEffect(() => {
    const element = end.current;
    if (!element || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver(
      (entries) => setInView(entries.some((entry) => entry.isIntersecting)),
      { rootMargin: `0px 0px ${AHEAD_PX}px 0px` },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, []);

  // One page at a time, as long as the end stays in view (a short page leaves it there).
  useEffect(() => {
    if (!inView || !hasMore || failed || loading.current) return;
    loading.current = true;
    void latestLoadMore.current().then((result) => {
      loading.current = false;
      if (result.isError) setFailed(true);
      else setRound((n) => n + 1);
    });
  }, [inView, hasMore, failed, round]);

  return (
    <div ref={end} className="list-more-end">
      {failed ? (
        <button
          type="button"
          className="list-more"
          onClick={() => {
            // Asked again at once: the member tapped it, so the end is in view.
            setFailed(false);
            setInView(true);
          }}
        >
          加载失败，点击重试
        </button>
      ) : (
        <span className="list-more">{hasMore ? '加载中…' : done}</span>
      )}
    </div>
  );
}
