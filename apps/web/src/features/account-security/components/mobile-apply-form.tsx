import { TextArea } from 'antd-mobile';
import type { z } from 'zod';
import { MemberUpMobileApply, type MobileApply } from '@pcb/contract/member-up-mobile-apply';
import { useSmsCodeForm } from '../../../components/form/use-sms-code-form';
import { useFormField } from '../../../components/form/use-form-field';
import { required } from '../../../components/form/form-schema';
import { SubmitButton } from '../../../components/form/submit-button';
import { MobileField } from '../../../components/mobile-field';
import { SmsCodeField } from '../../../components/sms-code-field';
import { useHumanVerification } from '../../../components/captcha/use-human-verification';
import { sendChangeMobileMessage } from '../api/send-change-mobile-message';
import { useCreateMobileApply } from '../api/create-mobile-apply';
import { IdentityUpload } from './identity-upload';

const REASON_MAX = 500;

const applyInput = MemberUpMobileApply.Create.input;
const mobileApplySchema = applyInput.extend({
  idDocumentKey: required('请上传身份证明材料', applyInput.shape.idDocumentKey),
});
type MobileApplyValues = z.input<typeof mobileApplySchema>;

/**
 * The manual way when the old mobile cannot receive codes: the new mobile (proven by its own
 * code), a reason and an identity document, for staff to review.
 */
export function MobileApplyForm({ onApplied }: { onApplied: (apply: MobileApply) => void }) {
  const verification = useHumanVerification();
  const create = useCreateMobileApply();
  const form = useSmsCodeForm({
    schema: mobileApplySchema,
    defaultValues: { newMobile: '', smsCode: '', reason: '', idDocumentKey: '' },
    verification,
    codeTo: 'newMobile',
    failMessage: '提交失败，请稍后重试',
    submit: async (values) => onApplied(await create.mutateAsync(values)),
  });
  const reason = useFormField<MobileApplyValues, string>(form, 'reason');
  const documentKey = useFormField<MobileApplyValues, string>(form, 'idDocumentKey');

  return (
    <form
      className="security-form"
      onSubmit={form.onSubmit}
      onFocus={verification.prepare}
      noValidate
    >
      <h2 className="security-form-title">人工申请更换手机号</h2>
      <p className="security-form-desc">
        原手机号已停用或无法接收短信时，请验证新手机号并上传身份证明，客服审核通过后为您更换。
      </p>
      <MobileField
        form={form}
        name="newMobile"
        id="apply-mobile"
        label="新手机号"
        placeholder="请输入新的11位手机号"
      />
      <SmsCodeField
        form={form}
        id="apply-sms-code"
        send={(ncVerifyDto, mobile) => sendChangeMobileMessage({ mobile, ncVerifyDto })}
        sendTestId="apply-send-code"
      />
      <div className={`apply-block${reason.error ? ' apply-block-invalid' : ''}`}>
        <label className="apply-label" htmlFor="apply-reason">
          申请原因
        </label>
        <TextArea
          id="apply-reason"
          data-testid="apply-reason"
          value={reason.value}
          onChange={reason.onChange}
          placeholder="例如：原手机号已停机，无法接收验证码"
          rows={3}
          maxLength={REASON_MAX}
          showCount
        />
        {reason.error && (
          <div className="apply-error" role="alert">
            {reason.error}
          </div>
        )}
      </div>
      <div className="apply-block">
        <div className="apply-label">身份证明</div>
        <IdentityUpload
          onChange={(key) => documentKey.onChange(key ?? '')}
          error={documentKey.error}
        />
      </div>
      <div className="security-submit">
        <SubmitButton form={form} loadingText="提交中" testId="apply-submit">
          提交申请
        </SubmitButton>
      </div>
    </form>
  );
}
