import { Switch } from 'antd-mobile';
import { Link } from 'react-router';
import {
  invoiceFieldsFor,
  MemberInvoice,
  titleTypeFor,
  type InvoiceDetailField,
  type InvoicePermissions,
  type InvoiceProfile,
  type InvoiceProfileInput,
  type InvoiceTitleType,
  type InvoiceType,
} from '@pcb/contract/member-invoice';
import { FormField } from '../../../components/form-field';
import { SubmitButton } from '../../../components/form/submit-button';
import { useContractForm } from '../../../components/form/use-contract-form';
import { useFormField, type FieldHost } from '../../../components/form/use-form-field';
import { paths } from '../../../lib/paths';
import { InvoiceTextField } from './invoice-text-field';
import { TypeChoice } from './type-choice';

type Values = InvoiceProfileInput;
/** What the page saves: only the fields the chosen type uses. */
export type InvoiceProfileSubmit = Omit<Values, InvoiceDetailField> &
  Partial<Record<InvoiceDetailField, string>>;

const detailInputs: Record<
  InvoiceDetailField,
  { label: string; placeholder: string; maxLength: number; inputMode?: 'tel' | 'numeric' }
> = {
  taxNumber: { label: '税号', placeholder: '18位统一社会信用代码', maxLength: 40 },
  registeredAddress: { label: '注册地址', placeholder: '营业执照上的注册地址', maxLength: 200 },
  registeredPhone: {
    label: '注册电话',
    placeholder: '如 0755-12345678',
    maxLength: 30,
    inputMode: 'tel',
  },
  bankName: { label: '开户银行', placeholder: '如 招商银行深圳科技园支行', maxLength: 100 },
  bankAccount: {
    label: '银行账号',
    placeholder: '对公账户账号',
    maxLength: 40,
    inputMode: 'numeric',
  },
};

const fieldId = (field: string) => `invoice-${field}`;

function valuesFrom(profile: InvoiceProfile | undefined): Values {
  return {
    invoiceType: profile?.invoiceType ?? 'normal',
    // Most members of a board factory invoice a company.
    titleType: profile?.titleType ?? 'company',
    title: profile?.title ?? '',
    taxNumber: profile?.taxNumber ?? '',
    registeredAddress: profile?.registeredAddress ?? '',
    registeredPhone: profile?.registeredPhone ?? '',
    bankName: profile?.bankName ?? '',
    bankAccount: profile?.bankAccount ?? '',
    mobile: profile?.mobile ?? '',
    isDefault: profile?.isDefault ?? false,
    email: profile?.email ?? '',
  };
}

function DefaultSwitch({ form }: { form: FieldHost<Values> }) {
  const { value, onChange } = useFormField<Values, boolean | undefined>(form, 'isDefault');
  return (
    <FormField label="设为默认" htmlFor="invoice-is-default">
      <div className="invoice-switch">
        <Switch
          checked={value === true}
          onChange={(checked) => onChange(checked)}
          data-testid="invoice-is-default"
          aria-label="设为默认发票抬头"
        />
      </div>
    </FormField>
  );
}

/**
 * The type-aware profile form: 普票 for a person (name) or a company (name and tax number);
 * 专票 (a company's) adds address, phone, bank and account, and is offered only with an
 * approved enterprise certification (otherwise shown disabled, with the reason and the way).
 */
export function InvoiceProfileForm({
  profile,
  permissions,
  save,
}: {
  /** The profile being edited; a new one otherwise. */
  profile?: InvoiceProfile;
  permissions: InvoicePermissions;
  save: (values: InvoiceProfileSubmit) => Promise<void>;
}) {
  const form = useContractForm({
    schema: MemberInvoice.Create.input,
    defaultValues: valuesFrom(profile),
    failMessage: '保存失败，请稍后重试',
    submit: async (values) => {
      const fields = invoiceFieldsFor(values.invoiceType, values.titleType);
      const input: InvoiceProfileSubmit = {
        invoiceType: values.invoiceType,
        titleType: titleTypeFor(values.invoiceType, values.titleType),
        title: values.title,
        email: values.email,
        mobile: values.mobile ?? '',
        isDefault: values.isDefault === true,
      };
      for (const field of fields) input[field] = values[field] ?? '';
      await save(input);
    },
  });
  const invoiceType = form.watch('invoiceType') as InvoiceType;
  const titleType = form.watch('titleType') as InvoiceTitleType;
  const fields = invoiceFieldsFor(invoiceType, titleType);
  const isCompany = titleTypeFor(invoiceType, titleType) === 'company';

  const chooseType = (next: InvoiceType) => {
    form.setValue('invoiceType', next);
    // 专票 is a company's only.
    if (next === 'special') form.setValue('titleType', 'company');
    form.clearErrors();
  };
  const chooseTitleType = (next: InvoiceTitleType) => {
    form.setValue('titleType', next);
    form.clearErrors();
  };

  const specialRefused = !permissions.canUseSpecial;
  return (
    <form
      className="invoice-card invoice-form"
      onSubmit={form.onSubmit}
      noValidate
      data-testid="invoice-form"
    >
      <TypeChoice
        label="发票类型"
        name="invoice-type"
        value={invoiceType}
        options={[
          { value: 'normal', label: '普通发票' },
          { value: 'special', label: '专用发票', disabled: specialRefused },
        ]}
        onChange={chooseType}
        hint={
          specialRefused && (
            <span data-testid="invoice-special-refusal">
              {permissions.specialRefusal}
              <Link
                to={paths.firmCertification}
                className="invoice-link"
                data-testid="invoice-certify-link"
              >
                去认证
              </Link>
            </span>
          )
        }
      />
      {invoiceType === 'normal' && (
        <TypeChoice
          label="抬头类型"
          name="invoice-title-type"
          value={titleType}
          options={[
            { value: 'company', label: '企业单位' },
            { value: 'personal', label: '个人' },
          ]}
          onChange={chooseTitleType}
        />
      )}
      <InvoiceTextField
        form={form}
        name="title"
        id={fieldId('title')}
        label={isCompany ? '单位名称' : '个人姓名'}
        placeholder={isCompany ? '与营业执照一致' : '开票人姓名'}
        maxLength={100}
      />
      {fields.map((field) => (
        <InvoiceTextField
          key={field}
          form={form}
          name={field}
          id={fieldId(field)}
          {...detailInputs[field]}
        />
      ))}
      <InvoiceTextField
        form={form}
        name="email"
        id={fieldId('email')}
        label="接收邮箱"
        placeholder="电子发票将发送到此邮箱"
        maxLength={100}
        inputMode="email"
        autoComplete="email"
      />
      <InvoiceTextField
        form={form}
        name="mobile"
        id={fieldId('mobile')}
        label="接收手机"
        placeholder="选填，用于接收开票通知"
        maxLength={11}
        inputMode="tel"
      />
      {!profile?.isDefault && <DefaultSwitch form={form} />}
      <div className="invoice-submit">
        <SubmitButton form={form} loadingText="保存中" testId="invoice-submit">
          保存
        </SubmitButton>
      </div>
    </form>
  );
}
