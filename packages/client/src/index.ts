// One typed client for both front ends (decision 0037). Each app creates its own in its
// `src/lib/api.ts`; the URL helpers alone are `@pcb/client/url`, the test mocks `@pcb/client/test`.
export { createClient, type ClientOptions } from './client';
export { createApiCall, type ApiCall, type CallOptions, type TransportAdapter } from './api-call';
export {
  ApiError,
  BAD_RESPONSE_MESSAGE,
  NETWORK_ERROR_MESSAGE,
  type ApiErrorDetails,
} from './api-error';
export {
  endpointKey,
  isStaffWrite,
  type EndpointMutationConfig,
  type EndpointQueryConfig,
  type UseEndpointQueryConfig,
} from './endpoint-query';
export { routeOf, toQueryString, urlOf, type EndpointRoute } from './url';
