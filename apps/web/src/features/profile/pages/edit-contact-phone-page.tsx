import { contactPhoneSchema } from '@pcb/contract/member-info';
import { PageHeader } from '../../../components/page-header';
import { ProfileFieldForm } from '../components/profile-field-form';
import { ProfileGate } from '../components/profile-gate';
import '../profile.css';

/** /userInfo/editContactPhone: a phone the factory may call, apart from the login mobile. */
export function EditContactPhonePage() {
  return (
    <div className="profile-page" data-testid="edit-contact-phone-page">
      <PageHeader>联系电话</PageHeader>
      <ProfileGate>
        {(info) => (
          <ProfileFieldForm
            info={info}
            field="contactPhone"
            schema={contactPhoneSchema}
            label="联系电话"
            placeholder="手机号或带区号的座机"
            description="除登录手机号外，工厂可拨打的电话，如 0755-86001234。留空保存即清除。"
            testId="edit-contact-phone"
          />
        )}
      </ProfileGate>
    </div>
  );
}
