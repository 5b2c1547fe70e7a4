import { z } from 'zod';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/**
 * Who may call an endpoint:
 * - `public`: anyone;
 * - `optional`: anyone, and the caller's member is known when a valid token is sent;
 * - `member`: a valid member token is required (HTTP 401 otherwise).
 */
export type Access = 'public' | 'optional' | 'member';

/**
 * What a switched session (a main member acting in a related account, decision 0009) may do
 * with an endpoint that knows its caller: `allow` it in the related account, or `refuse` it
 * (403) — account security, agreements, uploads of identity documents, relations themselves.
 * Every `member` and `optional` endpoint declares it; the server enforces it in one place.
 */
export type WhenSwitched = 'allow' | 'refuse';

export interface EndpointDef<I extends z.ZodType = z.ZodType, O extends z.ZodType = z.ZodType> {
  module: string;
  action: string;
  method: HttpMethod;
  /** `/api/{module}/{action}`, exactly as the spec writes it. */
  path: string;
  summary: string;
  access: Access;
  /** Required unless `access` is `public`; see `WhenSwitched`. */
  whenSwitched?: WhenSwitched;
  /** Query string for GET and DELETE-without-body, JSON body otherwise. */
  input: I;
  output: O;
}

export function defineEndpoint<I extends z.ZodType, O extends z.ZodType>(
  def: Omit<EndpointDef<I, O>, 'path'>,
): EndpointDef<I, O> {
  if (def.access !== 'public' && def.whenSwitched === undefined) {
    throw new Error(`${def.module}/${def.action}: declare whenSwitched ('allow' or 'refuse')`);
  }
  return { ...def, path: `/api/${def.module}/${def.action}` };
}

export type InputOf<E extends EndpointDef> = z.input<E['input']>;
export type OutputOf<E extends EndpointDef> = z.output<E['output']>;

/** Every `/api` response has this shape. */
export interface Envelope<T> {
  success: boolean;
  data: T | null;
  message: string;
  /**
   * On a refusal about one input field: its wire path (`mobile`, `ncVerifyDto.token`), so a
   * form shows the message under that field. Absent otherwise.
   */
  field?: string;
}

export function envelopeSchema<T extends z.ZodType>(data: T) {
  return z.object({ success: z.boolean(), data: data.nullable(), message: z.string() });
}

/** An input with no fields; unknown fields are ignored. */
export const emptyInput = z.object({});
