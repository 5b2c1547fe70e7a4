import { useCallback, useRef, useState, type FormEvent } from 'react';
import {
  useForm,
  useWatch,
  type DefaultValues,
  type FieldPathByValue,
  type FieldValues,
  type Path,
  type UseFormReturn,
} from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { z } from 'zod';
import type { NcVerifyDto, SmsSent } from '@pcb/contract';
import { ApiError } from '../../lib/api-client';
import { refusedField } from '../../lib/form-errors';
import { errorMessage, showFail, showToast } from '../feedback';
import {
  verificationFailure,
  type HumanVerificationState,
} from '../captcha/use-human-verification';
import { useSmsCodeSender, type SmsCodeSender } from '../sms-code-button';

/** A contract input schema, or one derived from it (`.pick`, `.extend`), with its fields. */
export type FormSchema<In extends FieldValues, Out> = z.ZodType<Out, In> & {
  shape: Record<string, unknown>;
};

/** `verifying` while the one-tap human verification runs, `submitting` while the call runs. */
export type SubmitPhase = 'idle' | 'verifying' | 'submitting';

type Proof<V> = V extends HumanVerificationState ? NcVerifyDto : undefined;

export interface ContractFormOptions<
  In extends FieldValues,
  Out,
  V extends HumanVerificationState | undefined = undefined,
> {
  schema: FormSchema<In, Out>;
  defaultValues: DefaultValues<In>;
  /** Runs with the parsed values; what it throws is a refusal, mapped onto the form. */
  submit: (values: Out, ncVerifyDto: Proof<V>) => Promise<void>;
  /** The toast for a refusal without a message of its own. */
  failMessage: string;
  /** Obtained (`ensure()`) after validation and before `submit`; renewed after a refusal. */
  verification?: V;
  /** Sees a refusal first; returns true when it has shown it, so the form adds nothing. */
  onRefused?: (error: unknown) => boolean;
}

export interface ContractForm<In extends FieldValues, Out> extends UseFormReturn<In, unknown, Out> {
  /** The `<form onSubmit>` handler: validates, then submits once at a time. */
  onSubmit: (event?: FormEvent) => void;
  phase: SubmitPhase;
}

function useSchemaForm<In extends FieldValues, Out>(
  schema: FormSchema<In, Out>,
  defaultValues: DefaultValues<In>,
) {
  return useForm<In, unknown, Out>({
    resolver: zodResolver(schema),
    defaultValues,
    // Checked on submit; afterwards a field is checked again only while it shows an error
    // (useFormField), so typing into a correct field never flashes a message.
    mode: 'onSubmit',
    reValidateMode: 'onSubmit',
    // Focusing would open the phone's keyboard (or the passcode keyboard) over the message.
    shouldFocusError: false,
  });
}

/** A server refusal, rewritten for the form: under the field it names, or null for a toast. */
type Explain = (error: unknown) => { field: string; message: string } | null;

function useSubmission<In extends FieldValues, Out, V extends HumanVerificationState | undefined>(
  form: UseFormReturn<In, unknown, Out>,
  options: ContractFormOptions<In, Out, V>,
  explain?: Explain,
) {
  const { schema, submit, failMessage, verification, onRefused } = options;
  const [phase, setPhase] = useState<SubmitPhase>('idle');
  const busy = useRef(false);
  const fields = Object.keys(schema.shape);

  const refuse = (error: unknown) => {
    if (onRefused?.(error)) return;
    const explained = explain?.(error);
    const field = explained?.field ?? refusedField(error, fields);
    if (field && error instanceof ApiError) {
      form.setError(field as Path<In>, {
        type: 'server',
        message: explained?.message ?? error.message,
      });
    } else {
      showFail(errorMessage(error, failMessage));
    }
  };

  const run = async (values: Out) => {
    let ncVerifyDto: NcVerifyDto | undefined;
    if (verification) {
      setPhase('verifying');
      try {
        ncVerifyDto = await verification.ensure();
      } catch (error) {
        showToast(verificationFailure(error));
        return;
      }
    }
    setPhase('submitting');
    try {
      await submit(values, ncVerifyDto as Proof<V>);
    } catch (error) {
      // The server accepts a proof once: the next try needs a fresh one.
      verification?.renew();
      refuse(error);
    }
  };

  const onSubmit = (event?: FormEvent) => {
    event?.preventDefault();
    if (busy.current) return;
    busy.current = true;
    void form
      .handleSubmit(run)()
      .finally(() => {
        busy.current = false;
        setPhase('idle');
      });
  };

  return { onSubmit, phase };
}

/**
 * One form over a contract schema: Chinese messages from the schema under each field, a
 * refusal naming a field of the form under that field (else a toast), and a submit state.
 */
export function useContractForm<
  In extends FieldValues,
  Out,
  V extends HumanVerificationState | undefined = undefined,
>(options: ContractFormOptions<In, Out, V>): ContractForm<In, Out> {
  const form = useSchemaForm(options.schema, options.defaultValues);
  return { ...form, ...useSubmission(form, options) };
}

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
