import { useState, type FormEvent } from 'react';
import { Button, TextArea } from 'antd-mobile';
import { mobileSchema } from '@pcb/contract';
import { MemberUpMobileApply, type MobileApply } from '@pcb/contract/member-up-mobile-apply';
import { fieldErrors } from '../../../lib/form-errors';
import { errorMessage, showFail } from '../../../components/feedback';
import { useSmsCodeSender } from '../../../components/sms-code-button';
import { MobileField } from '../../../components/mobile-field';
import { SmsCodeField } from '../../../components/sms-code-field';
import { HumanVerification } from '../../../components/captcha/human-verification';
import { useHumanVerification } from '../../../components/captcha/use-human-verification';
import { sendChangeMobileMessage } from '../api/send-change-mobile-message';
import { useCreateMobileApply } from '../api/create-mobile-apply';
import { IdentityUpload } from './identity-upload';

type Field = 'newMobile' | 'smsCode' | 'reason' | 'idDocumentKey';

const REASON_MAX = 500;

/**
 * The manual way when the old mobile cannot receive codes: the new mobile (proven by its own
 * code), a reason and an identity document, for staff to review.
 */
export function MobileApplyForm({ onApplied }: { onApplied: (apply: MobileApply) => void }) {
  const [newMobile, setNewMobile] = useState('');
  const [smsCode, setSmsCode] = useState('');
  const [reason, setReason] = useState('');
  const [documentKey, setDocumentKey] = useState<string | null>(null);
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const verification = useHumanVerification();
  const sms = useSmsCodeSender(verification, newMobile.trim());
  const create = useCreateMobileApply();

  const clearError = (field: Field) => {
    if (errors[field]) setErrors((e) => ({ ...e, [field]: undefined }));
  };

  const sendCode = () => {
    const result = mobileSchema.safeParse(newMobile);
    if (!result.success) {
      setErrors((e) => ({ ...e, newMobile: result.error.issues[0]?.message }));
      return;
    }
    void sms.send((ncVerifyDto) => sendChangeMobileMessage({ mobile: result.data, ncVerifyDto }));
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (create.isPending) return;
    const parsed = MemberUpMobileApply.Create.input.safeParse({
      newMobile,
      smsCode,
      reason,
      idDocumentKey: documentKey ?? '',
    });
    if (!parsed.success) {
      const found = fieldErrors<Field>(parsed.error.issues);
      if (!documentKey) found.idDocumentKey = '请上传身份证明材料';
      setErrors(found);
      return;
    }
    setErrors({});
    try {
      onApplied(await create.mutateAsync(parsed.data));
    } catch (e) {
      const codeProblem = sms.explain(e);
      if (codeProblem) setErrors((found) => ({ ...found, smsCode: codeProblem }));
      else showFail(errorMessage(e, '提交失败，请稍后重试'));
    }
  };

  return (
    <form
      className="security-form"
      onSubmit={(e) => void submit(e)}
      onFocus={verification.prepare}
      noValidate
    >
      <h2 className="security-form-title">人工申请更换手机号</h2>
      <p className="security-form-desc">
        原手机号已停用或无法接收短信时，请验证新手机号并上传身份证明，客服审核通过后为您更换。
      </p>
      <MobileField
        id="apply-mobile"
        label="新手机号"
        value={newMobile}
        onChange={(digits) => {
          setNewMobile(digits);
          clearError('newMobile');
        }}
        error={errors.newMobile}
        placeholder="请输入新的11位手机号"
      />
      <div className="security-verify">
        <HumanVerification verification={verification} />
      </div>
      <SmsCodeField
        id="apply-sms-code"
        value={smsCode}
        onChange={(digits) => {
          setSmsCode(digits);
          clearError('smsCode');
        }}
        error={errors.smsCode}
        sender={sms}
        onSend={sendCode}
        sendTestId="apply-send-code"
      />
      <div className={`apply-block${errors.reason ? ' apply-block-invalid' : ''}`}>
        <label className="apply-label" htmlFor="apply-reason">
          申请原因
        </label>
        <TextArea
          id="apply-reason"
          data-testid="apply-reason"
          value={reason}
          onChange={(value) => {
            setReason(value);
            clearError('reason');
          }}
          placeholder="例如：原手机号已停机，无法接收验证码"
          rows={3}
          maxLength={REASON_MAX}
          showCount
        />
        {errors.reason && (
          <div className="apply-error" role="alert">
            {errors.reason}
          </div>
        )}
      </div>
      <div className="apply-block">
        <div className="apply-label">身份证明</div>
        <IdentityUpload
          onChange={(key) => {
            setDocumentKey(key);
            if (key) clearError('idDocumentKey');
          }}
          error={errors.idDocumentKey}
        />
      </div>
      <div className="security-submit">
        <Button
          type="submit"
          block
          color="primary"
          size="large"
          shape="rounded"
          loading={create.isPending}
          loadingText="提交中"
          data-testid="apply-submit"
        >
          提交申请
        </Button>
      </div>
    </form>
  );
}
