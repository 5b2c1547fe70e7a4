import { AnnouncementBar } from '../../features/announcements/components/announcement-bar';
import { SmsLoginPage } from '../../features/auth/pages/sms-login-page';

export default function SmsLoginRoute() {
  return <SmsLoginPage announcement={<AnnouncementBar type="login" />} />;
}
