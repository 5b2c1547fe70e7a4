import { z } from 'zod';
import { regionSchema } from '@pcb/contract/city-class';
import type { Receiver } from '@pcb/contract/member-receiver';
import { paths } from '../../lib/paths';

/**
 * What `editAddress/{data}` carries (spec section 2: the route parameter carries the address):
 * `new` for a new address, else the address as the list showed it, as JSON in base64url (one
 * path segment whatever the address holds: slashes, #, %). The mobile is left
 * out, since URLs end up in history and logs; the page fills it in from `Get?id=`, whose answer
 * also replaces anything in the route that is out of date.
 */
export const NEW_ADDRESS = 'new';

const routeAddressSchema = z.object({
  id: z.number().int().positive(),
  receiverName: z.string().max(30),
  region: regionSchema,
  address: z.string().max(120),
  postcode: z.string().nullable(),
  company: z.string().nullable(),
  isDefault: z.boolean(),
});
export type RouteAddress = z.infer<typeof routeAddressSchema>;

/** The path of the edit screen for this address, or for a new one. */
export function editAddressPath(receiver?: Receiver): string {
  if (!receiver) return paths.editAddress.replace(':data', NEW_ADDRESS);
  const data: RouteAddress = {
    id: receiver.id,
    receiverName: receiver.receiverName,
    region: receiver.region,
    address: receiver.address,
    postcode: receiver.postcode,
    company: receiver.company,
    isDefault: receiver.isDefault,
  };
  return paths.editAddress.replace(':data', toBase64Url(JSON.stringify(data)));
}

/** `new`, the address the route carries, or null when it carries nothing usable. */
export function readAddressRoute(
  data: string | undefined,
): typeof NEW_ADDRESS | RouteAddress | null {
  if (data === NEW_ADDRESS) return NEW_ADDRESS;
  if (!data) return null;
  try {
    const parsed = routeAddressSchema.safeParse(JSON.parse(fromBase64Url(data)));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

function toBase64Url(text: string): string {
  let binary = '';
  for (const byte of new TextEncoder().encode(text)) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

/** Throws on text that is not base64url of UTF-8. */
function fromBase64Url(data: string): string {
  const binary = atob(data.replace(/-/g, '+').replace(/_/g, '/'));
  const bytes = Uint8Array.from(binary, (c) => c.charCodeAt(0));
  return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
}
