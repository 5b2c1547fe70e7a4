import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { link, mkdir, readFile, rename, stat, unlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { Clock } from '../../lib/clock';
import { signedObjectUrl, signOssRequest } from './aliyun-oss';
import { isSafeKey, type ObjectStorage } from './object-storage';
import { checkPostObject, createPostTicket, type PostCredentials } from './post-policy';

/** Where the browser posts files while the sandbox plays the bucket (same origin). */
export const SANDBOX_OSS_PATH = '/sandbox/oss';
export const SANDBOX_OSS_ACCESS_KEY_ID = 'sandbox-oss-access-key';
const SANDBOX_BUCKET = 'sandbox';

export interface SandboxOssOptions {
  credentials: PostCredentials;
  /** Objects are stored under this folder by key (DATA_DIR/objects). */
  objectsDir: string;
}

const objectPath = (objectsDir: string, key: string) => path.join(objectsDir, ...key.split('/'));

/** The embedded stand-in for OSS: same tickets, files on disk, never publicly readable. */
export function createSandboxOss(options: SandboxOssOptions): ObjectStorage {
  return {
    provider: 'sandbox',
    createPostTicket: (request) =>
      createPostTicket(options.credentials, { ...request, host: SANDBOX_OSS_PATH }),
    signedGetUrl: (key, expiresAt) =>
      signedObjectUrl(SANDBOX_OSS_PATH, options.credentials, {
        bucket: SANDBOX_BUCKET,
        key,
        expiresAt,
      }),
    async exists(key) {
      if (!isSafeKey(key)) return false;
      try {
        return (await stat(objectPath(options.objectsDir, key))).isFile();
      } catch {
        return false;
      }
    },
    async put(key, body) {
      if (!isSafeKey(key)) throw new Error(`sandbox OSS: unsafe key ${key}`);
      const target = objectPath(options.objectsDir, key);
      await mkdir(path.dirname(target), { recursive: true });
      // Written aside and renamed: a reader never sees half a file.
      const partial = `${target}.${randomBytes(8).toString('hex')}.part`;
      await writeFile(partial, body);
      await rename(partial, target);
    },
  };
}

const xmlEscape = (text: string) => text.replace(/[<>&"']/g, (c) => `&#${c.charCodeAt(0)};`);

function sendOssError(
  reply: FastifyReply,
  status: number,
  code: string,
  message: string,
  requestId: string,
) {
  return reply
    .code(status)
    .header('content-type', 'application/xml')
    .header('x-oss-request-id', requestId)
    .send(
      `<?xml version="1.0" encoding="UTF-8"?>\n<Error>\n  <Code>${code}</Code>\n  <Message>${xmlEscape(message)}</Message>\n  <RequestId>${requestId}</RequestId>\n  <HostId>sandbox-oss</HostId>\n</Error>\n`,
    );
}

/**
 * `POST /sandbox/oss`: a PostObject as OSS takes it (multipart form, the file last), checked
 * as OSS checks it, answered as OSS answers (success_action_status 200 → empty 200).
 */
export async function registerOssSandbox(
  app: FastifyInstance,
  options: SandboxOssOptions & { now: Clock; maxBodyBytes: number },
): Promise<void> {
  await app.register(async (scope) => {
    // GetObject with a URL signature, as OSS checks it: key id, expiry, then the signature.
    scope.get<{ Params: { '*': string }; Querystring: Record<string, string | undefined> }>(
      `${SANDBOX_OSS_PATH}/*`,
      { schema: { hide: true } },
      async (request, reply) => {
        reply.header('cache-control', 'no-store');
        const requestId = randomBytes(12).toString('hex').toUpperCase();
        const key = request.params['*'];
        const { OSSAccessKeyId: keyId, Expires: expires, Signature: signature } = request.query;
        const noSuchKey = () =>
          sendOssError(reply, 404, 'NoSuchKey', 'The specified key does not exist.', requestId);
        // Unsigned, the objects do not exist for the caller (the sandbox is never public).
        if (!keyId && !expires && !signature) {
          return noSuchKey();
        }
        if (keyId !== options.credentials.accessKeyId || !expires || !signature) {
          return sendOssError(reply, 403, 'AccessDenied', 'Access denied.', requestId);
        }
        if (!/^\d{1,12}$/.test(expires) || Number(expires) * 1000 < options.now().getTime()) {
          return sendOssError(reply, 403, 'AccessDenied', 'Request has expired.', requestId);
        }
        const expected = Buffer.from(
          signOssRequest(options.credentials.accessKeySecret, {
            method: 'GET',
            date: expires,
            bucket: SANDBOX_BUCKET,
            key,
          }),
        );
        const given = Buffer.from(signature);
        if (expected.length !== given.length || !timingSafeEqual(expected, given)) {
          return sendOssError(
            reply,
            403,
            'SignatureDoesNotMatch',
            'The request signature we calculated does not match the signature you provided.',
            requestId,
          );
        }
        if (!isSafeKey(key)) {
          return noSuchKey();
        }
        try {
          const content = await readFile(objectPath(options.objectsDir, key));
          return reply
            .header('content-type', 'application/octet-stream')
            .header('x-oss-request-id', requestId)
            .send(content);
        } catch {
          return noSuchKey();
        }
      },
    );
    scope.addContentTypeParser(
      'multipart/form-data',
      { parseAs: 'buffer', bodyLimit: options.maxBodyBytes },
      (_request, body, done) => done(null, body),
    );
    scope.post(
      SANDBOX_OSS_PATH,
      { bodyLimit: options.maxBodyBytes, schema: { hide: true } },
      async (request, reply) => {
        reply.header('cache-control', 'no-store');
        const requestId = randomBytes(12).toString('hex').toUpperCase();
        const contentType = request.headers['content-type'] ?? '';
        if (!Buffer.isBuffer(request.body) || !contentType.startsWith('multipart/form-data')) {
          return sendOssError(
            reply,
            400,
            'InvalidArgument',
            'Expected multipart/form-data.',
            requestId,
          );
        }
        let form: FormData;
        try {
          form = await new Response(request.body, {
            headers: { 'content-type': contentType },
          }).formData();
        } catch {
          return sendOssError(
            reply,
            400,
            'InvalidArgument',
            'The body of your POST request is not well-formed multipart/form-data.',
            requestId,
          );
        }
        const fields = new Map<string, string>();
        let file: Blob | null = null;
        for (const [name, value] of form) {
          if (name === 'file' && typeof value !== 'string') file = value;
          else if (typeof value === 'string') fields.set(name.toLowerCase(), value);
        }
        if (!file) {
          return sendOssError(
            reply,
            400,
            'InvalidArgument',
            'The file field is required.',
            requestId,
          );
        }
        const check = checkPostObject({
          fields,
          fileSize: file.size,
          credentials: options.credentials,
          now: options.now(),
        });
        if (!('ok' in check)) {
          return sendOssError(reply, check.status, check.code, check.message, requestId);
        }
        if (!isSafeKey(check.key)) {
          return sendOssError(
            reply,
            400,
            'InvalidObjectName',
            'The specified object is not valid.',
            requestId,
          );
        }
        const content = Buffer.from(await file.arrayBuffer());
        const target = objectPath(options.objectsDir, check.key);
        await mkdir(path.dirname(target), { recursive: true });
        const partial = `${target}.${requestId}.part`;
        await writeFile(partial, content);
        if (check.forbidOverwrite) {
          // As OSS: the first upload to the key stays; a link fails atomically when the key
          // exists, so of parallel uploads exactly one lands.
          try {
            await link(partial, target);
          } catch (error) {
            if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
            return sendOssError(
              reply,
              409,
              'FileAlreadyExists',
              'The object you specified already exists and can not be overwritten.',
              requestId,
            );
          } finally {
            await unlink(partial);
          }
        } else {
          await rename(partial, target);
        }
        reply
          .header('etag', `"${createHash('md5').update(content).digest('hex').toUpperCase()}"`)
          .header('x-oss-request-id', requestId);
        if (check.successStatus === '200') return reply.code(200).send('');
        if (check.successStatus === '201') {
          return reply
            .code(201)
            .header('content-type', 'application/xml')
            .send(
              `<?xml version="1.0" encoding="UTF-8"?>\n<PostResponse>\n  <Key>${xmlEscape(check.key)}</Key>\n</PostResponse>\n`,
            );
        }
        return reply.code(204).send();
      },
    );
  });
}
