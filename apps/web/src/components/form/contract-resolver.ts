import type { FieldErrors, FieldValues, Resolver } from 'react-hook-form';
import type { z } from 'zod';

/**
 * react-hook-form's resolver for a contract schema (zod 4): the parsed values, or the first
 * message of each field under its path. Written here rather than taken from
 * @hookform/resolvers, whose zod resolver also carries zod 3's support into every form page.
 */
export function contractResolver<In extends FieldValues, Out>(
  schema: z.ZodType<Out, In>,
): Resolver<In, unknown, Out> {
  return async (values) => {
    const result = await schema.safeParseAsync(values);
    if (result.success) return { values: result.data, errors: {} };
    const errors: Record<string, unknown> = {};
    for (const issue of result.error.issues) {
      const path = issue.path.map(String);
      if (path.length === 0) continue;
      let node = errors;
      for (const key of path.slice(0, -1)) {
        node[key] ??= {};
        node = node[key] as Record<string, unknown>;
      }
      const leaf = path[path.length - 1] as string;
      // The first issue of a field is the one to fix first (schemas order their checks so).
      node[leaf] ??= { type: issue.code, message: issue.message };
    }
    return { values: {}, errors: errors as FieldErrors<In> };
  };
}
