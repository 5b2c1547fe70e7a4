import { prefetchEffectiveAnnouncement } from '../../features/announcements/api/get-effective-announcement';
import { AnnouncementBar } from '../../features/announcements/components/announcement-bar';
import { SmsLoginPage } from '../../features/auth/pages/sms-login-page';

/** What the screen shows at once, asked for before its first render (app/screens.ts). */
export const prefetch = () => prefetchEffectiveAnnouncement('login');

export default function SmsLoginRoute() {
  return <SmsLoginPage announcement={<AnnouncementBar type="login" />} />;
}
