import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from './helper';

// A checkout's layout: apps/web/dist and, beside it, apps/console/dist.
let root: string;
let t: TestApp;
const WEB_INDEX = '<!doctype html><html><head><title>会员中心</title></head><body></body></html>';
const CONSOLE_INDEX =
  '<!doctype html><html lang="zh-CN"><head><title>员工后台</title><script type="module" crossorigin src="/console/assets/index-c0.js"></script></head><body><div id="root"></div></body></html>';
const SCRIPT = `console.log(${JSON.stringify('员工后台'.repeat(300))});`;

function writeBuild(dist: string, files: Record<string, string>) {
  mkdirSync(path.join(dist, 'assets'), { recursive: true });
  for (const [name, content] of Object.entries(files)) {
    writeFileSync(path.join(dist, name), content);
    writeFileSync(path.join(dist, `${name}.br`), brotliCompressSync(content));
    writeFileSync(path.join(dist, `${name}.gz`), gzipSync(content));
  }
}

beforeAll(async () => {
  root = mkdtempSync(path.join(os.tmpdir(), 'pcb-dist-'));
  writeBuild(path.join(root, 'apps/web/dist'), { 'index.html': WEB_INDEX });
  writeBuild(path.join(root, 'apps/console/dist'), {
    'index.html': CONSOLE_INDEX,
    'assets/index-c0.js': SCRIPT,
  });
  writeFileSync(path.join(root, 'apps/console/dist/favicon.svg'), '<svg/>');
  t = await buildTestApp({ env: { WEB_DIST_DIR: path.join(root, 'apps/web/dist') } });
});
afterAll(async () => {
  await t?.close();
  rmSync(root, { recursive: true, force: true });
});

const get = (url: string, acceptEncoding?: string) =>
  t.app.inject({
    method: 'GET',
    url,
    headers: acceptEncoding ? { 'accept-encoding': acceptEncoding } : {},
  });

describe('the staff console under /console/', () => {
  it("answers its client-side routes with the console's own shell, not the member app's", async () => {
    for (const url of [
      '/console/',
      '/console/login',
      '/console/members?member=7',
      '/console/x/y',
    ]) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(200);
      expect(res.body, url).toBe(CONSOLE_INDEX);
      expect(res.headers['cache-control'], url).toBe('no-cache');
      expect(String(res.headers['content-type']), url).toMatch(/text\/html/);
      expect(String(res.headers['content-security-policy']), url).toContain("default-src 'self'");
    }
    expect((await get('/member')).body).toBe(WEB_INDEX);
    const head = await t.app.inject({ method: 'HEAD', url: '/console/members' });
    expect(head.statusCode).toBe(200);
  });

  it('sends /console to /console/', async () => {
    const res = await get('/console');
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe('/console/');
  });

  it('compresses the shell as the browser accepts', async () => {
    const br = await get('/console/members', 'gzip, deflate, br');
    expect(br.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(CONSOLE_INDEX);
    expect(String(br.headers.vary)).toMatch(/accept-encoding/i);
  });

  it('serves its hashed assets pre-compressed and cached for a year', async () => {
    const br = await get('/console/assets/index-c0.js', 'br');
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.rawPayload.equals(brotliCompressSync(SCRIPT))).toBe(true);
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const plain = await get('/console/assets/index-c0.js');
    expect(plain.body).toBe(SCRIPT);
    expect(String(plain.headers['content-type'])).toMatch(/javascript/);
    expect((await get('/console/favicon.svg')).headers['cache-control']).toBe('no-cache');
  });

  it('keeps real 404s for missing assets and other methods', async () => {
    const missing = await get('/console/assets/index-old.js');
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ success: false, data: null, message: '页面不存在' });
    expect((await t.app.inject({ method: 'POST', url: '/console/members' })).statusCode).toBe(404);
    expect((await get('/api/StaffAuth/Nothing')).statusCode).toBe(404);
  });
});

describe('a console build without the member app', () => {
  it('is served all the same', async () => {
    const bare = await buildTestApp({
      databaseUrl: t.databaseUrl,
      env: { WEB_DIST_DIR: path.join(root, 'apps/nothing/dist') },
    });
    try {
      // apps/nothing/dist → apps/console/dist: the sibling is found from the web's folder.
      expect((await bare.app.inject({ method: 'GET', url: '/console/login' })).body).toBe(
        CONSOLE_INDEX,
      );
      expect((await bare.app.inject({ method: 'GET', url: '/member' })).statusCode).toBe(404);
    } finally {
      await bare.close();
    }
  });
});
