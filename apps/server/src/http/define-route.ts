import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type { EndpointDef } from '@pcb/contract';
import {
  assertOwnAccount,
  SWITCHED_SECURITY_MESSAGE,
  type AuthMember,
  type Authenticate,
} from './auth';
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
  ip: string;
  request: FastifyRequest;
  reply: FastifyReply;
}

export type RouteHandler<E extends EndpointDef> = (
  ctx: RouteContext<z.output<E['input']>>,
) => Promise<z.output<E['output']>>;

export type DefineRoute = <E extends EndpointDef>(
  def: E,
  handler: RouteHandler<E>,
  options?: { hidden?: boolean },
) => void;

/**
 * Registers an endpoint from its contract definition: method, path, input (query string for
 * GET, JSON body otherwise), output, access. The handler returns the data; the envelope, the
 * validation and the OpenAPI entry all come from the same definition.
 */
export function createDefineRoute(app: FastifyInstance, authenticate: Authenticate): DefineRoute {
  return <E extends EndpointDef>(
    def: E,
    handler: RouteHandler<E>,
    options: { hidden?: boolean } = {},
  ) => {
    // Staff sessions are checked by the console's own authentication, not a member token:
    // until it exists, a staff endpoint must not be served at all (it would be open).
    if (def.access === 'staff') {
      throw new Error(`${def.path}: staff endpoints need the staff session check`);
    }
    const inputLocation = def.method === 'GET' ? 'querystring' : 'body';
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
        [inputLocation]: def.input,
        response: {
          200: envelopeSchema(def.output),
          '4XX': errorEnvelopeSchema,
          '5XX': errorEnvelopeSchema,
        },
      },
      // Before the body is read: an anonymous call to a member route is answered 401 at once,
      // and a switched session is refused what its endpoint declares it may not do.
      onRequest:
        def.access === 'public'
          ? undefined
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
        const data = await handler({
          input: (inputLocation === 'body' ? request.body : request.query) as z.output<E['input']>,
          member: request.member,
          requireMember,
          requireOwnAccount: () => {
            const member = requireMember();
            assertOwnAccount(member);
            return member;
          },
          ip: request.ip,
          request,
          reply,
        });
        return ok(data);
      },
    });
  };
}
