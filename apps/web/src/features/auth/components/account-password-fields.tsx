import type { z } from 'zod';
import { MobileField } from '../../../components/mobile-field';
import { TextField } from '../../../components/form/text-field';
import type { FieldHost } from '../../../components/form/use-form-field';
import type { accountPasswordSchema } from '../account-password-schema';

type Values = z.input<ReturnType<typeof accountPasswordSchema>>;

/** 账号 and 密码 rows; `fixedMobile` shows the logged-in member's own account instead. */
export function AccountPasswordFields({
  form,
  idPrefix,
  passwordPlaceholder,
  fixedMobile = false,
}: {
  form: FieldHost<Values>;
  idPrefix: string;
  passwordPlaceholder: string;
  fixedMobile?: boolean;
}) {
  return (
    <>
      {fixedMobile ? (
        <MobileField
          form={form}
          name="userNameOrMobile"
          id={`${idPrefix}-account`}
          label="账号"
          fixed
        />
      ) : (
        <TextField
          form={form}
          name="userNameOrMobile"
          id={`${idPrefix}-account`}
          label="账号"
          placeholder="手机号/用户名"
          autoComplete="username"
        />
      )}
      <TextField
        form={form}
        name="password"
        id={`${idPrefix}-password`}
        label="密码"
        placeholder={passwordPlaceholder}
        autoComplete="current-password"
        password
      />
    </>
  );
}
