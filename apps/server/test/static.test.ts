import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from './helper';

let t: TestApp;
let dist: string;
const INDEX =
  '<!doctype html><html lang="zh-CN"><head><script type="module" src="/assets/app-3f9a1c.js"></script></head><body><div id="root"></div></body></html>';
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
