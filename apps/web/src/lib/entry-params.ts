import { setBdVid, setBusinessCode, setReturnUrl, setSessionFrom } from './storage';

/**
 * Copies the entry query parameters of spec section 2 into session storage, once at start.
 * A parameter that is absent or empty leaves what the session already holds, so moving
 * between pages of the same visit keeps the original attribution.
 */
export function captureEntryParams(search: string): void {
  const params = new URLSearchParams(search);
  const value = (name: string) => {
    const v = params.get(name)?.trim();
    return v ? v : null;
  };
  const from = value('from');
  if (from !== null) setSessionFrom(from);
  const code = value('code');
  if (code !== null) setBusinessCode(code);
  const returnUrl = value('returnurl');
  if (returnUrl !== null) setReturnUrl(returnUrl);
  const bdVid = value('bd_vid');
  if (bdVid !== null) setBdVid(bdVid);
}
