import { prefetchEffectiveAnnouncement } from '../../features/announcements/api/get-effective-announcement';
import { AnnouncementBar } from '../../features/announcements/components/announcement-bar';
import { LoginPage } from '../../features/auth/pages/login-page';

/** What the screen shows at once, asked for before its first render (app/screens.ts). */
export const prefetch = () => prefetchEffectiveAnnouncement('login');

export default function LoginRoute() {
  return <LoginPage announcement={<AnnouncementBar type="login" />} />;
}
