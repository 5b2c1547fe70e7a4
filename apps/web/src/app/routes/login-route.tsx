import { AnnouncementBar } from '../../features/announcements/components/announcement-bar';
import { LoginPage } from '../../features/auth/pages/login-page';

export default function LoginRoute() {
  return <LoginPage announcement={<AnnouncementBar type="login" />} />;
}
