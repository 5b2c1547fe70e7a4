// Reading the access token's expiry, without the session machinery (auth-session.ts, which
// brings the query client): the quote page's own entry asks whether a member is logged in.
/** The JWT payload, decoded without verification (the server verifies); null if malformed. */
export function decodeJwtPayload(token: string): Record<string, unknown> | null {
  const part = token.split('.')[1];
  if (!part) return null;
  try {
    const base64 = part.replace(/-/g, '+').replace(/_/g, '/');
    const padded = base64 + '='.repeat((4 - (base64.length % 4)) % 4);
    const bytes = Uint8Array.from(atob(padded), (c) => c.charCodeAt(0));
    const payload: unknown = JSON.parse(new TextDecoder().decode(bytes));
    return payload !== null && typeof payload === 'object' && !Array.isArray(payload)
      ? (payload as Record<string, unknown>)
      : null;
  } catch {
    return null;
  }
}

/** Spec section 4: a token exists, is non-empty, and exp × 1000 is not earlier than now. */
export function isTokenValid(token: string | null, now: number = Date.now()): boolean {
  if (!token) return false;
  const exp = decodeJwtPayload(token)?.exp;
  return typeof exp === 'number' && Number.isFinite(exp) && exp * 1000 >= now;
}
