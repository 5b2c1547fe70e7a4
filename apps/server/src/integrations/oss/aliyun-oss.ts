import { createHash, createHmac } from 'node:crypto';
import { ObjectStorageError, type ObjectStorage } from './object-storage';
import { createPostTicket } from './post-policy';

export interface AliyunOssConfig {
  accessKeyId: string;
  accessKeySecret: string;
  /** https://<bucket>.oss-<region>.aliyuncs.com */
  bucketHost: string;
  bucket: string;
}

/**
 * The header signature (V1) of an OSS request without x-oss headers (Content-MD5 and
 * Content-Type when it has a body):
 * https://help.aliyun.com/zh/oss/developer-reference/include-signatures-in-the-authorization-header
 */
export function signOssRequest(
  secret: string,
  request: {
    method: string;
    date: string;
    bucket: string;
    key: string;
    contentMd5?: string;
    contentType?: string;
  },
): string {
  const resource = `/${request.bucket}/${request.key}`;
  const stringToSign = `${request.method}\n${request.contentMd5 ?? ''}\n${request.contentType ?? ''}\n${request.date}\n${resource}`;
  return createHmac('sha1', secret).update(stringToSign).digest('base64');
}

export const objectUrl = (bucketHost: string, key: string) =>
  `${bucketHost}/${key.split('/').map(encodeURIComponent).join('/')}`;

/**
 * A GET URL signed in its query string (V1):
 * https://help.aliyun.com/zh/oss/developer-reference/add-signatures-to-urls
 */
export function signedObjectUrl(
  base: string,
  credentials: { accessKeyId: string; accessKeySecret: string },
  request: { bucket: string; key: string; expiresAt: Date },
): string {
  const expires = String(Math.floor(request.expiresAt.getTime() / 1000));
  const signature = signOssRequest(credentials.accessKeySecret, {
    method: 'GET',
    date: expires,
    bucket: request.bucket,
    key: request.key,
  });
  const query = new URLSearchParams({
    OSSAccessKeyId: credentials.accessKeyId,
    Expires: expires,
    Signature: signature,
  });
  return `${objectUrl(base, request.key)}?${query.toString()}`;
}

export function createAliyunOss(
  config: AliyunOssConfig,
  options: { now?: () => Date; timeoutMs?: number } = {},
): ObjectStorage {
  return {
    provider: 'aliyun',
    createPostTicket: (request) =>
      createPostTicket(config, { ...request, host: config.bucketHost }),
    signedGetUrl: (key, expiresAt) =>
      signedObjectUrl(config.bucketHost, config, { bucket: config.bucket, key, expiresAt }),

    /** HeadObject: 200 when the object is there, 404 when not. */
    async exists(key) {
      const date = (options.now?.() ?? new Date()).toUTCString();
      const signature = signOssRequest(config.accessKeySecret, {
        method: 'HEAD',
        date,
        bucket: config.bucket,
        key,
      });
      let response: Response;
      try {
        response = await fetch(objectUrl(config.bucketHost, key), {
          method: 'HEAD',
          headers: { date, authorization: `OSS ${config.accessKeyId}:${signature}` },
          signal: AbortSignal.timeout(options.timeoutMs ?? 5_000),
        });
      } catch (error) {
        throw new ObjectStorageError('OSS HeadObject failed', { cause: error });
      }
      if (response.status === 200) return true;
      if (response.status === 404) return false;
      const requestId = response.headers.get('x-oss-request-id') ?? '';
      throw new ObjectStorageError(`OSS HeadObject: HTTP ${response.status} ${requestId}`.trim());
    },

    /** PutObject, with Content-MD5 so OSS refuses a body damaged on the way. */
    async put(key, body, contentType) {
      const date = (options.now?.() ?? new Date()).toUTCString();
      const contentMd5 = createHash('md5').update(body).digest('base64');
      const signature = signOssRequest(config.accessKeySecret, {
        method: 'PUT',
        date,
        bucket: config.bucket,
        key,
        contentMd5,
        contentType,
      });
      let response: Response;
      try {
        response = await fetch(objectUrl(config.bucketHost, key), {
          method: 'PUT',
          headers: {
            date,
            'content-md5': contentMd5,
            'content-type': contentType,
            authorization: `OSS ${config.accessKeyId}:${signature}`,
          },
          body,
          signal: AbortSignal.timeout(options.timeoutMs ?? 15_000),
        });
      } catch (error) {
        throw new ObjectStorageError('OSS PutObject failed', { cause: error });
      }
      if (response.status !== 200) {
        const requestId = response.headers.get('x-oss-request-id') ?? '';
        throw new ObjectStorageError(`OSS PutObject: HTTP ${response.status} ${requestId}`.trim());
      }
    },
  };
}
