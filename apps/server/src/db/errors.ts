/** PostgreSQL's unique_violation, also when Drizzle wraps the driver's error. */
export function isUniqueViolation(error: unknown): boolean {
  for (let e: unknown = error, depth = 0; e && depth < 3; depth++) {
    if (typeof e === 'object' && 'code' in e && (e as { code: unknown }).code === '23505') {
      return true;
    }
    e = typeof e === 'object' && 'cause' in e ? (e as { cause: unknown }).cause : undefined;
  }
  return false;
}
