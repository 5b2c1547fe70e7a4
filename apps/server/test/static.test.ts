import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from './helper';

let t: TestApp;
let dist: string;
const INDEX =
  '<!doctype html><html lang="zh-CN"><head><script type="module" src="/assets/app-3f9a1c.js"></script></head><body><div id="root"></div></body></html>';
const QUOTE_PAGE =
  '<!doctype html><html lang="zh-CN"><head><title>在线计价</title><script type="module" src="/assets/ordersPcb-1a2b3c.js"></script></head><body><div id="root"></div></body></html>';
const SCRIPT = `console.log(${JSON.stringify('会员中心'.repeat(200))});`;

beforeAll(async () => {
  dist = mkdtempSync(path.join(os.tmpdir(), 'pcb-web-dist-'));
  mkdirSync(path.join(dist, 'assets'));
  const write = (name: string, content: string) => {
    writeFileSync(path.join(dist, name), content);
    writeFileSync(path.join(dist, `${name}.br`), brotliCompressSync(content));
    writeFileSync(path.join(dist, `${name}.gz`), gzipSync(content));
  };
  write('index.html', INDEX);
  write('assets/app-3f9a1c.js', SCRIPT);
  writeFileSync(path.join(dist, 'orders-pcb.html'), QUOTE_PAGE);
  writeFileSync(path.join(dist, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  t = await buildTestApp({ env: { WEB_DIST_DIR: dist } });
});
afterAll(async () => {
  await t?.close();
  rmSync(dist, { recursive: true, force: true });
});

const get = (url: string, acceptEncoding?: string) =>
  t.app.inject({
    method: 'GET',
    url,
    headers: acceptEncoding ? { 'accept-encoding': acceptEncoding } : {},
  });

describe('web app', () => {
  it('serves the pre-compressed variant the browser accepts', async () => {
    const br = await get('/assets/app-3f9a1c.js', 'gzip, deflate, br');
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.rawPayload.equals(brotliCompressSync(SCRIPT))).toBe(true);
    expect(String(br.headers.vary)).toMatch(/accept-encoding/i);

    const gz = await get('/assets/app-3f9a1c.js', 'gzip');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gz.rawPayload.equals(gzipSync(SCRIPT))).toBe(true);

    const plain = await get('/assets/app-3f9a1c.js');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(SCRIPT);
    expect(String(plain.headers['content-type'])).toMatch(/javascript/);
  });

  it('caches hashed assets for a year and revalidates the rest', async () => {
    expect((await get('/assets/app-3f9a1c.js', 'br')).headers['cache-control']).toBe(
      'public, max-age=31536000, immutable',
    );
    expect((await get('/')).headers['cache-control']).toBe('no-cache');
    expect((await get('/favicon.svg')).headers['cache-control']).toBe('no-cache');
  });

  it('answers client-side routes with index.html', async () => {
    for (const url of [
      '/member',
      '/TheOrders/orderDetail?id=9',
      '/shippingAddress/editAddress/abc',
    ]) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(200);
      expect(res.body).toBe(INDEX);
      expect(res.headers['cache-control']).toBe('no-cache');
      expect(String(res.headers['content-type'])).toMatch(/text\/html/);
      expect(String(res.headers['content-security-policy'])).toContain("default-src 'self'");
    }
    const compressed = await get('/', 'br');
    expect(compressed.headers['content-encoding']).toBe('br');
  });

  it('answers /OrdersPCB with the quote page entry, with the shell headers', async () => {
    const res = await get('/OrdersPCB?from=footer');
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe(QUOTE_PAGE);
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(String(res.headers['content-type'])).toMatch(/text\/html/);
    expect(String(res.headers['content-security-policy'])).toContain("script-src 'self'");
    const br = await get('/OrdersPCB', 'br');
    expect(br.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(QUOTE_PAGE);
    // Other paths still get the member app.
    expect((await get('/fillOrder')).body).toBe(INDEX);
  });

  it('serves robots.txt without a route table: the API and the console are not for search engines', async () => {
    const res = await get('/robots.txt');
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('Disallow: /api/\nDisallow: /console/');
    expect(res.body).not.toMatch(/<html/);
  });

  it('keeps real 404s for missing assets and API paths', async () => {
    expect((await get('/assets/app-old.js')).statusCode).toBe(404);
    const api = await get('/api/Nothing/Here');
    expect(api.statusCode).toBe(404);
    expect(api.json()).toEqual({ success: false, data: null, message: '接口不存在' });
    expect((await t.app.inject({ method: 'POST', url: '/member' })).statusCode).toBe(404);
  });

  it('serves the account managers’ avatars', async () => {
    const res = await get('/avatars/manager-1.svg');
    expect(res.statusCode).toBe(200);
    expect(String(res.headers['content-type'])).toMatch(/image\/svg\+xml/);
    expect(res.body).toContain('<svg');
    expect((await get('/avatars/nobody.svg')).statusCode).toBe(404);
  });
});

