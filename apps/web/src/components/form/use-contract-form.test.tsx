import { describe, expect, it, vi } from 'vitest';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { z } from 'zod';
import { mobileSchema, smsCodeSchema } from '@pcb/contract';
import { ApiError } from '@pcb/client';
import { typeInto } from '../../test/base-api';
import { expectFieldError, expectToast, fieldError } from '../../test/ui-text';
import type { HumanVerificationState } from '../captcha/use-human-verification';
import { MobileField } from '../mobile-field';
import { SmsCodeField } from '../sms-code-field';
import { SubmitButton } from './submit-button';
import { useContractForm } from './use-contract-form';
import { useSmsCodeForm } from './use-sms-code-form';

const schema = z.object({ mobile: mobileSchema });

function MobileForm({ submit }: { submit: (values: { mobile: string }) => Promise<void> }) {
  const form = useContractForm({
    schema,
    defaultValues: { mobile: '' },
    failMessage: '提交失败，请稍后重试',
    submit,
  });
  return (
    <form onSubmit={form.onSubmit} noValidate>
      <MobileField form={form} name="mobile" id="mobile" placeholder="手机号" />
      <SubmitButton form={form} loadingText="提交中" testId="submit">
        提交
      </SubmitButton>
    </form>
  );
}

const submitWith = (mobile: string) => {
  typeInto('mobile', mobile);
  act(() => fireEvent.click(screen.getByTestId('submit')));
};

describe('useContractForm', () => {
  it("shows the schema's message under the field and does not submit", async () => {
    const submit = vi.fn(() => Promise.resolve());
    render(<MobileForm submit={submit} />);
    submitWith('2380013800');
    await expectFieldError('mobile', '请输入以1开头的11位手机号');
    expect(submit).not.toHaveBeenCalled();
    // Corrected, the message goes at once.
    typeInto('mobile', '13800138000');
    await waitFor(() => expect(fieldError('mobile')).toBeNull());
  });

  it('puts a refusal naming a field of the form under that field', async () => {
    const submit = vi.fn(() =>
      Promise.reject(new ApiError(409, '该手机号已注册，请直接登录', { field: 'mobile' })),
    );
    render(<MobileForm submit={submit} />);
    submitWith('13800138000');
    await expectFieldError('mobile', '该手机号已注册，请直接登录');
    expect(submit).toHaveBeenCalledWith({ mobile: '13800138000' }, undefined);
  });

  it('toasts a refusal naming no field', async () => {
    render(<MobileForm submit={() => Promise.reject(new ApiError(429, '操作太频繁'))} />);
    submitWith('13800138000');
    await expectToast('操作太频繁');
    expect(fieldError('mobile')).toBeNull();
  });

  it('toasts a refusal naming a field the form does not have', async () => {
    const refusal = new ApiError(400, '人机验证：验证结果有误', { field: 'ncVerifyDto.token' });
    render(<MobileForm submit={() => Promise.reject(refusal)} />);
    submitWith('13800138000');
    await expectToast('人机验证：验证结果有误');
    expect(fieldError('mobile')).toBeNull();
  });

  it('toasts the fallback for a failure without a message of its own', async () => {
    render(<MobileForm submit={() => Promise.reject(new Error('TypeError: x'))} />);
    submitWith('13800138000');
    await expectToast('提交失败，请稍后重试');
  });

  it('refuses another submit while one is pending, and shows it on the button', async () => {
    let finish = () => {};
    const submit = vi.fn(
      () =>
        new Promise<void>((resolve) => {
          finish = resolve;
        }),
    );
    render(<MobileForm submit={submit} />);
    submitWith('13800138000');
    await waitFor(() => expect(screen.getByTestId('submit').textContent).toContain('提交中'));
    const form = screen.getByTestId('submit').closest('form') as HTMLFormElement;
    act(() => fireEvent.submit(form));
    act(() => fireEvent.submit(form));
    expect(submit).toHaveBeenCalledTimes(1);
    act(() => finish());
    await waitFor(() => expect(screen.getByTestId('submit').textContent).toBe('提交'));
    act(() => fireEvent.submit(form));
    await waitFor(() => expect(submit).toHaveBeenCalledTimes(2));
  });
});

const proof = { provider: 'altcha', token: 'proof' } as const;
const verification: HumanVerificationState = {
  status: 'verified',
  provider: 'altcha',
  prepare: () => undefined,
  dto: proof,
  message: '',
  ids: { button: 'captcha-button', element: 'captcha-element' },
  verify: () => Promise.resolve(),
  ensure: () => Promise.resolve(proof),
  renew: () => undefined,
  reloadConfig: () => undefined,
};

function CodeForm({ refusal }: { refusal: ApiError }) {
  const form = useSmsCodeForm({
    schema: z.object({ mobile: mobileSchema, smsCode: smsCodeSchema }),
    defaultValues: { mobile: '13800138000', smsCode: '' },
    verification,
    codeTo: 'mobile',
    failMessage: '提交失败',
    submit: () => Promise.reject(refusal),
  });
  return (
    <form onSubmit={form.onSubmit} noValidate>
      <SmsCodeField
        form={form}
        id="code"
        send={() => Promise.resolve({ resendAfterSeconds: 60 })}
        sendTestId="send"
      />
      <SubmitButton form={form} testId="submit">
        提交
      </SubmitButton>
    </form>
  );
}

describe('useSmsCodeForm', () => {
  it('explains a dead code under the code field and makes getting a new one obvious', async () => {
    render(<CodeForm refusal={new ApiError(400, '验证码已过期或已使用，请重新获取')} />);
    typeInto('code', '123456');
    act(() => fireEvent.click(screen.getByTestId('submit')));
    await expectFieldError('code', '验证码已失效，请重新获取');
    expect(screen.getByTestId('send').dataset.expired).toBe('true');
  });

  it('puts any other refusal about the code under it as the server words it', async () => {
    render(<CodeForm refusal={new ApiError(400, '请先获取验证码', { field: 'smsCode' })} />);
    typeInto('code', '123456');
    act(() => fireEvent.click(screen.getByTestId('submit')));
    await expectFieldError('code', '请先获取验证码');
    expect(screen.getByTestId('send').dataset.expired).toBeUndefined();
  });
});
