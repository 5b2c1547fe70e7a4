import { InfiniteScroll } from 'antd-mobile';
import './screen.css';

/**
 * The end of an infinite list: the next page loads as it scrolls into view (加载中…), `done`
 * says there is no more, and a failed page offers a retry.
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
  return (
    <InfiniteScroll
      hasMore={hasMore}
      loadMore={async () => {
        const result = await loadMore();
        // InfiniteScroll asks again only after a failure is thrown back to it.
        if (result.isError) throw result.error;
      }}
    >
      {(more, failed, retry) =>
        failed ? (
          <button type="button" className="list-more" onClick={() => void retry()}>
            加载失败，点击重试
          </button>
        ) : (
          <span className="list-more">{more ? '加载中…' : done}</span>
        )
      }
    </InfiniteScroll>
  );
}
