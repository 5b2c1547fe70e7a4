import { useParams } from 'react-router';
import { errorMessage } from '../../../components/feedback';
import { PageHeader } from '../../../components/page-header';
import { PageError, PageLoading } from '../../../components/page-status';
import { formatDateTime } from '../../../lib/date';
import { useNewsDetail } from '../api/get-news-detail';
import { NewsBody } from '../components/news-body';
import '../../../components/screen.css';
import '../news.css';

/** `/news/:id` as a row id, or 0 when it is none (the page then says so). */
function idOf(param: string | undefined): number {
  return param && /^\d{1,10}$/.test(param) && Number(param) <= 2_147_483_647 ? Number(param) : 0;
}

function Article({ id }: { id: number }) {
  const article = useNewsDetail(id);
  if (id === 0) return <PageError message="新闻不存在或已下线" />;
  if (article.isPending) return <PageLoading />;
  if (article.isError) {
    return (
      <PageError
        message={errorMessage(article.error, '新闻加载失败')}
        onRetry={() => void article.refetch()}
      />
    );
  }
  const { title, publishedAt, content } = article.data;
  return (
    <article className="news-article" data-testid="news-article">
      <h1 className="news-article-title">{title}</h1>
      <time className="news-date" dateTime={publishedAt}>
        {formatDateTime(publishedAt)}
      </time>
      <NewsBody html={content} />
    </article>
  );
}

/** /news/:id: one published article, its body sanitised again before it is shown. */
export function NewsDetailPage() {
  const { id } = useParams();
  return (
    <div className="screen" data-testid="news-detail-page">
      <PageHeader>新闻详情</PageHeader>
      <Article id={idOf(id)} />
    </div>
  );
}
