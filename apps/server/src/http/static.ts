import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { fail } from './envelope';
import { messages } from './errors';

const IMMUTABLE = 'public, max-age=31536000, immutable';

/** Hashed build output never changes under its name; everything else is revalidated. */
function setCacheHeaders(reply: FastifyReply, filePath: string): void {
  const isHashedAsset = filePath.split(path.sep).includes('assets');
  reply.header('cache-control', isHashedAsset ? IMMUTABLE : 'no-cache');
}

export interface WebAppOptions {
  webDistDir: string;
  publicDir: string;
  /**
   * The staff console's build (apps/console/dist), served under /console/; by default the
   * sibling of the web app's build (`apps/web/dist` → `apps/console/dist`).
   */
  consoleDistDir?: string;
}

/** Where the console lives: its own shell and assets, never the member app's. */
export const CONSOLE_PREFIX = '/console';

/** One entry of Vite's build manifest (`dist/.vite/manifest.json`), the fields read here. */
interface ManifestChunk {
  file: string;
  imports?: string[];
  css?: string[];
}
type Manifest = Record<string, ManifestChunk>;

/**
 * The route table the web build writes beside the manifest (`dist/.vite/routes.json`): each
 * route pattern of the web app and the manifest key of the lazy module that renders it, with
 * who may open it, the public API answers the screen shows at once (`data`) and what search
 * engines show for it (`description`), when it has them. An older build wrote the key alone.
 */
type RouteTable = Record<
  string,
  string | { page: string; access?: string; data?: string[]; description?: string }
>;

/**
 * robots.txt (decision 0036): search engines may read the public pages; the API, the console,
 * the sandboxes and every member page of the route table are not for them. A member route is
 * listed by its path up to its first parameter.
 */
export function robotsTxt(routes: RouteTable = {}): string {
  const memberPrefixes = Object.entries(routes)
    .filter(([, route]) => typeof route !== 'string' && route.access === 'member')
    .map(([pattern]) => pattern.split('/:')[0] ?? pattern);
  const prefixes = [...new Set(['/api/', `${CONSOLE_PREFIX}/`, '/sandbox/', ...memberPrefixes])]
    .sort()
    .filter((prefix, i, all) => !all.slice(0, i).some((shorter) => prefix.startsWith(shorter)));
  return ['User-agent: *', ...prefixes.map((prefix) => `Disallow: ${prefix}`), 'Allow: /', ''].join(
    '\n',
  );
}

const escapeAttribute = (value: string) =>
  value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** The shell with its description meta tag saying `description` (the shell's own without one). */
export function withDescription(shell: string, description: string | undefined): string {
  if (!description) return shell;
  return shell.replace(
    /<meta\s+name="description"\s+content="[^"]*"\s*\/?>/,
    `<meta name="description" content="${escapeAttribute(description)}" />`,
  );
}

/**
 * Links that fetch a screen's public answers with its code (`as="fetch"`, matched by the API
 * client's identical same-origin request). Only same-origin API paths are linked.
 */
export function routeDataTags(data: readonly string[] = []): string[] {
  return data
    .filter((href) => /^\/api\/[\w/]+(\?[\w=&%.-]*)?$/.test(href))
    .map((href) => `<link rel="preload" as="fetch" crossorigin href="${href}">`);
}

/** A chunk and everything it imports statically, depth first, the chunk itself first. */
function staticClosure(
  manifest: Manifest,
  key: string,
  seen = new Map<string, ManifestChunk>(),
): ManifestChunk[] {
  const chunk = manifest[key];
  if (chunk && !seen.has(key)) {
    seen.set(key, chunk);
    for (const dep of chunk.imports ?? []) staticClosure(manifest, dep, seen);
  }
  return [...seen.values()];
}

/** A route's links: its stylesheets and its chunks, those the shell does not name yet. */
export interface RouteLinks {
  styles: string[];
  scripts: string[];
}

/**
 * The link tags that let the browser fetch a route's chunks and styles together with the entry
 * instead of after it has run (docs/decisions/0012-page-loading.md). Files the shell already
 * names (the entry and its imports, which Vite links itself) are left out. Links only: the
 * Content-Security-Policy allows no inline script.
 */
