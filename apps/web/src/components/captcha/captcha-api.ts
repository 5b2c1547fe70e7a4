import { Captcha } from '@pcb/contract/captcha';
import { apiCall, endpointQueryOptions } from '../../lib/api';

// The provider changes only with a server deployment.
export const captchaConfigQueryOptions = () =>
  endpointQueryOptions(Captcha.GetConfig, {}, { staleTime: Infinity });

/** A new challenge for every attempt: the server accepts each solution once. */
export function getAltchaChallenge(signal?: AbortSignal) {
  return apiCall(Captcha.GetChallenge, {}, { signal });
}
