import type { ReactNode } from 'react';
import { Button, type ButtonProps } from 'antd-mobile';
import type { SubmitPhase } from './use-contract-form';

/** A form's submit button: loading while the form verifies or submits. */
export function SubmitButton({
  form,
  loadingText,
  disabled,
  size = 'large',
  testId,
  children,
}: {
  form: { phase: SubmitPhase };
  loadingText?: string;
  disabled?: boolean;
  size?: ButtonProps['size'];
  testId: string;
  children: ReactNode;
}) {
  return (
    <Button
      type="submit"
      block
      color="primary"
      size={size}
      shape="rounded"
      disabled={disabled}
      loading={form.phase !== 'idle'}
      loadingText={form.phase === 'verifying' ? '验证中' : loadingText}
      data-testid={testId}
    >
      {children}
    </Button>
  );
}
