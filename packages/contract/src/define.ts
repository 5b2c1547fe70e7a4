import { z } from 'zod';
// Chinese messages for zod's own checks, wherever a definition is imported.
import './errors';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/**
 * Who may call an endpoint:
 * - `public`: anyone;
 * - `optional`: anyone, and the caller's member is known when a valid token is sent;
 * - `member`: a valid member token is required (HTTP 401 otherwise);
 * - `staff`: a staff session whose role is among the endpoint's `roles` (the console).
 * Member and staff credentials never cross: a staff session is no member, and the reverse.
 */
export type Access = 'public' | 'optional' | 'member' | 'staff';

/** The staff console's roles (product decisions §5). */
export const staffRoles = [
  'admin',
  'sales',
  'engineer',
  'production',
  'finance',
  'content',
] as const;
export type StaffRole = (typeof staffRoles)[number];

/**
 * What a switched session (a main member acting in a related account, decision 0009) may do
 * with an endpoint that knows its member: `allow` it in the related account, or `refuse` it
 * (403) — account security, agreements, uploads of identity documents, relations themselves.
 * Every `member` and `optional` endpoint declares it; the server enforces it in one place.
 */
export type WhenSwitched = 'allow' | 'refuse';

interface ActionBase<I extends z.ZodType, O extends z.ZodType> {
  method: HttpMethod;
  summary: string;
  /** Query string for GET, JSON body otherwise. */
  input: I;
  output: O;
  /**
   * Set when the endpoint answers a file rather than the envelope (its output is then
   * `fileOutput`); a refusal is still the envelope.
   */
  file?: FileAnswer;
}

/** A downloaded file: its type and the name it is saved under. */
export interface FileAnswer {
  contentType: string;
  /** The name as the member reads it (RFC 5987 `filename*`, any language). */
  fileName: string;
  /** The same in ASCII, for clients that only read `filename`. */
  asciiFileName: string;
}

/** The output of a file endpoint: the file's bytes, sent as they are. */
export const fileOutput = z.custom<Uint8Array>((value) => value instanceof Uint8Array);

/** One action of a module as it is written in the contract; the key names it. */
export type ActionSpec<
  I extends z.ZodType = z.ZodType,
  O extends z.ZodType = z.ZodType,
> = ActionBase<I, O> &
  (
    | { access: 'public' }
    | { access: 'optional' | 'member'; whenSwitched: WhenSwitched }
    | { access: 'staff'; roles: readonly [StaffRole, ...StaffRole[]] }
  );

/** An endpoint as both apps use it: the action with its module, wire name and path. */
export interface EndpointDef<
  I extends z.ZodType = z.ZodType,
  O extends z.ZodType = z.ZodType,
> extends ActionBase<I, O> {
  module: string;
  action: string;
  /** `/api/{module}/{action}`, exactly as the spec writes it. */
  path: string;
  access: Access;
  /** Set on `member` and `optional` endpoints; see `WhenSwitched`. */
  whenSwitched?: WhenSwitched;
  /** Set on `staff` endpoints: the roles that may call it. */
  roles?: readonly StaffRole[];
}

type ModuleOf<M extends string, A extends Record<string, ActionSpec>> = {
  readonly [K in keyof A & string]: EndpointDef<A[K]['input'], A[K]['output']> & {
    module: M;
    action: K;
    access: A[K]['access'];
  };
};

function checkAction(name: string, spec: ActionSpec): void {
  const loose = spec as ActionSpec & { whenSwitched?: unknown; roles?: readonly string[] };
  if (spec.access === 'staff') {
    if (!loose.roles?.length) throw new Error(`${name}: a staff endpoint names its roles`);
    const unknown = loose.roles.filter((r) => !(staffRoles as readonly string[]).includes(r));
    if (unknown.length > 0) throw new Error(`${name}: unknown roles ${unknown.join(', ')}`);
  } else if (loose.roles !== undefined) {
    throw new Error(`${name}: roles belong to staff endpoints only`);
  }
  const knowsMember = spec.access === 'member' || spec.access === 'optional';
  if (knowsMember && loose.whenSwitched === undefined) {
    throw new Error(`${name}: declare whenSwitched ('allow' or 'refuse')`);
  }
  if (!knowsMember && loose.whenSwitched !== undefined) {
    throw new Error(`${name}: whenSwitched belongs to member and optional endpoints only`);
  }
}

/**
 * One wire module: `defineModule('MemberAuth', { Login: {...} })` is `/api/MemberAuth/Login`,
 * read as `MemberAuth.Login` on both sides. The key is the wire action, so it is written once.
 */
export function defineModule<const M extends string, const A extends Record<string, ActionSpec>>(
  module: M,
  actions: A,
): ModuleOf<M, A> {
  const endpoints: Record<string, EndpointDef> = {};
  for (const [action, spec] of Object.entries(actions)) {
    checkAction(`${module}/${action}`, spec);
    endpoints[action] = { ...spec, module, action, path: `/api/${module}/${action}` };
  }
  return endpoints as ModuleOf<M, A>;
}

type Whole<T extends readonly object[]> = T extends readonly [
  infer First,
  ...infer Rest extends readonly object[],
]
  ? First & Whole<Rest>
  : unknown;

/**
 * One wire module written in parts (`defineModule` each), so that a page bundles only the part
 * it calls (the order screens, the pay sheet, the quote page: decision 0012), put back together
 * for the server, the OpenAPI document and the index. Annotate the call `@__PURE__`: a page that
 * imports a part then leaves the whole, and the other parts, out of its bundle.
 */
export function wholeModule<const T extends readonly object[]>(...parts: T): Whole<T> {
  const whole: Record<string, EndpointDef> = {};
  let module: string | undefined;
  for (const part of parts as readonly Record<string, EndpointDef>[]) {
    for (const [action, endpoint] of Object.entries(part)) {
      module ??= endpoint.module;
      if (endpoint.module !== module) {
        throw new Error(`${endpoint.module}/${action}: part of another module than ${module}`);
      }
      if (action in whole) throw new Error(`${module}/${action}: defined in two parts`);
      whole[action] = endpoint;
    }
  }
  return whole as Whole<T>;
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
