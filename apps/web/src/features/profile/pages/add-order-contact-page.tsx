import { useSearchParams } from 'react-router';
import { Switch } from 'antd-mobile';
import { z } from 'zod';
import {
  contactEmailSchema,
  contactFields,
  contactUserTypeNames,
  contactUserTypes,
  wechatIdSchema,
  type MemberContact,
} from '@pcb/contract/member-contact';
import { qqSchema } from '@pcb/contract/member-info';
import { paths } from '../../../lib/paths';
import { PageHeader } from '../../../components/page-header';
import { PageError, PageLoading } from '../../../components/page-status';
import { errorMessage, showSuccess } from '../../../components/feedback';
import { FormField } from '../../../components/form-field';
import { MobileField } from '../../../components/mobile-field';
import { SubmitButton } from '../../../components/form/submit-button';
import { TextField } from '../../../components/form/text-field';
import { useContractForm } from '../../../components/form/use-contract-form';
import { useFormField, type FieldHost } from '../../../components/form/use-form-field';
import { useContacts } from '../api/get-contacts';
import { useCreateContact, useUpdateContact } from '../api/save-contact';
import { ChoiceField } from '../components/choice-field';
import { optional } from '../optional-field';
import { useGoBack } from '../use-go-back';
import '../profile.css';

const schema = z.object({
  contactName: contactFields.contactName,
  mobile: contactFields.mobile,
  userType: contactFields.userType,
  email: optional(contactEmailSchema),
  qq: optional(qqSchema),
  wechat: optional(wechatIdSchema),
  isMain: z.boolean(),
});
type Values = z.input<typeof schema>;

const typeOptions = contactUserTypes.map((value) => ({
  value,
  label: contactUserTypeNames[value],
}));

function MainSwitch({ form, locked }: { form: FieldHost<Values>; locked: boolean }) {
  const { value, onChange, error } = useFormField<Values, boolean>(form, 'isMain');
  return (
    <FormField
      label="主联系人"
      error={error}
      hint={locked ? '当前为主联系人；如需更换，请把另一位设为主联系人' : undefined}
    >
      <Switch
        checked={value}
        disabled={locked}
        onChange={onChange}
        aria-label="设为主联系人"
        data-testid="contact-form-main"
      />
    </FormField>
  );
}

function ContactForm({ contact }: { contact: MemberContact | null }) {
  const create = useCreateContact();
  const update = useUpdateContact();
  const back = useGoBack(paths.editOrderContact);
  const form = useContractForm({
    schema,
    defaultValues: {
      contactName: contact?.contactName ?? '',
      mobile: contact?.mobile ?? '',
      userType: contact?.userType ?? 'purchasing',
      email: contact?.email ?? '',
      qq: contact?.qq ?? '',
      wechat: contact?.wechat ?? '',
      isMain: contact?.isMain ?? false,
    },
    failMessage: '保存失败，请稍后重试',
    submit: async (values) => {
      if (contact) await update.mutateAsync({ id: contact.id, ...values });
      else await create.mutateAsync(values);
      showSuccess(contact ? '联系人已保存' : '联系人已添加');
      back();
    },
  });
  return (
    <form className="profile-form" onSubmit={form.onSubmit} noValidate>
      <ChoiceField
        form={form}
        name="userType"
        id="contact-form-type"
        label="类型"
        options={typeOptions}
      />
      <TextField
        form={form}
        name="contactName"
        id="contact-form-name"
        label="姓名"
        placeholder="联系人姓名"
        autoComplete="name"
      />
      <MobileField form={form} name="mobile" id="contact-form-mobile" placeholder="11位手机号" />
      <TextField
        form={form}
        name="email"
        id="contact-form-email"
        label="邮箱"
        placeholder="选填"
        autoComplete="email"
      />
      <TextField
        form={form}
        name="qq"
        id="contact-form-qq"
        label="QQ号"
        placeholder="选填"
        autoComplete="off"
      />
      <TextField
        form={form}
        name="wechat"
        id="contact-form-wechat"
        label="微信号"
        placeholder="选填"
        autoComplete="off"
      />
      <MainSwitch form={form} locked={contact?.isMain ?? false} />
      <p className="profile-form-desc">每种类型的第一位联系人自动成为主联系人。</p>
      <div className="profile-submit">
        <SubmitButton form={form} loadingText="保存中" testId="contact-form-submit">
          保存
        </SubmitButton>
      </div>
    </form>
  );
}

/** The contact being edited (`?id=`), from the list. */
function EditContact({ id }: { id: number }) {
  const contacts = useContacts();
  if (contacts.isPending) return <PageLoading />;
  if (contacts.isError)
    return (
      <PageError
        message={errorMessage(contacts.error, '联系人加载失败')}
        onRetry={() => void contacts.refetch()}
      />
    );
  const contact = contacts.data.find((c) => c.id === id);
  if (!contact) return <PageError message="联系人不存在或已删除" />;
  return <ContactForm contact={contact} />;
}

/**
 * /userInfo/editOrderContact/addOrderContact: a new order contact, or (`?id=`) one to edit.
 * No footer (spec section 2).
 */
export function AddOrderContactPage() {
  const [params] = useSearchParams();
  const raw = params.get('id');
  const id = raw && /^\d{1,10}$/.test(raw) ? Number(raw) : null;
  return (
    <div className="profile-page" data-testid="add-order-contact-page">
      <PageHeader>{raw ? '编辑联系人' : '新增联系人'}</PageHeader>
      {raw === null ? (
        <ContactForm contact={null} />
      ) : id === null ? (
        <PageError message="联系人不存在或已删除" />
      ) : (
        <EditContact key={id} id={id} />
      )}
    </div>
  );
}
