import {
  createPrivateKey,
  createPublicKey,
  createSign,
  createVerify,
  type KeyObject,
} from 'node:crypto';

/**
 * Alipay's open-platform signatures (OpenAPI v2, "RSA2" = SHA256withRSA, PKCS#1 v1.5, base64),
 * as its documentation and its own SDKs define them:
 * - a request is signed over its parameters sorted by name, `sign` and empty values left out,
 *   joined as `k=v&k=v` with the raw (not URL-encoded) values;
 * - a notify is verified the same way over its URL-decoded form fields, `sign` and `sign_type`
 *   left out;
 * - an answer is signed over the exact text of its `<method>_response` (or `error_response`)
 *   JSON object, as it appears in the body.
 */

export type AlipayParams = Readonly<Record<string, string>>;

const PEM = /-----BEGIN [A-Z ]+-----/;

/**
 * The merchant's private key: PEM (PKCS#1 or PKCS#8), or the bare base64 that Alipay's key tool
 * prints (PKCS#8 for Java, PKCS#1 otherwise).
 */
export function loadPrivateKey(text: string): KeyObject {
  const trimmed = text.trim();
  if (PEM.test(trimmed)) return createPrivateKey(trimmed);
  const der = Buffer.from(trimmed.replace(/\s+/g, ''), 'base64');
  try {
    return createPrivateKey({ key: der, format: 'der', type: 'pkcs8' });
  } catch {
    return createPrivateKey({ key: der, format: 'der', type: 'pkcs1' });
  }
}

/** Alipay's public key: PEM, or the bare base64 (X.509 SubjectPublicKeyInfo) the console shows. */
export function loadPublicKey(text: string): KeyObject {
  const trimmed = text.trim();
  if (PEM.test(trimmed)) return createPublicKey(trimmed);
  return createPublicKey({
    key: Buffer.from(trimmed.replace(/\s+/g, ''), 'base64'),
    format: 'der',
    type: 'spki',
  });
}

function sortedContent(params: AlipayParams, skip: (key: string, value: string) => boolean) {
  return Object.keys(params)
    .filter((key) => !skip(key, params[key] ?? ''))
    .sort()
    .map((key) => `${key}=${params[key]}`)
    .join('&');
}

/** What a request's `sign` covers. */
export const requestSignContent = (params: AlipayParams) =>
  sortedContent(params, (key, value) => key === 'sign' || value === '');

/** What an asynchronous notify's `sign` covers. */
export const notifySignContent = (params: AlipayParams) =>
  sortedContent(params, (key) => key === 'sign' || key === 'sign_type');

export function signRsa2(content: string, privateKey: KeyObject): string {
  return createSign('RSA-SHA256').update(content, 'utf8').sign(privateKey, 'base64');
}

export function verifyRsa2(content: string, signature: string, publicKey: KeyObject): boolean {
  if (!/^[A-Za-z0-9+/]+={0,2}$/.test(signature)) return false;
  try {
    return createVerify('RSA-SHA256')
      .update(content, 'utf8')
      .verify(publicKey, signature, 'base64');
  } catch {
    return false;
  }
}

/** The parameters with their `sign` added. */
export function signRequest(params: AlipayParams, privateKey: KeyObject): Record<string, string> {
  return { ...params, sign: signRsa2(requestSignContent(params), privateKey) };
}

/**
 * An `application/x-www-form-urlencoded` body as Alipay sends it, URL-decoded once; null when a
 * name comes twice (which copy was signed would be ambiguous) or the body is not such a form.
 */
export function parseForm(body: string): Record<string, string> | null {
  const fields: Record<string, string> = {};
  let form: URLSearchParams;
  try {
    form = new URLSearchParams(body);
  } catch {
    return null;
  }
  for (const [name, value] of form) {
    if (Object.hasOwn(fields, name)) return null;
    fields[name] = value;
  }
  return fields;
}

/**
 * The top-level members of a JSON object as the exact text each value has in `json` (the
 * signed bytes, whatever escaping the sender chose); null when `json` is not one well-formed
 * object or names a member twice.
 */
export function rawJsonMembers(json: string): Map<string, string> | null {
  try {
    const parsed: unknown = JSON.parse(json);
    if (parsed === null || typeof parsed !== 'object' || Array.isArray(parsed)) return null;
  } catch {
    return null;
  }
  const members = new Map<string, string>();
  let i = skipSpace(json, 0);
  if (json[i] !== '{') return null;
  i = skipSpace(json, i + 1);
  if (json[i] === '}') return members;
  for (;;) {
    const keyEnd = endOfString(json, i);
    const key = JSON.parse(json.slice(i, keyEnd)) as string;
    i = skipSpace(json, keyEnd);
    i = skipSpace(json, i + 1); // past ':'
    const valueEnd = endOfValue(json, i);
    if (members.has(key)) return null;
    members.set(key, json.slice(i, valueEnd));
    i = skipSpace(json, valueEnd);
    if (json[i] === '}') return members;
    i = skipSpace(json, i + 1); // past ','
  }
}

const skipSpace = (text: string, from: number) => {
  let i = from;
  while (i < text.length && ' \t\r\n'.includes(text[i] as string)) i++;
  return i;
};

/** `text[from]` is a quote: the index after the closing quote. */
function endOfString(text: string, from: number): number {
  let i = from + 1;
  while (i < text.length) {
    if (text[i] === '\\') i += 2;
    else if (text[i] === '"') return i + 1;
    else i++;
  }
  return i;
}

function endOfValue(text: string, from: number): number {
  const first = text[from];
  if (first === '"') return endOfString(text, from);
  if (first === '{' || first === '[') {
    let depth = 0;
    let i = from;
    while (i < text.length) {
      const c = text[i];
      if (c === '"') {
        i = endOfString(text, i);
        continue;
      }
      if (c === '{' || c === '[') depth++;
      else if (c === '}' || c === ']') {
        depth--;
        if (depth === 0) return i + 1;
      }
      i++;
    }
    return i;
  }
  let i = from;
  while (i < text.length && !',}] \t\r\n'.includes(text[i] as string)) i++;
  return i;
}
