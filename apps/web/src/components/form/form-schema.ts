import { z } from 'zod';

/** The contract's rule for a field, with the page's own words for leaving it empty. */
export function required<Out>(message: string, schema: z.ZodType<Out, string>) {
  return z
    .string()
    .refine((value) => value.trim() !== '', { error: message, abort: true })
    .pipe(schema);
}

/** A form's fields plus `confirm`, the second entry of `password` that must repeat it. */
export function withConfirmation<Shape extends { password: z.ZodType<unknown, string> }>(
  schema: z.ZodObject<Shape>,
  messages: { empty: string; mismatch: string },
) {
  return schema.extend({ confirm: z.string().min(1, { error: messages.empty }) }).refine(
    (values) => {
      const { password, confirm } = values as { password: unknown; confirm: string };
      return !confirm || confirm === password;
    },
    {
      path: ['confirm'],
      error: messages.mismatch,
      // Told at once, not only after every other field is right.
      when: () => true,
    },
  );
}
