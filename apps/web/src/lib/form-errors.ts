/** A zod issue, as far as a form needs it. */
export interface FieldIssue {
  path: readonly PropertyKey[];
  message: string;
}

/**
 * The first message per top-level field, from a contract schema's issues, so the form shows
 * exactly the rules the server enforces.
 */
export function fieldErrors<F extends string>(
  issues: readonly FieldIssue[],
): Partial<Record<F, string>> {
  const errors: Partial<Record<F, string>> = {};
  for (const issue of issues) {
    const field = issue.path[0];
    if (typeof field !== 'string') continue;
    errors[field as F] ??= issue.message;
  }
  return errors;
}
