import { lazy, Suspense } from 'react';
import { prefetchEffectiveAnnouncement } from '../../features/announcements/api/get-effective-announcement';
import { AnnouncementBar } from '../../features/announcements/components/announcement-bar';
import { HomePage } from '../../features/home/pages/home-page';
import { prefetchLatestNews } from '../../features/news/api/get-latest-news';
import { LatestNews } from '../../features/news/components/latest-news';
import { useIsLoggedIn } from '../../lib/auth-session';

// Only a member has orders to show; the order module of the contract comes with them.
const LatestOrders = lazy(() => import('../../features/orders/components/latest-orders'));

/** What the screen shows at once, asked for before its first render (app/screens.ts). */
export const prefetch = () =>
  Promise.all([prefetchEffectiveAnnouncement('home'), prefetchLatestNews()]);

export default function HomeRoute() {
  const loggedIn = useIsLoggedIn();
  return (
    <HomePage
      announcement={<AnnouncementBar type="home" />}
      latestOrders={
        loggedIn && (
          <Suspense fallback={null}>
            <LatestOrders />
          </Suspense>
        )
      }
      news={<LatestNews />}
    />
  );
}
