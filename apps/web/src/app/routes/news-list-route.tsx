import { NewsListPage } from '../../features/news/pages/news-list-page';

export default function NewsListRoute() {
  return <NewsListPage />;
}
