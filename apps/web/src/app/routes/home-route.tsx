import { AnnouncementBar } from '../../features/announcements/components/announcement-bar';
import { HomePage } from '../../features/home/pages/home-page';

export default function HomeRoute() {
  return <HomePage announcement={<AnnouncementBar type="home" />} />;
}