describe('route preloads', () => {
  // A build shaped like Vite's: the entry links its own imports; each screen is a lazy chunk.
  const SHELL = [
    '<!doctype html>',
    '<html lang="zh-CN">',
    '  <head>',
    '    <meta name="description" content="会员中心" />',
    '    <title>会员中心</title>',
    '    <script type="module" crossorigin src="/assets/index-e1.js"></script>',
    '    <link rel="modulepreload" crossorigin href="/assets/framework-f1.js">',
    '    <link rel="stylesheet" crossorigin href="/assets/index-c1.css">',
    '  </head>',
    '  <body><div id="root"></div></body>',
    '</html>',
  ].join('\n');
  const manifest = {
    'index.html': {
      file: 'assets/index-e1.js',
      isEntry: true,
      imports: ['_framework-f1.js'],
      dynamicImports: [
        'src/app/routes/home-route.tsx',
        'src/app/routes/login-route.tsx',
        'src/app/routes/member-route.tsx',
      ],
      css: ['assets/index-c1.css'],
    },
    '_framework-f1.js': { file: 'assets/framework-f1.js' },
    '_input-i1.js': {
      file: 'assets/input-i1.js',
      imports: ['_framework-f1.js'],
      css: ['assets/input-c2.css'],
    },
    'src/app/routes/login-route.tsx': {
      file: 'assets/login-route-l1.js',
      isDynamicEntry: true,
      imports: ['_framework-f1.js', '_input-i1.js', 'index.html'],
      css: ['assets/login-route-c3.css'],
    },
    'src/app/routes/home-route.tsx': {
      file: 'assets/home-route-h1.js',
      isDynamicEntry: true,
      imports: ['_framework-f1.js', 'index.html'],
    },
    'src/app/routes/member-route.tsx': {
      file: 'assets/member-route-m1.js',
      isDynamicEntry: true,
      imports: ['_framework-f1.js', 'index.html'],
    },
  };
  const routes = {
    '/': {
      page: 'src/app/routes/home-route.tsx',
      access: 'public',
      description: 'PCB 打样 & SMT "贴片" <在线计价>',
    },
    '/login': {
      page: 'src/app/routes/login-route.tsx',
      data: [
        '/api/MemberAuth/GetEffectiveAnnouncement?type=login',
        'https://elsewhere.example/api/x',
        '/api/x"><script>',
      ],
    },
    '/member': { page: 'src/app/routes/member-route.tsx', access: 'member' },
    '/userInfo/editPhone': { page: 'src/app/routes/member-route.tsx', access: 'member' },
    '/MakeInvoice/editInvoice/:id': { page: 'src/app/routes/member-route.tsx', access: 'member' },
  };
  let app: TestApp;
  let routedDist: string;

  beforeAll(async () => {
    routedDist = mkdtempSync(path.join(os.tmpdir(), 'pcb-web-dist-'));
    mkdirSync(path.join(routedDist, '.vite'));
    writeFileSync(path.join(routedDist, 'index.html'), SHELL);
    writeFileSync(path.join(routedDist, '.vite', 'manifest.json'), JSON.stringify(manifest));
    writeFileSync(path.join(routedDist, '.vite', 'routes.json'), JSON.stringify(routes));
    app = await buildTestApp({ databaseUrl: t.databaseUrl, env: { WEB_DIST_DIR: routedDist } });
  });
  afterAll(async () => {
    await app?.close();
    rmSync(routedDist, { recursive: true, force: true });
  });

  const page = (url: string, acceptEncoding?: string) =>
    app.app.inject({
      method: 'GET',
      url,
      headers: acceptEncoding ? { 'accept-encoding': acceptEncoding } : {},
    });
  const links = (html: string) => html.match(/<link [^>]*>/g) ?? [];

  it("links the login screen's chunks and styles in the shell served for /login", async () => {
    const res = await page('/login');
    expect(res.statusCode).toBe(200);
    expect(String(res.headers['content-type'])).toMatch(/text\/html/);
    expect(res.headers['cache-control']).toBe('no-cache');
    const [head, body] = res.body.split('</head>') as [string, string];
    expect(links(head)).toEqual([
      // The screen's public answer comes with its code; only same-origin API paths are linked.
      '<link rel="preload" as="fetch" crossorigin href="/api/MemberAuth/GetEffectiveAnnouncement?type=login">',
      '<link rel="modulepreload" crossorigin href="/assets/framework-f1.js">',
      '<link rel="modulepreload" crossorigin href="/assets/login-route-l1.js">',
      '<link rel="modulepreload" crossorigin href="/assets/input-i1.js">',
    ]);
    // Every stylesheet, Vite's and the screen's, after the splash, so the splash paints before
    // they arrive; the entry script still waits for them.
    expect(links(body)).toEqual([
      '<link rel="stylesheet" crossorigin href="/assets/index-c1.css">',
      '<link rel="stylesheet" crossorigin href="/assets/login-route-c3.css">',
      '<link rel="stylesheet" crossorigin href="/assets/input-c2.css">',
    ]);
    expect(body.indexOf('<div id="root">')).toBeLessThan(body.indexOf('index-c1.css'));
    expect(head.indexOf('GetEffectiveAnnouncement')).toBeLessThan(head.indexOf('<script'));
  });

  it('adds nothing inline: the only script is the entry, by its src', async () => {
    const res = await page('/login');
    expect(res.body.match(/<script\b[^>]*>/g)).toEqual([
      '<script type="module" crossorigin src="/assets/index-e1.js">',
    ]);
    expect(res.body).not.toMatch(/<script\b[^>]*>[^<]/);
    expect(res.body).not.toMatch(/<style\b|\son[a-z]+=/i);
    expect(String(res.headers['content-security-policy'])).toContain("script-src 'self'");
  });

  it('gives each route its own chunks, and other paths the plain shell', async () => {
    const member = await page('/member');
    expect(links(member.body)).toContain(
      '<link rel="modulepreload" crossorigin href="/assets/member-route-m1.js">',
    );
    expect(member.body).not.toContain('login-route');
    expect(member.body).not.toContain('input-i1');

    const home = await page('/');
    expect(links(home.body)).toContain(
      '<link rel="modulepreload" crossorigin href="/assets/home-route-h1.js">',
    );

    for (const url of ['/TheOrders/orderDetail?id=9', '/index.html']) {
      const res = await page(url);
      expect(res.statusCode, url).toBe(200);
      expect(res.body, url).toBe(SHELL);
    }
  });

  it("writes each route's description into its page, the shell's own elsewhere", async () => {
    const description = (html: string) =>
      html.match(/<meta name="description" content="([^"]*)"/)?.[1];
    expect(description((await page('/')).body)).toBe(
      'PCB 打样 &amp; SMT &quot;贴片&quot; &lt;在线计价&gt;',
    );
    expect(description((await page('/member')).body)).toBe('会员中心');
  });

  it('serves robots.txt: the public pages for search engines, not the API, console or member pages', async () => {
    const res = await page('/robots.txt');
    expect(res.statusCode).toBe(200);
    expect(String(res.headers['content-type'])).toMatch(/^text\/plain/);
    expect(res.body.split('\n')).toEqual([
      'User-agent: *',
      'Disallow: /MakeInvoice/editInvoice',
      'Disallow: /api/',
      'Disallow: /console/',
      'Disallow: /member',
      'Disallow: /sandbox/',
      'Disallow: /userInfo/editPhone',
      'Allow: /',
      '',
    ]);
  });

  it('answers query strings and HEAD like the bare path, compressed when accepted', async () => {
    const plain = (await page('/login')).body;
    expect((await page('/login?redirect=%2Fmember')).body).toBe(plain);
    const head = await app.app.inject({ method: 'HEAD', url: '/login' });
    expect(head.statusCode).toBe(200);
    expect(head.body).toBe('');

    const br = await page('/login', 'gzip, deflate, br');
    expect(br.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(plain);
    expect(String(br.headers.vary)).toMatch(/accept-encoding/i);
    const gz = await page('/login', 'gzip, br;q=0');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString()).toBe(plain);
  });
});

describe('without a web build', () => {
  it('still serves the API and answers other paths with 404', async () => {
    const bare = await buildTestApp({ databaseUrl: t.databaseUrl });
    try {
      expect((await bare.app.inject({ method: 'GET', url: '/member' })).statusCode).toBe(404);
      expect((await bare.get('/api/Captcha/GetConfig')).status).toBe(200);
    } finally {
      await bare.close();
    }
  });
});
