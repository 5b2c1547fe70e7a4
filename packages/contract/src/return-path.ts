// Where a login continues (`returnUrl`, `returnTo`): one rule for the web app and the console.

// eslint-disable-next-line no-control-regex -- matching control characters is the point
const CONTROL_OR_BACKSLASH = /[\u0000-\u001F\u007F-\u009F\\]/;

/**
 * A path of this site from a query parameter, or null when it could lead anywhere else, as
 * browsers read it: another origin or scheme, `//host`, a backslash (`/\host` is `//host`),
 * control characters (URL parsers drop tabs and newlines: `/\t/host` is `//host`), dot segments
 * (`/..//host` is `//host`), or a path that decodes to one of those (`/%2F%2Fhost`, `/%5Chost`).
 */
export function safeLocalPath(raw: string | null | undefined): string | null {
  if (!raw || !raw.startsWith('/') || CONTROL_OR_BACKSLASH.test(raw)) return null;
  const path = raw.split(/[?#]/, 1)[0] ?? '';
  let decoded: string;
  try {
    decoded = decodeURIComponent(path);
  } catch {
    return null;
  }
  const unsafe =
    decoded.includes('//') ||
    CONTROL_OR_BACKSLASH.test(decoded) ||
    decoded.split('/').some((segment) => segment === '.' || segment === '..');
  return unsafe ? null : raw;
}
