import { NewsDetailPage } from '../../features/news/pages/news-detail-page';

export default function NewsDetailRoute() {
  return <NewsDetailPage />;
}