export function routePreloadTags(manifest: Manifest, routeKey: string, shell: string): RouteLinks {
  const chunks = staticClosure(manifest, routeKey);
  const scripts = chunks.map((chunk) => `/${chunk.file}`);
  const styles = [...new Set(chunks.flatMap((chunk) => chunk.css ?? []))].map((f) => `/${f}`);
  const isNew = (href: string) => !shell.includes(`"${href}"`);
  return {
    scripts: scripts
      .filter(isNew)
      .map((href) => `<link rel="modulepreload" crossorigin href="${href}">`),
    styles: styles
      .filter(isNew)
      .map((href) => `<link rel="stylesheet" crossorigin href="${href}">`),
  };
}

const STYLESHEET_LINE = /^[ \t]*<link rel="stylesheet"[^>]*>\r?\n/gm;
const FIRST_SCRIPT = /^[ \t]*<(script|link rel="modulepreload")\b/m;
const indent = (tags: string[], by: string) => tags.map((tag) => `${by}${tag}\n`).join('');

/**
 * The SPA shell for a route (docs/decisions/0012-page-loading.md):
 * - the screen's public answers before the scripts, its chunks after the entry's own;
 * - every stylesheet (Vite's and the route's) at the end of the body, after the splash. A
 *   stylesheet there blocks the paint of what follows it only, so the splash (styled inline in
 *   index.html) paints as soon as the HTML has arrived, while the app's module scripts still
 *   wait for every stylesheet the parser met before they run: the app never renders unstyled.
 */
export function shellWithPreloads(shell: string, links: RouteLinks, data: string[] = []): string {
  const headEnd = shell.indexOf('</head>');
  const bodyEnd = shell.lastIndexOf('</body>');
  if (headEnd < 0 || bodyEnd < headEnd) return shell;
  const head = shell.slice(0, headEnd);
  const styles = [
    ...(head.match(STYLESHEET_LINE) ?? []).map((line) => line.trim()),
    ...links.styles,
  ];
  const rest = head.replace(STYLESHEET_LINE, '').trimEnd();
  const first = FIRST_SCRIPT.exec(rest)?.index ?? rest.length;
  return [
    rest.slice(0, first),
    indent(data, '    '),
    rest.slice(first),
    '\n',
    indent(links.scripts, '    '),
    '  ',
    shell.slice(headEnd, bodyEnd).trimEnd(),
    '\n',
    indent(styles, '    '),
    '  ',
    shell.slice(bodyEnd),
  ].join('');
}

interface Variants {
  identity: Buffer;
  br: Buffer;
  gzip: Buffer;
}

function compressed(html: string): Variants {
  const identity = Buffer.from(html);
  return {
    identity,
    br: brotliCompressSync(identity, {
      params: { [zlib.BROTLI_PARAM_QUALITY]: zlib.BROTLI_MAX_QUALITY },
    }),
    gzip: gzipSync(identity, { level: 9 }),
  };
}

/** br, then gzip, when the client accepts it (a `;q=0` refuses). */
export function preferredEncoding(acceptEncoding: string | undefined): 'br' | 'gzip' | undefined {
  const accepted = new Set(
    (acceptEncoding ?? '')
      .split(',')
      .map((part) => part.trim().toLowerCase().split(';'))
      .filter(([, q]) => !/^\s*q\s*=\s*0(\.0*)?\s*$/.test(q ?? ''))
      .map(([name]) => name),
  );
  if (accepted.has('br')) return 'br';
  if (accepted.has('gzip') || accepted.has('*')) return 'gzip';
  return undefined;
}

function sendShell(request: FastifyRequest, reply: FastifyReply, variants: Variants) {
  const encoding = preferredEncoding(request.headers['accept-encoding']);
  reply
    .header('content-type', 'text/html; charset=utf-8')
    .header('cache-control', 'no-cache')
    .header('vary', 'accept-encoding');
  if (encoding) reply.header('content-encoding', encoding);
  return reply.send(encoding ? variants[encoding] : variants.identity);
}

async function readJson<T>(file: string): Promise<T | undefined> {
  return existsSync(file) ? (JSON.parse(await readFile(file, 'utf8')) as T) : undefined;
}

/**
 * Each route of the web app's route table answers with the shell plus that route's preload
 * links and description, built once at start (restart after a rebuild, as for the static files). Without the
 * table (an older build) the plain index.html serves every route, as before.
 */
