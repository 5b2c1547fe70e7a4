import { queryOptions } from '@tanstack/react-query';
import { api } from '@pcb/contract';
import { apiCall } from '../../lib/api-client';

export const captchaConfigQueryOptions = () =>
  queryOptions({
    queryKey: ['Captcha', 'GetConfig'],
    queryFn: ({ signal }) => apiCall(api.Captcha.GetConfig, {}, { signal }),
    // The provider changes only with a server deployment.
    staleTime: Infinity,
  });

/** A new challenge for every attempt: the server accepts each solution once. */
export function getAltchaChallenge(signal?: AbortSignal) {
  return apiCall(api.Captcha.GetChallenge, {}, { signal });
}
