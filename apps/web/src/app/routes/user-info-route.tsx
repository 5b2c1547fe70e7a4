import { UserInfoPage } from '../../features/profile/pages/user-info-page';

export default function UserInfoRoute() {
  return <UserInfoPage />;
}
