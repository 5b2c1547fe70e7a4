import {
  MemberCompanyApply,
  type CompanyApply,
  type CompanyApplyInput,
} from '@pcb/contract/member-company-apply';
import { useContractForm } from '../../../components/form/use-contract-form';
import { useFormField } from '../../../components/form/use-form-field';
import { SubmitButton } from '../../../components/form/submit-button';
import { TextField } from '../../../components/form/text-field';
import { showSuccess } from '../../../components/feedback';
import { useSaveCompanyApply } from '../api/save-company-apply';
import { useUpdateCompanyApply } from '../api/update-company-apply';
import { CertificationUpload } from './certification-upload';

const IMAGE_ACCEPT = 'image/jpeg,image/png,.jpg,.jpeg,.png';
const LETTER_ACCEPT = 'image/jpeg,image/png,application/pdf,.jpg,.jpeg,.png,.pdf';

const blank: CompanyApplyInput = {
  companyName: '',
  creditCode: '',
  legalPerson: '',
  contactName: '',
  contactPhone: '',
  licenseKey: '',
  letterKey: '',
};

/**
 * The certification form: the company as its business licence reads, a contact, the licence
 * and the signed letter. A first submission saves; an existing application is updated (a
 * rejected one goes back to review).
 */
export function CertificationForm({
  current,
  onDone,
}: {
  current: CompanyApply | null;
  onDone: () => void;
}) {
  const save = useSaveCompanyApply();
  const update = useUpdateCompanyApply();
  const form = useContractForm({
    schema: MemberCompanyApply.Save.input,
    defaultValues: current
      ? {
          companyName: current.companyName,
          creditCode: current.creditCode,
          legalPerson: current.legalPerson,
          contactName: current.contactName,
          contactPhone: current.contactPhone,
          licenseKey: current.licenseKey,
          letterKey: current.letterKey,
        }
      : blank,
    failMessage: '提交失败，请稍后重试',
    submit: async (values) => {
      if (current) await update.mutateAsync(values);
      else await save.mutateAsync(values);
      showSuccess(current?.status === 'pending' ? '修改已保存' : '已提交，请等待审核');
      onDone();
    },
  });
  const license = useFormField<CompanyApplyInput, string>(form, 'licenseKey');
  const letter = useFormField<CompanyApplyInput, string>(form, 'letterKey');

  return (
    <form className="cert-form" onSubmit={form.onSubmit} noValidate data-testid="cert-form">
      <section className="cert-card">
        <h2 className="cert-card-title">企业信息</h2>
        <TextField
          form={form}
          name="companyName"
          id="cert-company-name"
          label="企业名称"
          placeholder="与营业执照一致"
          autoComplete="organization"
        />
        <TextField
          form={form}
          name="creditCode"
          id="cert-credit-code"
          label="信用代码"
          placeholder="18位统一社会信用代码"
          autoComplete="off"
        />
        <TextField
          form={form}
          name="legalPerson"
          id="cert-legal-person"
          label="法人代表"
          placeholder="与营业执照一致"
          autoComplete="off"
        />
        <TextField
          form={form}
          name="contactName"
          id="cert-contact-name"
          label="联系人"
          placeholder="审核时与您联系"
          autoComplete="name"
        />
        <TextField
          form={form}
          name="contactPhone"
          id="cert-contact-phone"
          label="联系电话"
          placeholder="手机号或带区号的座机"
          autoComplete="tel"
        />
      </section>
      <section className="cert-card">
        <h2 className="cert-card-title">认证材料</h2>
        <div className="cert-upload-label">营业执照</div>
        <CertificationUpload
          id="cert-license"
          dirType="companyLicense"
          accept={IMAGE_ACCEPT}
          hint="上传营业执照照片（JPG/PNG，10MB以内）"
          initial={current ? { key: current.licenseKey, url: current.licenseUrl } : undefined}
          onChange={(key) => license.onChange(key ?? '')}
          error={license.error}
        />
        <div className="cert-upload-label">认证申请函</div>
        <CertificationUpload
          id="cert-letter"
          dirType="companyLetter"
          accept={LETTER_ACCEPT}
          hint="上传签字盖章后的申请函（图片或PDF）"
          initial={current ? { key: current.letterKey, url: current.letterUrl } : undefined}
          onChange={(key) => letter.onChange(key ?? '')}
          error={letter.error}
        />
      </section>
      <div className="cert-submit">
        <SubmitButton form={form} loadingText="提交中" testId="cert-submit">
          {current ? (current.status === 'rejected' ? '重新提交' : '保存修改') : '提交认证'}
        </SubmitButton>
      </div>
    </form>
  );
}
