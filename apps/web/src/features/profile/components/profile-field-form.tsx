import { z } from 'zod';
import type { MemberInfo } from '@pcb/contract';
import { paths } from '../../../lib/paths';
import { showSuccess } from '../../../components/feedback';
import { SubmitButton } from '../../../components/form/submit-button';
import { TextField } from '../../../components/form/text-field';
import { useContractForm } from '../../../components/form/use-contract-form';
import { useUpdateMemberInfo } from '../api/update-member-info';
import { optional } from '../optional-field';
import { useGoBack } from '../use-go-back';

/** One of the member's own fields, edited alone (QQ, contact phone); empty clears it. */
export function ProfileFieldForm({
  info,
  field,
  schema,
  label,
  placeholder,
  description,
  testId,
}: {
  info: MemberInfo;
  field: 'qq' | 'contactPhone';
  schema: z.ZodType<string, string>;
  label: string;
  placeholder: string;
  description: string;
  testId: string;
}) {
  const update = useUpdateMemberInfo();
  const back = useGoBack(paths.userInfo);
  const form = useContractForm({
    schema: z.object({ value: optional(schema) }),
    defaultValues: { value: info[field] ?? '' },
    failMessage: '保存失败，请稍后重试',
    submit: async ({ value }) => {
      await update.mutateAsync({ [field]: value });
      showSuccess(value === null ? `${label}已清除` : `${label}已保存`);
      back();
    },
  });
  return (
    <form className="profile-form" onSubmit={form.onSubmit} noValidate>
      <p className="profile-form-desc">{description}</p>
      <TextField
        form={form}
        name="value"
        id={testId}
        label={label}
        placeholder={placeholder}
        autoComplete="off"
      />
      <div className="profile-submit">
        <SubmitButton form={form} loadingText="保存中" testId={`${testId}-submit`}>
          保存
        </SubmitButton>
      </div>
    </form>
  );
}
