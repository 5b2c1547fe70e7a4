import { EditQqPage } from '../../features/profile/pages/edit-qq-page';

export default function EditQqRoute() {
  return <EditQqPage />;
}
