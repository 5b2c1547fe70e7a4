import { ForgetPasswordPage } from '../../features/auth/pages/forget-password-page';

export default function ForgetPasswordRoute() {
  return <ForgetPasswordPage />;
}
