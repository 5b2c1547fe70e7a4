import { BindPage } from '../../features/auth/pages/bind-page';

export default function BindRoute() {
  return <BindPage />;
}
