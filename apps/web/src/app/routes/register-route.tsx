import { RegisterPage } from '../../features/auth/pages/register-page';

export default function RegisterRoute() {
  return <RegisterPage />;
}
