// A typed test caller: `call(t, MemberInvoice.SetDefault, { id }, { token })` builds the request
// from the contract's definition (method, path, query or body, exactly as the apps' client
// sends them) and returns the envelope with `data` typed, and checked, by the endpoint's
// output. A search for `MemberInvoice.SetDefault` finds its tests beside the apps' callers.
import type { InjectOptions } from 'fastify';
import type { EndpointDef, InputOf, OutputOf } from '@pcb/contract';
import { urlOf } from '@pcb/client/url';
import { auth, type ApiResponse, type TestApp } from './helper';
import type { StaffSessionForTest } from './staff-support';

declare const uncheckedInput: unique symbol;
/** An input sent as it is, whatever the contract says of it (see `unchecked`). */
export type Unchecked = { readonly [uncheckedInput]: true };

/**
 * Input the contract would refuse (a test of the server's own checks: a string id, a field
 * too long, fields the member may not set), sent as given.
 */
export const unchecked = (input: object): Unchecked => input as Unchecked;

export interface CallOptions {
  /** The member's access token (a bearer header). */
  token?: string;
  /** A staff session: its cookie and its CSRF header. */
  staff?: Pick<StaffSessionForTest, 'cookie' | 'csrf'>;
  /** The caller's address (per-address limits). */
  ip?: string;
  headers?: Record<string, string>;
}

/** One call of an endpoint; the answer's data is parsed with the endpoint's output schema. */
export async function call<E extends EndpointDef>(
  t: TestApp,
  endpoint: E,
  input: InputOf<E> | Unchecked,
  options: CallOptions = {},
): Promise<ApiResponse<OutputOf<E>>> {
  const headers: Record<string, string> = { ...options.headers };
  if (options.token) Object.assign(headers, auth(options.token));
  if (options.staff) {
    headers.cookie = options.staff.cookie;
    headers['x-csrf-token'] = options.staff.csrf;
  }
  const request: InjectOptions = {
    method: endpoint.method,
    url: urlOf(endpoint, input),
    headers,
    remoteAddress: options.ip,
  };
  if (endpoint.method !== 'GET') request.payload = input as object;
  const res = await t.request<OutputOf<E>>(request);
  if (res.body.success && !endpoint.file) {
    const data = endpoint.output.safeParse(res.body.data);
    if (!data.success) {
      throw new Error(`${endpoint.path} answered outside its contract: ${data.error.message}`);
    }
    res.body.data = data.data as OutputOf<E>;
  }
  return res;
}
