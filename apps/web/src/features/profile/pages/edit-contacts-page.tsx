import { z } from 'zod';
import type { MemberInfo } from '@pcb/contract';
import {
  companyNameSchema,
  memberTypeNames,
  memberTypes,
  realNameSchema,
  userNameSchema,
} from '@pcb/contract/member-info';
import { paths } from '../../../lib/paths';
import { PageHeader } from '../../../components/page-header';
import { showSuccess } from '../../../components/feedback';
import { SubmitButton } from '../../../components/form/submit-button';
import { TextField } from '../../../components/form/text-field';
import { useContractForm } from '../../../components/form/use-contract-form';
import { useUpdateMemberInfo } from '../api/update-member-info';
import { ChoiceField } from '../components/choice-field';
import { CompanyNameField } from '../components/company-name-field';
import { ProfileGate } from '../components/profile-gate';
import { optional } from '../optional-field';
import { useGoBack } from '../use-go-back';
import '../profile.css';

const schema = z
  .object({
    realName: optional(realNameSchema),
    userName: optional(userNameSchema),
    memberType: z.enum(memberTypes),
    companyName: optional(companyNameSchema),
  })
  .refine((v) => v.memberType !== 'company' || v.companyName !== null, {
    path: ['companyName'],
    error: '企业会员请填写公司名称',
    when: () => true,
  });

const typeOptions = memberTypes.map((value) => ({ value, label: memberTypeNames[value] }));

function BasicInfoForm({ info }: { info: MemberInfo }) {
  const update = useUpdateMemberInfo();
  const back = useGoBack(paths.userInfo);
  const certified = info.certifiedAt !== null;
  const form = useContractForm({
    schema,
    defaultValues: {
      realName: info.realName ?? '',
      userName: info.userName ?? '',
      memberType: info.memberType,
      companyName: info.companyName ?? '',
    },
    failMessage: '保存失败，请稍后重试',
    submit: async ({ realName, userName, memberType, companyName }) => {
      // Once certified these are the certification's: not sent at all.
      await update.mutateAsync(
        certified ? { realName, userName } : { realName, userName, memberType, companyName },
      );
      showSuccess('资料已保存');
      back();
    },
  });
  return (
    <form className="profile-form" onSubmit={form.onSubmit} noValidate>
      <TextField
        form={form}
        name="realName"
        id="edit-contacts-real-name"
        label="真实姓名"
        placeholder="请输入真实姓名"
        autoComplete="name"
      />
      <TextField
        form={form}
        name="userName"
        id="edit-contacts-user-name"
        label="用户名"
        placeholder="2-20位，可用于登录"
        autoComplete="username"
      />
      <ChoiceField
        form={form}
        name="memberType"
        id="edit-contacts-member-type"
        label="会员类型"
        options={typeOptions}
        disabled={certified}
      />
      <CompanyNameField
        form={form}
        name="companyName"
        id="edit-contacts-company"
        disabled={certified}
      />
      {certified && (
        <p className="profile-form-desc" data-testid="edit-contacts-certified">
          已通过企业认证：公司名称和会员类型以认证信息为准，如需变更请联系客服。
        </p>
      )}
      <div className="profile-submit">
        <SubmitButton form={form} loadingText="保存中" testId="edit-contacts-submit">
          保存
        </SubmitButton>
      </div>
    </form>
  );
}

/** /userInfo/editContacts: the member's name, user name, member type and company. */
export function EditContactsPage() {
  return (
    <div className="profile-page" data-testid="edit-contacts-page">
      <PageHeader>基本资料</PageHeader>
      <ProfileGate>{(info) => <BasicInfoForm info={info} />}</ProfileGate>
    </div>
  );
}
