import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type { EndpointDef } from '@pcb/contract';
import type { Executor, Tx } from '../db/client';
import {
  assertOwnAccount,
  csrfMatches,
  STAFF_MESSAGES,
  SWITCHED_SECURITY_MESSAGE,
  type AuthMember,
  type Authenticate,
  type AuthenticateStaff,
  type AuthStaff,
} from './auth';
import { readCookie } from './cookies';
import { envelopeSchema, errorEnvelopeSchema, ok } from './envelope';
import { AppError, unauthorized } from './errors';

export interface RouteContext<I> {
  input: I;
  /** The caller on `member` routes (always set) and `optional` routes (when a valid token came). */
  member: AuthMember | null;
  /** The caller on a `member` route; throws 401 elsewhere when nobody is logged in. */
  requireMember: () => AuthMember;
  /**
   * The caller acting in their own account: 401 when nobody is logged in, 403 while a main
   * member acts in a related account (account-security calls).
   */
  requireOwnAccount: () => AuthMember;
  /** The caller on `staff` routes (always set there), null elsewhere. */
  staff: AuthStaff | null;
  /** The caller on a `staff` route; 401 elsewhere. */
  requireStaff: () => AuthStaff;
  /**
   * On a staff write (a `staff` POST): the transaction the route opened and the audit call
   * that records the change in it. The route refuses to commit a write that recorded nothing.
   */
  write: () => StaffWrite;
  ip: string;
  request: FastifyRequest;
  reply: FastifyReply;
}

export interface StaffWrite {
  staff: AuthStaff;
  /** The change goes through this, so it commits with its audit row or not at all. */
  tx: Tx;
  /** One audit row: action `Module.Action` of the endpoint, who, address and time are added. */
  audit: (
    objectType: string,
    objectId: string | number | null,
    before: Record<string, unknown> | null,
    after: Record<string, unknown> | null,
  ) => Promise<void>;
  /** Work for after the commit (an SMS notice): never sent for a change rolled back. */
  afterCommit: (work: () => Promise<void>) => void;
}

/** What staff routes need: the session check and the audited transaction (decisions 0020, 0021). */
export interface StaffRouteDeps {
  authenticate: AuthenticateStaff;
  transaction: <T>(work: (tx: Tx) => Promise<T>) => Promise<T>;
  audit: (
    ex: Executor,
    record: {
      actor: { id: number; userName: string; realName: string } | null;
      action: string;
      objectType: string;
      objectId: string | number | null;
      before: Record<string, unknown> | null;
      after: Record<string, unknown> | null;
      ip: string;
    },
  ) => Promise<void>;
  /** Where a failed after-commit task is reported. */
  onAfterCommitError: (err: unknown) => void;
}

/**
 * `attachment` with the name twice: RFC 5987's `filename*` (UTF-8, the Chinese name) for every
 * current browser, and an ASCII `filename` for the rest.
 */
