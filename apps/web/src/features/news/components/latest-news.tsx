import { Link } from 'react-router';
import { Skeleton } from 'antd-mobile';
import { formatDate } from '../../../lib/date';
import { paths } from '../../../lib/paths';
import { useLatestNews } from '../api/get-latest-news';
import './latest-news.css';

/**
 * The home page's 新闻动态: the newest titles with their dates, each opening its article. A
 * courtesy like the announcement: nothing when there is no news or the call failed.
 */
export function LatestNews() {
  const news = useLatestNews();
  if (news.isError || (news.data && news.data.items.length === 0)) return null;
  return (
    <section
      className="home-card news-latest"
      aria-label="新闻动态"
      aria-busy={news.isPending}
      data-testid="home-news"
    >
      <div className="news-latest-head">
        <h2 className="home-card-title">新闻动态</h2>
        <Link to={paths.news} className="news-latest-all" data-testid="home-news-all">
          更多 ›
        </Link>
      </div>
      {news.isPending ? (
        <Skeleton.Paragraph lineCount={3} animated />
      ) : (
        <ul className="news-latest-list">
          {news.data.items.map((item) => (
            <li key={item.id}>
              <Link
                to={`${paths.news}/${item.id}`}
                className="news-latest-item"
                data-testid="home-news-item"
              >
                {item.isPinned && <span className="news-latest-pin">置顶</span>}
                <span className="news-latest-title">{item.title}</span>
                <time className="news-latest-date" dateTime={item.publishedAt}>
                  {formatDate(item.publishedAt)}
                </time>
              </Link>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
