import {
  createCipheriv,
  createDecipheriv,
  createPrivateKey,
  createPublicKey,
  createSign,
  createVerify,
  randomBytes,
  X509Certificate,
  type KeyObject,
} from 'node:crypto';

/**
 * WeChat Pay API v3's cryptography, with node:crypto only (decision 0053):
 * - requests carry `Authorization: WECHATPAY2-SHA256-RSA2048 mchid=…,nonce_str=…,timestamp=…,
 *   serial_no=…,signature=…`, the signature SHA256-with-RSA (PKCS#1 v1.5) over
 *   "METHOD\nURL\ntimestamp\nnonce\nbody\n" with the merchant's private key;
 * - answers and notifies carry Wechatpay-Timestamp/-Nonce/-Signature/-Serial, the signature over
 *   "timestamp\nnonce\nbody\n" with WeChat Pay's key (platform certificate or public key);
 * - the JSAPI / mini-program paySign is over "appId\ntimeStamp\nnonceStr\npackage\n";
 * - notify resources are AEAD_AES_256_GCM with the APIv3 key, the 16-byte tag at the end.
 * https://pay.weixin.qq.com/wiki/doc/apiv3/wechatpay/wechatpay4_0.shtml (signature generation)
 */

export const AUTH_SCHEMA = 'WECHATPAY2-SHA256-RSA2048';
/** Answers and notifies older (or newer) than this are refused, as WeChat's SDKs do. */
export const MAX_CLOCK_SKEW_SECONDS = 5 * 60;
const GCM_TAG_BYTES = 16;

/** The five-line string a request signature covers; the URL is path + query, no host. */
export const requestSignatureMessage = (
  method: string,
  pathAndQuery: string,
  timestamp: string,
  nonce: string,
  body: string,
): string => `${method}\n${pathAndQuery}\n${timestamp}\n${nonce}\n${body}\n`;

/** The three-line string an answer's or a notify's signature covers. */
export const answerSignatureMessage = (timestamp: string, nonce: string, body: string): string =>
  `${timestamp}\n${nonce}\n${body}\n`;

/** The four-line string of the JSAPI / mini-program paySign. */
export const paySignMessage = (
  appId: string,
  timeStamp: string,
  nonceStr: string,
  pkg: string,
): string => `${appId}\n${timeStamp}\n${nonceStr}\n${pkg}\n`;

export const signSha256Rsa = (message: string, privateKey: KeyObject): string =>
  createSign('RSA-SHA256').update(message, 'utf8').sign(privateKey, 'base64');

export function verifySha256Rsa(message: string, signature: string, publicKey: KeyObject): boolean {
  if (!/^[A-Za-z0-9+/]+={0,2}$/.test(signature)) return false;
  try {
    return createVerify('RSA-SHA256')
      .update(message, 'utf8')
      .verify(publicKey, Buffer.from(signature, 'base64'));
  } catch {
    return false;
  }
}

/** A 32-character nonce of [0-9A-Z], like the documented examples. */
export const createNonce = (): string => randomBytes(16).toString('hex').toUpperCase();

export interface AuthorizationParts {
  mchid: string;
  nonce_str: string;
  timestamp: string;
  serial_no: string;
  signature: string;
}

export const formatAuthorization = (parts: AuthorizationParts): string =>
  `${AUTH_SCHEMA} mchid="${parts.mchid}",nonce_str="${parts.nonce_str}",` +
  `timestamp="${parts.timestamp}",serial_no="${parts.serial_no}",signature="${parts.signature}"`;

