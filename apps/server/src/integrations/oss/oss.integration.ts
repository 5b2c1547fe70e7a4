import path from 'node:path';
import { z } from 'zod';
import { missing, missingInProduction, text, url, withoutTrailingSlash } from '../../lib/settings';
import { integration, type IntegrationContext } from '../integration';
import { createAliyunOss } from './aliyun-oss';
import type { ObjectStorage } from './object-storage';
import { createSandboxOss, registerOssSandbox, SANDBOX_OSS_ACCESS_KEY_ID } from './sandbox-oss';

/** Without OSS keys our own server plays the bucket (the sandbox); production refuses that. */
export type OssConfig =
  | { provider: 'sandbox' }
  | {
      provider: 'aliyun';
      accessKeyId: string;
      accessKeySecret: string;
      /** https://<bucket>.oss-<region>.aliyuncs.com, where the browser posts files. */
      bucketHost: string;
      bucket: string;
    };

/** Where the sandbox keeps what it is sent, and the key it signs with. */
const sandboxOf = ({ dataDir, deriveKey }: Pick<IntegrationContext, 'dataDir' | 'deriveKey'>) => ({
  credentials: {
    accessKeyId: SANDBOX_OSS_ACCESS_KEY_ID,
    accessKeySecret: Buffer.from(deriveKey('oss-sandbox-secret')).toString('base64'),
  },
  objectsDir: path.join(dataDir, 'objects'),
});

/**
 * The object storage the settings select (also for the demo seed, which runs before the app):
 * Aliyun OSS, or the sandbox's files under DATA_DIR/objects.
 */
export const objectStorageFor = (
  settings: OssConfig,
  context: Pick<IntegrationContext, 'dataDir' | 'deriveKey'>,
): ObjectStorage =>
  settings.provider === 'aliyun' ? createAliyunOss(settings) : createSandboxOss(sandboxOf(context));

/**
 * Object storage for members' files: Aliyun OSS (the browser posts straight to the bucket), or
 * the sandbox that plays OSS over the same protocol at /sandbox/oss.
 */
export const ossIntegration = integration({
  env: z.object({
    OSS_ACCESS_KEY_ID: text(),
    OSS_ACCESS_KEY_SECRET: text(),
    OSS_BUCKET_HOST: url(),
    OSS_BUCKET: text(),
  }),
  problems: (env, { isProduction }) =>
    env.OSS_ACCESS_KEY_ID
      ? missing(env, ['OSS_ACCESS_KEY_SECRET', 'OSS_BUCKET_HOST'], 'OSS_ACCESS_KEY_ID is set')
      : isProduction
        ? missingInProduction(
            env,
            ['OSS_ACCESS_KEY_ID', 'OSS_ACCESS_KEY_SECRET', 'OSS_BUCKET_HOST'],
            'the upload sandbox cannot be used there',
          )
        : [],
  settings: (env): OssConfig => {
    const bucketHost = withoutTrailingSlash(env.OSS_BUCKET_HOST ?? '');
    return env.OSS_ACCESS_KEY_ID
      ? {
          provider: 'aliyun',
          accessKeyId: env.OSS_ACCESS_KEY_ID,
          accessKeySecret: env.OSS_ACCESS_KEY_SECRET ?? '',
          bucketHost,
          // https://<bucket>.oss-cn-shenzhen.aliyuncs.com names its bucket first.
          bucket:
            env.OSS_BUCKET ?? (bucketHost ? new URL(bucketHost).hostname.split('.')[0] : '') ?? '',
        }
      : { provider: 'sandbox' };
  },
  // Files go straight from the browser to the bucket; the console shows an identity document
  // straight from it (a signed URL).
  csp: (settings) => {
    const bucket = settings.provider === 'aliyun' ? [new URL(settings.bucketHost).origin] : [];
    return { imgSrc: bucket, connectSrc: bucket };
  },
  create: (
    settings,
    context: Pick<IntegrationContext, 'dataDir' | 'deriveKey' | 'now'>,
    options: {
      /** A storage instead of the one the environment selects (tests); no sandbox server then. */
      storage?: ObjectStorage;
    },
  ) => {
    const sandbox = sandboxOf(context);
    return {
      provides: { storage: options.storage ?? objectStorageFor(settings, context) },
      sandboxSecrets: { ossAccessKeySecret: sandbox.credentials.accessKeySecret },
      sandboxServer:
        settings.provider === 'sandbox' && !options.storage
          ? (app, { maxUploadBytes }) =>
              registerOssSandbox(app, {
                ...sandbox,
                now: context.now,
                // Room for the multipart framing; a larger file is still refused as OSS refuses it.
                maxBodyBytes: maxUploadBytes * 2,
              })
          : undefined,
    };
  },
});
