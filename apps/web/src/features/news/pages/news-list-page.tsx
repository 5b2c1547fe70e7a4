import { Link } from 'react-router';
import { errorMessage } from '../../../components/feedback';
import { ListMore } from '../../../components/list-more';
import { PageHeader } from '../../../components/page-header';
import { PageEmpty, PageError, PageLoading } from '../../../components/page-status';
import { formatDate } from '../../../lib/date';
import { paths } from '../../../lib/paths';
import { useNewsList } from '../api/get-news-list';
import '../../../components/screen.css';
import '../news.css';

function NewsList() {
  const news = useNewsList();
  if (news.isPending) return <PageLoading />;
  if (news.isError) {
    return (
      <PageError
        message={errorMessage(news.error, '新闻加载失败')}
        onRetry={() => void news.refetch()}
      />
    );
  }
  const rows = news.data.pages.flatMap((p) => p.items);
  if (rows.length === 0) return <PageEmpty text="暂无新闻" />;
  return (
    <>
      <ul className="news-list" data-testid="news-list">
        {rows.map((item) => (
          <li key={item.id}>
            <Link to={`${paths.news}/${item.id}`} className="news-item" data-testid="news-item">
              <span className="news-item-title">
                {item.isPinned && <span className="news-pin">置顶</span>}
                {item.title}
              </span>
              {item.summary && <span className="news-item-summary">{item.summary}</span>}
              <time className="news-date" dateTime={item.publishedAt}>
                {formatDate(item.publishedAt)}
              </time>
            </Link>
          </li>
        ))}
      </ul>
      <ListMore
        hasMore={news.hasNextPage}
        loadMore={() => news.fetchNextPage()}
        done="没有更多新闻了"
      />
    </>
  );
}

/** /news: every published article, pinned first, then newest. */
export function NewsListPage() {
  return (
    <div className="screen" data-testid="news-list-page">
      <PageHeader>新闻动态</PageHeader>
      <NewsList />
    </div>
  );
}