/** The five fields of an Authorization header in any order, or null when it is not one. */
export function parseAuthorization(header: string | undefined): AuthorizationParts | null {
  if (!header?.startsWith(`${AUTH_SCHEMA} `)) return null;
  const fields = new Map<string, string>();
  for (const match of header.slice(AUTH_SCHEMA.length + 1).matchAll(/(\w+)="([^"]*)"/g)) {
    fields.set(match[1] ?? '', match[2] ?? '');
  }
  const get = (name: keyof AuthorizationParts) => fields.get(name);
  const parts = {
    mchid: get('mchid'),
    nonce_str: get('nonce_str'),
    timestamp: get('timestamp'),
    serial_no: get('serial_no'),
    signature: get('signature'),
  };
  return Object.values(parts).every((v) => v !== undefined && v !== '')
    ? (parts as AuthorizationParts)
    : null;
}

export interface EncryptedResource {
  algorithm: string;
  ciphertext: string;
  associated_data?: string | undefined;
  nonce: string;
}

export class ResourceDecryptError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ResourceDecryptError';
  }
}

/**
 * Decrypts an AEAD_AES_256_GCM resource (notify, downloaded certificate): nonce and associated
 * data as UTF-8 strings, ciphertext base64 with the tag appended. The cipher follows the key's
 * length so the SDKs' published vectors can be checked; the provider insists on 32 bytes.
 */
export function decryptResource(key: Buffer, resource: EncryptedResource): string {
  if (resource.algorithm !== 'AEAD_AES_256_GCM') {
    throw new ResourceDecryptError(`unknown algorithm ${resource.algorithm}`);
  }
  if (![16, 24, 32].includes(key.length)) throw new ResourceDecryptError('bad key length');
  const sealed = Buffer.from(resource.ciphertext, 'base64');
  if (sealed.length <= GCM_TAG_BYTES) throw new ResourceDecryptError('ciphertext too short');
  try {
    const decipher = createDecipheriv(
      `aes-${key.length * 8}-gcm` as 'aes-256-gcm',
      key,
      Buffer.from(resource.nonce, 'utf8'),
      { authTagLength: GCM_TAG_BYTES },
    );
    decipher.setAAD(Buffer.from(resource.associated_data ?? '', 'utf8'));
    decipher.setAuthTag(sealed.subarray(sealed.length - GCM_TAG_BYTES));
    return Buffer.concat([
      decipher.update(sealed.subarray(0, sealed.length - GCM_TAG_BYTES)),
      decipher.final(),
    ]).toString('utf8');
  } catch {
    throw new ResourceDecryptError('the resource does not decrypt with this key');
  }
}

/** The sandbox's side of `decryptResource`: a 12-character nonce of its own each time. */
export function encryptResource(
  key: Buffer,
  plaintext: string,
  associatedData: string,
  nonce = randomBytes(9).toString('base64url'),
): EncryptedResource {
  const cipher = createCipheriv('aes-256-gcm', key, Buffer.from(nonce, 'utf8'), {
    authTagLength: GCM_TAG_BYTES,
  });
  cipher.setAAD(Buffer.from(associatedData, 'utf8'));
  const body = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
  return {
    algorithm: 'AEAD_AES_256_GCM',
    ciphertext: Buffer.concat([body, cipher.getAuthTag()]).toString('base64'),
    associated_data: associatedData,
    nonce,
  };
}

/** A certificate's serial as WeChat writes it (upper-case hex, no leading zeros). */
export const certificateSerial = (pem: string): string =>
  new X509Certificate(pem).serialNumber.replace(/^0+(?=.)/, '').toUpperCase();

export const privateKeyFrom = (pem: string): KeyObject => createPrivateKey(pem);

/** A public key from a PEM public key or from a certificate. */
export const publicKeyFrom = (pem: string): KeyObject =>
  pem.includes('BEGIN CERTIFICATE') ? new X509Certificate(pem).publicKey : createPublicKey(pem);

/** Whether a Wechatpay-Timestamp (seconds) is within the allowed skew of now. */
export function isFreshTimestamp(timestamp: string | undefined, now: Date): boolean {
  if (!timestamp || !/^\d{1,12}$/.test(timestamp)) return false;
  return Math.abs(now.getTime() / 1000 - Number(timestamp)) <= MAX_CLOCK_SKEW_SECONDS;
}
