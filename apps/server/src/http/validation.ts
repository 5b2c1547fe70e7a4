import type { FastifySchemaCompiler } from 'fastify';
import { formatIssue } from '@pcb/contract';
import { safeParse, type $ZodType, type $ZodIssue } from 'zod/v4/core';

/** Carries zod's issues with their real paths, so the message names the field in Chinese. */
export class InputValidationError extends Error {
  readonly statusCode = 400;
  readonly code = 'FST_ERR_VALIDATION';
  constructor(readonly issues: $ZodIssue[]) {
    super(issues[0] ? formatIssue(issues[0]) : '请求参数不正确');
    this.name = 'InputValidationError';
  }

  /** The first issue's field as its wire path (`ncVerifyDto.token`); null for the whole input. */
  get field(): string | null {
    const path = this.issues[0]?.path ?? [];
    return path.length > 0 ? path.map(String).join('.') : null;
  }
}

export const zodValidatorCompiler: FastifySchemaCompiler<$ZodType> =
  ({ schema }) =>
  (data) => {
    const result = safeParse(schema, data);
    return result.success
      ? { value: result.data }
      : { error: new InputValidationError(result.error.issues) };
  };
