import { EditContactPhonePage } from '../../features/profile/pages/edit-contact-phone-page';

export default function EditContactPhoneRoute() {
  return <EditContactPhonePage />;
}
