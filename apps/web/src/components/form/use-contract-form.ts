import { useRef, useState, type FormEvent } from 'react';
// eslint-disable-next-line no-restricted-imports -- the one place that builds a form
import { useForm } from 'react-hook-form';
import type { DefaultValues, FieldValues, Path, UseFormReturn } from 'react-hook-form';
import type { z } from 'zod';
import type { NcVerifyDto } from '@pcb/contract';
import { ApiError } from '@pcb/client';
import { refusedField } from '../../lib/form-errors';
import { contractResolver } from './contract-resolver';
import { errorMessage, showFail, showToast } from '../feedback';
import {
  verificationFailure,
  type HumanVerificationState,
} from '../captcha/use-human-verification';

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

/** The react-hook-form state of a contract form (shared with useSmsCodeForm). */
export function useSchemaForm<In extends FieldValues, Out>(
  schema: FormSchema<In, Out>,
  defaultValues: DefaultValues<In>,
) {
  return useForm<In, unknown, Out>({
    resolver: contractResolver(schema),
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
export type Explain = (error: unknown) => { field: string; message: string } | null;

/** Submitting a contract form: validate, verify, submit once at a time, map a refusal. */
export function useSubmission<
  In extends FieldValues,
  Out,
  V extends HumanVerificationState | undefined,
>(
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
