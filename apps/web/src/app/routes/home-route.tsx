import { prefetchEffectiveAnnouncement } from '../../features/announcements/api/get-effective-announcement';
import { AnnouncementBar } from '../../features/announcements/components/announcement-bar';
import { HomePage } from '../../features/home/pages/home-page';

/** What the screen shows at once, asked for before its first render (app/screens.ts). */
export const prefetch = () => prefetchEffectiveAnnouncement('home');

export default function HomeRoute() {
  return <HomePage announcement={<AnnouncementBar type="home" />} />;
}
