import { SetLoginPasswordPage } from '../../features/auth/pages/set-login-password-page';

export default function LoginPasswordRoute() {
  return <SetLoginPasswordPage />;
}
