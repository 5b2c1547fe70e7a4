import { useCallback } from 'react';
import { useWatch, type FieldPathByValue, type FieldValues, type Path } from 'react-hook-form';
import type { NcVerifyDto, SmsSent } from '@pcb/contract';
import type { HumanVerificationState } from '../captcha/use-human-verification';
import { useSmsCodeSender, type SmsCodeSender } from '../sms-code-button';
import {
  useSchemaForm,
  useSubmission,
  type ContractForm,
  type ContractFormOptions,
  type Explain,
} from './use-contract-form';

export interface SmsCodeForm<In extends FieldValues, Out> extends ContractForm<In, Out> {
  /** Proves a human before each code is sent. */
  verification: HumanVerificationState;
  sms: SmsCodeSender;
  /** Checks the number the code goes to (if the form has it), then sends the code. */
  sendCode: (request: (ncVerifyDto: NcVerifyDto, to: string) => Promise<SmsSent>) => void;
}

/**
 * A contract form with an `smsCode` field and its 获取验证码 button. A refusal about the code
 * (wrong, expired, used) is explained under that field and makes getting a new code the
 * obvious next step.
 */
export function useSmsCodeForm<In extends FieldValues & { smsCode: string }, Out>(
  options: Omit<ContractFormOptions<In, Out>, 'verification'> & {
    /** Proves a human before each code is sent. */
    verification: HumanVerificationState;
    /** The field with the mobile the code goes to; absent when it is the member's own. */
    codeTo?: FieldPathByValue<In, string>;
  },
): SmsCodeForm<In, Out> {
  const { verification, codeTo, ...rest } = options;
  const form = useSchemaForm(rest.schema, rest.defaultValues);
  const to = useWatch({
    control: form.control,
    name: (codeTo ?? 'smsCode') as Path<In>,
    disabled: !codeTo,
  }) as string;
  const sms = useSmsCodeSender(verification, codeTo ? to : undefined);
  const explain: Explain = (error) => {
    const message = sms.explain(error);
    return message ? { field: 'smsCode', message } : null;
  };
  const submission = useSubmission<In, Out, undefined>(form, rest, explain);
  const { trigger, getValues } = form;
  const { send } = sms;

  const sendCode = useCallback(
    (request: (ncVerifyDto: NcVerifyDto, to: string) => Promise<SmsSent>) => {
      void (async () => {
        if (codeTo && !(await trigger(codeTo))) return;
        const mobile = codeTo ? (getValues(codeTo) as string) : '';
        await send((ncVerifyDto) => request(ncVerifyDto, mobile));
      })();
    },
    [codeTo, getValues, send, trigger],
  );

  return { ...form, ...submission, verification, sms, sendCode };
}
