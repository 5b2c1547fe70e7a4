export type GuidFormat = 'N' | 'D' | 'B' | 'P';

/**
 * A random identifier of 32 hexadecimal digits, written in one of the .NET formats the server
 * side knows: N (32 digits), D (8-4-4-4-12, the default), B ({D}) and P ((D)).
 */
export function newGuid(format: GuidFormat = 'D'): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  const hex = Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
  if (format === 'N') return hex;
  const d = [
    hex.slice(0, 8),
    hex.slice(8, 12),
    hex.slice(12, 16),
    hex.slice(16, 20),
    hex.slice(20),
  ].join('-');
  if (format === 'B') return `{${d}}`;
  if (format === 'P') return `(${d})`;
  return d;
}
