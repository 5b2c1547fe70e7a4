import { z } from 'zod';
import { formatIssue, type EndpointDef, type InputOf, type OutputOf } from '@pcb/contract';
import {
  ApiError,
  BAD_RESPONSE_MESSAGE,
  fallbackMessage,
  NETWORK_ERROR_MESSAGE,
} from './api-error';
import { urlOf } from './url';

/** What differs between the apps' calls; each app passes its own when it creates its client. */
export interface TransportAdapter {
  /** Prefix of every API path; '' keeps calls on the page's own origin. */
  apiBase: string;
  /**
   * Headers the app adds to a call, read when the call is made: the member's bearer token, the
   * staff session's CSRF header.
   */
  headers?: (endpoint: EndpointDef) => Record<string, string>;
  /**
   * The server answered 401 to an endpoint that needs a session: the session is gone (expired
   * token, idle time-out, logout elsewhere). Not called for a `public` endpoint, whose 401 (a
   * wrong password at a login step) refuses what was typed, not a session.
   */
  onUnauthorized?: (endpoint: EndpointDef) => void;
}

export interface CallOptions {
  signal?: AbortSignal;
}

export type ApiCall = <E extends EndpointDef>(
  endpoint: E,
  input: InputOf<E>,
  options?: CallOptions,
) => Promise<OutputOf<E>>;

const looseEnvelope = z.object({
  success: z.boolean(),
  data: z.unknown(),
  message: z.string().catch(''),
  field: z.string().optional().catch(undefined),
});

function retryAfterOf(response: Response): number | null {
  const value = Number(response.headers.get('retry-after'));
  return Number.isFinite(value) && value > 0 ? Math.ceil(value) : null;
}

/**
 * The app's `apiCall(Endpoint, input)`: the input is checked against the endpoint's schema
 * (a failure is a 400 naming its field, as the server's would be), sent as a query string
 * (GET) or JSON body with the app's headers and the page's cookies, and the envelope's data is
 * parsed with the endpoint's output schema. There is deliberately no time-out (spec section 7).
 */
export function createApiCall(adapter: TransportAdapter): ApiCall {
  return async function apiCall<E extends EndpointDef>(
    endpoint: E,
    input: InputOf<E>,
    options: CallOptions = {},
  ): Promise<OutputOf<E>> {
    const parsedInput = endpoint.input.safeParse(input);
    if (!parsedInput.success) {
      const issue = parsedInput.error.issues[0];
      throw new ApiError(400, issue ? formatIssue(issue, endpoint.input) : '请求参数有误', {
        field: issue?.path.map(String).join('.') || null,
      });
    }

    const headers: Record<string, string> = {
      Accept: 'application/json',
      ...adapter.headers?.(endpoint),
    };
    const hasBody = endpoint.method !== 'GET';
    if (hasBody) headers['Content-Type'] = 'application/json';

    let response: Response;
    try {
      response = await fetch(urlOf(endpoint, parsedInput.data, adapter.apiBase), {
        method: endpoint.method,
        headers,
        credentials: 'same-origin',
        body: hasBody ? JSON.stringify(parsedInput.data) : undefined,
        signal: options.signal,
      });
    } catch (error) {
      // A cancelled query is not a failure the user should hear about.
      if (error instanceof DOMException && error.name === 'AbortError') throw error;
      throw new ApiError(0, NETWORK_ERROR_MESSAGE);
    }

    if (response.status === 401 && endpoint.access !== 'public') adapter.onUnauthorized?.(endpoint);

    let body: unknown;
    try {
      body = await response.json();
    } catch {
      body = undefined;
    }
    const envelope = looseEnvelope.safeParse(body);
    if (!response.ok || !envelope.success || !envelope.data.success) {
      if (response.ok && !envelope.success)
        throw new ApiError(response.status, BAD_RESPONSE_MESSAGE);
      const refusal = envelope.success ? envelope.data : undefined;
      throw new ApiError(response.status, refusal?.message || fallbackMessage(response.status), {
        field: refusal?.field ?? null,
        retryAfterSeconds: retryAfterOf(response),
      });
    }
    const data = endpoint.output.safeParse(envelope.data.data);
    if (!data.success) throw new ApiError(response.status, BAD_RESPONSE_MESSAGE);
    return data.data as OutputOf<E>;
  };
}
