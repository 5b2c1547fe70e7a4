import { ApiError } from '@pcb/client';

/**
 * The form field a server refusal is about: the one its `field` (a wire path such as `mobile`
 * or `ncVerifyDto.token`) names or lies under, when the form has it; else null.
 */
export function refusedField<F extends string>(error: unknown, fields: readonly F[]): F | null {
  if (!(error instanceof ApiError) || !error.field) return null;
  const path = error.field;
  return fields.find((field) => path === field || path.startsWith(`${field}.`)) ?? null;
}
