import { qqSchema } from '@pcb/contract/member-info';
import { PageHeader } from '../../../components/page-header';
import { ProfileFieldForm } from '../components/profile-field-form';
import { ProfileGate } from '../components/profile-gate';
import '../profile.css';

/** /userInfo/editQQ: the chat-service number (QQ) the account manager can reach the member at. */
export function EditQqPage() {
  return (
    <div className="profile-page" data-testid="edit-qq-page">
      <PageHeader>QQ号</PageHeader>
      <ProfileGate>
        {(info) => (
          <ProfileFieldForm
            info={info}
            field="qq"
            schema={qqSchema}
            label="QQ号"
            placeholder="5-11位数字"
            description="客户经理可通过QQ与您沟通订单和工程问题。留空保存即清除。"
            testId="edit-qq"
          />
        )}
      </ProfileGate>
    </div>
  );
}
