import { EditContactsPage } from '../../features/profile/pages/edit-contacts-page';

export default function EditContactsRoute() {
  return <EditContactsPage />;
}
