import type { FastifySchemaCompiler } from 'fastify';
import { formatIssue } from '@pcb/contract';
import { safeParse, type $ZodType, type $ZodIssue } from 'zod/v4/core';

/**
 * The issue to tell the caller about. A union (e.g. bind with a password or with an SMS code)
 * fails as a whole; the option it came closest to (fewest issues) says which field is wrong.
 */
function primaryIssue(issue: $ZodIssue): $ZodIssue {
  if (issue.code !== 'invalid_union' || issue.errors.length === 0) return issue;
  const closest = issue.errors.reduce((best, option) =>
    option.length < best.length ? option : best,
  );
  const first = closest[0];
  if (!first) return issue;
  const inner = primaryIssue(first);
  return { ...inner, path: [...issue.path, ...inner.path] };
}

/** Carries zod's issues with their real paths, so the message names the field in Chinese. */
export class InputValidationError extends Error {
  readonly statusCode = 400;
  readonly code = 'FST_ERR_VALIDATION';
  /** The first issue's field as its wire path (`ncVerifyDto.token`); null for the whole input. */
  readonly field: string | null;

  constructor(
    readonly issues: $ZodIssue[],
    schema: $ZodType,
  ) {
    const first = issues[0] ? primaryIssue(issues[0]) : undefined;
    super(first ? formatIssue(first, schema) : '请求参数不正确');
    this.name = 'InputValidationError';
    this.field = first && first.path.length > 0 ? first.path.map(String).join('.') : null;
  }
}

export const zodValidatorCompiler: FastifySchemaCompiler<$ZodType> =
  ({ schema }) =>
  (data) => {
    const result = safeParse(schema, data);
    return result.success
      ? { value: result.data }
      : { error: new InputValidationError(result.error.issues, schema) };
  };
