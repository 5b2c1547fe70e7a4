import { createHmac, timingSafeEqual } from 'node:crypto';
import type { UploadTicket } from '@pcb/contract';

/**
 * OSS PostObject (form upload) with a V1 policy signature:
 * https://help.aliyun.com/zh/oss/developer-reference/postobject
 * The server signs a policy naming the exact key, the size range, the status and
 * `x-oss-forbid-overwrite: true`; the browser posts the file straight to the bucket with it.
 * The key is therefore written once: an order placed with it keeps the file it was placed with
 * (decision 0034; OSS ignores the field on a bucket with versioning, which ours must not have).
 */

/** The form field (and its value) the policy requires: the object is never overwritten. */
export const FORBID_OVERWRITE_FIELD = 'x-oss-forbid-overwrite';

export interface PostCredentials {
  accessKeyId: string;
  accessKeySecret: string;
}

export const signPolicy = (policy: string, accessKeySecret: string): string =>
  createHmac('sha1', accessKeySecret).update(policy).digest('base64');

export function createPostTicket(
  credentials: PostCredentials,
  request: {
    host: string;
    dir: string;
    filename: string;
    fileExt: string;
    maxBytes: number;
    expiresAt: Date;
  },
): UploadTicket {
  const key = `${request.dir}${request.filename}${request.fileExt}`;
  const policy = Buffer.from(
    JSON.stringify({
      expiration: request.expiresAt.toISOString(),
      conditions: [
        ['eq', '$key', key],
        ['content-length-range', 1, request.maxBytes],
        ['eq', '$success_action_status', '200'],
        ['eq', `$${FORBID_OVERWRITE_FIELD}`, 'true'],
      ],
    }),
  ).toString('base64');
  return {
    dir: request.dir,
    filename: request.filename,
    fileExt: request.fileExt,
    accessid: credentials.accessKeyId,
    policy,
    signature: signPolicy(policy, credentials.accessKeySecret),
    host: request.host,
  };
}

export interface PostRefusal {
  status: 400 | 403;
  code: string;
  message: string;
}

export type PostCheck =
  { ok: true; key: string; successStatus: string; forbidOverwrite: boolean } | PostRefusal;

const refuse = (status: 400 | 403, code: string, message: string): PostRefusal => ({
  status,
  code,
  message,
});

const policyFailed = (condition: unknown) =>
  refuse(
    403,
    'AccessDenied',
    `Invalid according to Policy: Policy Condition failed: ${JSON.stringify(condition)}`,
  );

/**
 * Checks a form post as OSS does: the access key, the policy signature, the expiry and every
 * condition of the policy against the form fields (names compared without case) and the file
 * size. `fields` holds every form field except the file.
 */
export function checkPostObject(input: {
  fields: Map<string, string>;
  fileSize: number;
  credentials: PostCredentials;
  now: Date;
}): PostCheck {
  const field = (name: string) => input.fields.get(name.toLowerCase());
  const key = field('key');
  const accessKeyId = field('OSSAccessKeyId');
  if (!accessKeyId) {
    return refuse(
      403,
      'AccessDenied',
      'You have no right to access this object because of bucket acl.',
    );
  }
  const policy = field('policy');
  const signature = field('Signature');
  if (!policy || !signature) {
    return refuse(400, 'InvalidArgument', 'Policy and Signature are required with OSSAccessKeyId.');
  }
  if (accessKeyId !== input.credentials.accessKeyId) {
    return refuse(
      403,
      'InvalidAccessKeyId',
      'The OSS Access Key Id you provided does not exist in our records.',
    );
  }
  const expected = Buffer.from(signPolicy(policy, input.credentials.accessKeySecret));
  const given = Buffer.from(signature);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) {
    return refuse(
      403,
      'SignatureDoesNotMatch',
      'The request signature we calculated does not match the signature you provided.',
    );
  }

  let document: { expiration?: unknown; conditions?: unknown };
  try {
    document = JSON.parse(Buffer.from(policy, 'base64').toString('utf8')) as typeof document;
  } catch {
    return refuse(400, 'InvalidPolicyDocument', 'Invalid Policy: Invalid JSON.');
  }
  const expiration =
    typeof document.expiration === 'string' ? Date.parse(document.expiration) : Number.NaN;
  if (Number.isNaN(expiration)) {
    return refuse(400, 'InvalidPolicyDocument', 'Invalid Policy: Invalid expiration.');
  }
  if (expiration <= input.now.getTime()) {
    return refuse(403, 'AccessDenied', 'Invalid according to Policy: Policy expired.');
  }
  if (!Array.isArray(document.conditions)) {
    return refuse(400, 'InvalidPolicyDocument', 'Invalid Policy: Invalid conditions.');
  }
  for (const condition of document.conditions as unknown[]) {
    const refusal = checkCondition(condition, field, input.fileSize);
    if (refusal) return refusal;
  }
  if (!key) return refuse(400, 'InvalidArgument', 'The key field is required.');
  const forbidOverwrite = field(FORBID_OVERWRITE_FIELD);
  if (forbidOverwrite !== undefined && forbidOverwrite !== 'true' && forbidOverwrite !== 'false') {
    return refuse(
      400,
      'InvalidArgument',
      'The x-oss-forbid-overwrite field must be true or false.',
    );
  }
  return {
    ok: true,
    key,
    successStatus: field('success_action_status') ?? '',
    forbidOverwrite: forbidOverwrite === 'true',
  };
}

function checkCondition(
  condition: unknown,
  field: (name: string) => string | undefined,
  fileSize: number,
): PostRefusal | null {
  const valueOf = (name: unknown) =>
    typeof name === 'string' && name.startsWith('$') ? (field(name.slice(1)) ?? '') : null;

  if (condition && typeof condition === 'object' && !Array.isArray(condition)) {
    // {"key": "value"} is an exact match, as ["eq", "$key", "value"].
    for (const [name, expected] of Object.entries(condition)) {
      if (field(name) !== expected) return policyFailed(condition);
    }
    return null;
  }
  if (!Array.isArray(condition) || condition.length !== 3) {
    return refuse(400, 'InvalidPolicyDocument', 'Invalid Policy: Invalid condition.');
  }
  const [op, name, expected] = condition as [unknown, unknown, unknown];
  if (typeof op === 'string' && op.toLowerCase() === 'content-length-range') {
    const [min, max] = [Number(name), Number(expected)];
    if (!Number.isInteger(min) || !Number.isInteger(max) || min < 0 || max < min) {
      return refuse(400, 'InvalidPolicyDocument', 'Invalid Policy: Invalid content-length-range.');
    }
    if (fileSize > max) {
      return refuse(
        400,
        'EntityTooLarge',
        'Your proposed upload exceeds the maximum allowed size.',
      );
    }
    if (fileSize < min) {
      return refuse(
        400,
        'EntityTooSmall',
        'Your proposed upload is smaller than the minimum allowed size.',
      );
    }
    return null;
  }
  const actual = valueOf(name);
  if (actual === null) {
    return refuse(400, 'InvalidPolicyDocument', 'Invalid Policy: Invalid condition.');
  }
  const matches =
    op === 'eq'
      ? actual === expected
      : op === 'starts-with'
        ? typeof expected === 'string' && actual.startsWith(expected)
        : op === 'in'
          ? Array.isArray(expected) && expected.includes(actual)
          : op === 'not-in'
            ? Array.isArray(expected) && !expected.includes(actual)
            : null;
  if (matches === null) {
    return refuse(400, 'InvalidPolicyDocument', 'Invalid Policy: Invalid condition.');
  }
  return matches ? null : policyFailed(condition);
}
