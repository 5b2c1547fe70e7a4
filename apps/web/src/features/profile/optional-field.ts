import { z } from 'zod';

/** A form field the member may leave empty: empty text is sent as null (cleared). */
export const optional = <Out>(schema: z.ZodType<Out, string>) =>
  z
    .string()
    .transform((value) => value.trim() || null)
    .pipe(schema.nullable());
