import type { z } from 'zod';

/** The first message per top-level field that a form schema gives for these values. */
export function schemaErrors(schema: z.ZodType, values: unknown): Record<string, string> {
  const result = schema.safeParse(values);
  const errors: Record<string, string> = {};
  for (const issue of result.error?.issues ?? []) {
    const field = issue.path[0];
    if (typeof field === 'string') errors[field] ??= issue.message;
  }
  return errors;
}
