// Where a call goes. Nothing here loads zod or React: the quote page (its own light entry,
// decision 0031) builds its one URL with it too.
import type { EndpointDef } from '@pcb/contract';

/** What a URL needs of an endpoint. */
export type EndpointRoute = Pick<EndpointDef, 'module' | 'action' | 'method' | 'path'>;

/**
 * An endpoint's route without its schemas, for a page that cannot afford them: the names are
 * checked against the contract's definition (`routeOf<typeof PriceSheet.GetPublished>(
 * 'PriceSheet', 'GetPublished', 'GET')`), the path is the contract's `/api/{module}/{action}`.
 */
export function routeOf<E extends EndpointDef>(
  module: E['module'],
  action: E['action'],
  method: E['method'],
): EndpointRoute {
  return { module, action, method, path: `/api/${module}/${action}` };
}

/**
 * A GET input as a query string: an array is one repeated key per element (`ids=1&ids=2`, the
 * form the server's query parser reads back as an array), never `String(array)`'s `1,2`.
 * Absent values are left out, and so is an empty string: a filter not given, never a filter
 * on "" (which a number or date field on the server would refuse).
 */
export function toQueryString(input: object): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(input)) {
    const values: unknown[] = Array.isArray(value) ? value : [value];
    for (const item of values) {
      if (item !== undefined && item !== null && item !== '') params.append(key, String(item));
    }
  }
  return params.toString();
}

/**
 * `urlOf(MemberInvoice.Get, { id: 3 })`: the endpoint's path under `apiBase` ('' is the page's
 * own origin), with a GET's input as its query string; other methods send theirs as a body.
 */
export function urlOf(
  endpoint: Pick<EndpointDef, 'method' | 'path'>,
  input: unknown = {},
  apiBase = '',
): string {
  const url = `${apiBase}${endpoint.path}`;
  if (endpoint.method !== 'GET' || input === null || typeof input !== 'object') return url;
  const query = toQueryString(input);
  return query ? `${url}?${query}` : url;
}
