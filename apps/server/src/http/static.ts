import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply } from 'fastify';

const IMMUTABLE = 'public, max-age=31536000, immutable';

/** Hashed build output never changes under its name; everything else is revalidated. */
function setCacheHeaders(reply: FastifyReply, filePath: string): void {
  const isHashedAsset = filePath.split(path.sep).includes('assets');
  reply.header('cache-control', isHashedAsset ? IMMUTABLE : 'no-cache');
}

export interface WebAppOptions {
  webDistDir: string;
  publicDir: string;
}

/**
 * Serves the built web app (with the .br/.gz files the web build writes beside each asset)
 * and the server's own public files. Returns whether the web app is there, so unknown paths
 * can fall back to index.html (client-side routing).
 */
export async function registerWebApp(
  app: FastifyInstance,
  options: WebAppOptions,
): Promise<boolean> {
  const avatars = path.join(options.publicDir, 'avatars');
  if (existsSync(avatars)) {
    await app.register(fastifyStatic, {
      root: avatars,
      prefix: '/avatars/',
      decorateReply: false,
      cacheControl: false,
      setHeaders: (reply) => reply.header('cache-control', 'public, max-age=86400'),
    });
  }
  if (!existsSync(path.join(options.webDistDir, 'index.html'))) return false;
  await app.register(fastifyStatic, {
    root: options.webDistDir,
    prefix: '/',
    preCompressed: true,
    cacheControl: false,
    setHeaders: setCacheHeaders,
  });
  return true;
}

/** Paths whose files are never the SPA shell: a missing one is a real 404. */
export const isAssetPath = (url: string): boolean =>
  url.startsWith('/assets/') || url.startsWith('/avatars/');
