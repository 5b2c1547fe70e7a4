import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RegionProvince } from '@pcb/contract';
import { buildTestApp, type TestApp } from './helper';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => t?.close());

const URL = '/api/CityClass/GetProvinceCitySelectorData';

describe('CityClass/GetProvinceCitySelectorData', () => {
  it('answers the provinces, cities and counties with their codes, gzip and a long cache', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: URL,
      headers: { 'accept-encoding': 'gzip, br' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('gzip');
    expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(res.headers['cache-control']).toBe('public, max-age=604800');
    expect(res.headers.vary).toBe('accept-encoding');
    expect(res.headers.etag).toMatch(/^"[\w-]{27}"$/);
    expect(res.rawPayload.length).toBeLessThan(40_000);
    const body = JSON.parse(gunzipSync(res.rawPayload).toString('utf8')) as {
      success: boolean;
      data: RegionProvince[];
      message: string;
    };
    expect(body.success).toBe(true);
    expect(body.message).toBe('');
    expect(body.data).toHaveLength(31);
    const guangdong = body.data.find((p) => p.code === '44');
    expect(guangdong?.name).toBe('广东省');
    const shenzhen = guangdong?.children.find((c) => c.code === '4403');
    expect(shenzhen?.name).toBe('深圳市');
    expect(shenzhen?.children).toContainEqual({ code: '440305', name: '南山区' });
  });

  it('sends the same JSON uncompressed to a client without gzip', async () => {
    const zipped = await t.app.inject({
      method: 'GET',
      url: URL,
      headers: { 'accept-encoding': 'gzip' },
    });
    const plain = await t.app.inject({
      method: 'GET',
      url: URL,
      headers: { 'accept-encoding': 'identity' },
    });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers.etag).toBe(zipped.headers.etag);
    expect(plain.body).toBe(gunzipSync(zipped.rawPayload).toString('utf8'));
  });

  it('answers 304 without a body when the ETag is sent back', async () => {
    const first = await t.app.inject({ method: 'GET', url: URL });
    const etag = first.headers.etag as string;
    for (const header of [etag, `W/${etag}`, `"other", ${etag}`, '*']) {
      const again = await t.app.inject({
        method: 'GET',
        url: URL,
        headers: { 'if-none-match': header, 'accept-encoding': 'gzip' },
      });
      expect(again.statusCode, header).toBe(304);
      expect(again.rawPayload.length).toBe(0);
      expect(again.headers.etag).toBe(etag);
      expect(again.headers['cache-control']).toBe('public, max-age=604800');
    }
    const stale = await t.app.inject({
      method: 'GET',
      url: URL,
      headers: { 'if-none-match': '"old"' },
    });
    expect(stale.statusCode).toBe(200);
  });
});