export function contentDisposition(file: { fileName: string; asciiFileName: string }): string {
  const encoded = encodeURIComponent(file.fileName).replace(
    /['()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return `attachment; filename="${file.asciiFileName}"; filename*=UTF-8''${encoded}`;
}

/** The staff session cookie: HttpOnly, SameSite=Strict, Path=/api/ (decision 0020). */
export const STAFF_SESSION_COOKIE = 'pcb_staff';

export type RouteHandler<E extends EndpointDef> = (
  ctx: RouteContext<z.output<E['input']>>,
) => Promise<z.output<E['output']>>;

export interface RouteOptions<E extends EndpointDef> {
  hidden?: boolean;
  /**
   * A staff write's work that must happen before its transaction opens: reserving a try of a
   * throttle in the ephemeral store, which (as the PostgreSQL table) needs a connection of its
   * own — taken inside the transaction, parallel writes could hold every connection and wait
   * for one more. It may refuse the call by throwing; the handler runs only after it.
   */
  beforeWrite?: (ctx: RouteContext<z.output<E['input']>>) => Promise<void>;
}

export type DefineRoute = <E extends EndpointDef>(
  def: E,
  handler: RouteHandler<E>,
  options?: RouteOptions<E>,
) => void;

/**
 * Registers an endpoint from its contract definition: method, path, input (query string for
 * GET, JSON body otherwise), output, access. The handler returns the data; the envelope, the
 * validation and the OpenAPI entry all come from the same definition.
 */
export function createDefineRoute(
  app: FastifyInstance,
  authenticate: Authenticate,
  staffDeps?: StaffRouteDeps,
): DefineRoute {
  return <E extends EndpointDef>(
    def: E,
    handler: RouteHandler<E>,
    options: RouteOptions<E> = {},
  ) => {
    // A staff endpoint without the staff session check would be open: never served so.
    if (def.access === 'staff' && !staffDeps) {
      throw new Error(`${def.path}: staff endpoints need the staff session check`);
    }
    const roles: readonly string[] = def.roles ?? [];
    const inputLocation = def.method === 'GET' ? 'querystring' : 'body';
    const isStaffWrite = def.access === 'staff' && def.method !== 'GET';
    app.route({
      method: def.method,
      url: def.path,
      // API answers carry their own short set of security headers (app.ts), not the page's.
      helmet: false,
      schema: {
        summary: def.summary,
        tags: [def.module],
        operationId: `${def.module}_${def.action}`,
        hide: options.hidden,
        ...(def.access === 'member' ? { security: [{ bearerAuth: [] }] } : {}),
        ...(def.access === 'staff'
          ? {
              security: [{ staffSession: [], csrfToken: [] }],
              description: `角色：${roles.join('、')}`,
            }
          : {}),
        [inputLocation]: def.input,
        response: {
          // A file endpoint's bytes go out as they are; its refusals are still the envelope.
          ...(def.file ? {} : { 200: envelopeSchema(def.output) }),
          '4XX': errorEnvelopeSchema,
          '5XX': errorEnvelopeSchema,
        },
      },
      // Before the body is read: an anonymous call to a member route is answered 401 at once,
      // and a switched session is refused what its endpoint declares it may not do.
      onRequest:
        def.access === 'public'
          ? undefined
          : def.access === 'staff'
            ? async (request) => {
                // Only the staff cookie counts here: a member token is no staff session.
                const staff = await staffDeps!.authenticate(
                  readCookie(request.headers.cookie, STAFF_SESSION_COOKIE),
                );
                if (!staff) throw new AppError(401, STAFF_MESSAGES.unauthorized);
                // Writes carry the CSRF token; a read is safe (another site can neither send
                // the SameSite cookie nor read the answer), and StaffAuth/Me hands the token out.
                const header = request.headers['x-csrf-token'];
                if (
                  def.method !== 'GET' &&
                  !csrfMatches(staff.csrfToken, typeof header === 'string' ? header : undefined)
                ) {
                  throw new AppError(403, STAFF_MESSAGES.csrf);
                }
                if (!staff.roles.some((role) => roles.includes(role))) {
                  throw new AppError(403, STAFF_MESSAGES.forbidden);
                }
                request.staff = staff;
              }
            : async (request) => {
                request.member = await authenticate(request.headers.authorization);
                if (def.access === 'member' && !request.member) throw unauthorized();
                if (request.member?.mainMemberId != null && def.whenSwitched !== 'allow') {
                  throw new AppError(403, SWITCHED_SECURITY_MESSAGE);
                }
              },
      // A POST without a body (Activate) is an empty input, not a missing one.
      preValidation:
        inputLocation === 'body'
          ? async (request) => {
              if (request.body === undefined) request.body = {};
            }
          : undefined,
      handler: async (request, reply) => {
        const requireMember = () => {
          if (!request.member) throw unauthorized();
          return request.member;
        };
        const requireStaff = () => {
          if (!request.staff) throw new AppError(401, STAFF_MESSAGES.unauthorized);
          return request.staff;
        };
        const context = (write: () => StaffWrite): RouteContext<z.output<E['input']>> => ({
          input: (inputLocation === 'body' ? request.body : request.query) as z.output<E['input']>,
          member: request.member,
          requireMember,
          requireOwnAccount: () => {
            const member = requireMember();
            assertOwnAccount(member);
            return member;
          },
          staff: request.staff,
          requireStaff,
          write,
          ip: request.ip,
          request,
          reply,
        });
        if (!isStaffWrite || !staffDeps) {
          const noWrite = () => {
            throw new Error(`${def.path}: only a staff POST opens an audited write`);
          };
          const data = await handler(context(noWrite));
          if (def.file) {
            const bytes = data as Uint8Array;
            return reply
              .header('content-type', def.file.contentType)
              .header('content-disposition', contentDisposition(def.file))
              .header('cache-control', 'no-store')
              .send(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength));
          }
          return ok(data);
        }
        const deps = staffDeps;
        if (options.beforeWrite) {
          await options.beforeWrite(
            context(() => {
              throw new Error(`${def.path}: beforeWrite runs before the write opens`);
            }),
          );
        }
        const later: (() => Promise<void>)[] = [];
        const data = await deps.transaction(async (tx) => {
          const staff = requireStaff();
          let audited = 0;
          const write: StaffWrite = {
            staff,
            tx,
            audit: async (objectType, objectId, before, after) => {
              audited++;
              await deps.audit(tx, {
                actor: staff,
                action: `${def.module}.${def.action}`,
                objectType,
                objectId,
                before,
                after,
                ip: request.ip,
              });
            },
            afterCommit: (work) => later.push(work),
          };
          const result = await handler(context(() => write));
          // A staff write that recorded nothing is a bug: it must not commit unaudited.
          if (audited === 0) throw new Error(`${def.path}: a staff write recorded no audit row`);
          return result;
        });
        for (const work of later) await work().catch(deps.onAfterCommitError);
        return ok(data);
      },
    });
  };
}