async function registerRouteShells(
  app: FastifyInstance,
  webDistDir: string,
  routes: RouteTable | undefined,
): Promise<void> {
  const manifest = await readJson<Manifest>(path.join(webDistDir, '.vite', 'manifest.json'));
  if (!manifest || !routes) return;
  const shell = await readFile(path.join(webDistDir, 'index.html'), 'utf8');
  for (const [pattern, route] of Object.entries(routes)) {
    const {
      page: routeKey,
      data,
      description,
    } = typeof route === 'string' ? { page: route, data: [], description: undefined } : route;
    if (!manifest[routeKey] || app.hasRoute({ method: 'GET', url: pattern })) continue;
    const variants = compressed(
      shellWithPreloads(
        withDescription(shell, description),
        routePreloadTags(manifest, routeKey, shell),
        routeDataTags(data),
      ),
    );
    app.get(pattern, (request, reply) => sendShell(request, reply, variants));
  }
}

/**
 * Pages of the web build with an HTML entry of their own (Vite multi-page input), always
 * reached by a full page load: the quote page. Each is served for its path with the shell's
 * headers (no-cache, compressed once at start, the same security headers).
 */
export const PAGE_ENTRIES: Readonly<Record<string, string>> = { '/OrdersPCB': 'orders-pcb.html' };

async function registerPageEntries(app: FastifyInstance, webDistDir: string): Promise<void> {
  for (const [url, file] of Object.entries(PAGE_ENTRIES)) {
    const html = path.join(webDistDir, file);
    if (!existsSync(html) || app.hasRoute({ method: 'GET', url })) continue;
    const variants = compressed(await readFile(html, 'utf8'));
    app.get(url, (request, reply) => sendShell(request, reply, variants));
  }
}

/**
 * The staff console's build under /console/: its hashed assets (pre-compressed, cached for a
 * year) and, for every other GET under /console/, its own index.html (client-side routing),
 * compressed once at start. A missing asset is a real 404, never the shell.
 */
async function registerConsole(app: FastifyInstance, distDir: string): Promise<void> {
  const index = path.join(distDir, 'index.html');
  if (!existsSync(index)) return;
  const shell = compressed(await readFile(index, 'utf8'));
  app.get(CONSOLE_PREFIX, (_request, reply) => reply.redirect(`${CONSOLE_PREFIX}/`));
  await app.register(
    async (scope) => {
      await scope.register(fastifyStatic, {
        root: distDir,
        prefix: '/',
        preCompressed: true,
        cacheControl: false,
        setHeaders: setCacheHeaders,
        decorateReply: false,
        // Every page is the shell below, with its headers; only files are served from disk.
        index: false,
      });
      scope.get('/', { prefixTrailingSlash: 'slash' }, (request, reply) =>
        sendShell(request, reply, shell),
      );
      scope.setNotFoundHandler((request, reply) => {
        const url = request.url.split('?')[0] ?? '';
        const isPageRequest = request.method === 'GET' || request.method === 'HEAD';
        if (isPageRequest && !isAssetPath(url)) return sendShell(request, reply, shell);
        return reply.code(404).send(fail(messages.pageNotFound));
      });
    },
    { prefix: CONSOLE_PREFIX },
  );
}

/**
 * Serves the built web app (with the .br/.gz files the web build writes beside each asset),
 * the staff console under /console/ and the server's own public files. Returns whether the
 * web app is there, so unknown paths can fall back to index.html (client-side routing).
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
  const routes = await readJson<RouteTable>(path.join(options.webDistDir, '.vite', 'routes.json'));
  const robots = robotsTxt(routes);
  app.get('/robots.txt', (_request, reply) =>
    reply.type('text/plain; charset=utf-8').header('cache-control', 'no-cache').send(robots),
  );
  await registerConsole(
    app,
    options.consoleDistDir ?? path.resolve(options.webDistDir, '..', '..', 'console', 'dist'),
  );
  if (!existsSync(path.join(options.webDistDir, 'index.html'))) return false;
  await app.register(fastifyStatic, {
    root: options.webDistDir,
    prefix: '/',
    preCompressed: true,
    cacheControl: false,
    setHeaders: setCacheHeaders,
  });
  await registerPageEntries(app, options.webDistDir);
  await registerRouteShells(app, options.webDistDir, routes);
  return true;
}

/** Paths whose files are never the SPA shell: a missing one is a real 404. */
export const isAssetPath = (url: string): boolean =>
  url.startsWith('/assets/') ||
  url.startsWith('/avatars/') ||
  url.startsWith(`${CONSOLE_PREFIX}/assets/`);
