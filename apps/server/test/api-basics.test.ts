import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { allEndpoints } from '@pcb/contract';
import { buildTestApp, type TestApp } from './helper';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => t?.close());

describe('routes come from the contract', () => {
  it('registers every endpoint of the contract', () => {
    const missing = allEndpoints.filter((e) => !t.app.hasRoute({ method: e.method, url: e.path }));
    expect(missing.map((e) => e.path)).toEqual([]);
    expect(allEndpoints.length).toBeGreaterThanOrEqual(12);
  });

  it('serves an OpenAPI document listing every endpoint', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/docs' });
    expect(res.statusCode).toBe(200);
    const doc = res.json() as { openapi: string; paths: Record<string, Record<string, unknown>> };
    expect(doc.openapi).toMatch(/^3\./);
    for (const e of allEndpoints) {
      expect(doc.paths[e.path]?.[e.method.toLowerCase()], e.path).toBeDefined();
    }
    const login = doc.paths['/api/MemberAuth/Login']?.post as {
      requestBody: { content: { 'application/json': { schema: { required: string[] } } } };
    };
    expect(login.requestBody.content['application/json'].schema.required).toContain('ncVerifyDto');
    expect((await t.app.inject({ method: 'GET', url: '/api/docs/json' })).statusCode).toBe(200);
  });
});

describe('errors use the envelope', () => {
  it('names the invalid field in Chinese with HTTP 400', async () => {
    const res = await t.post('/api/MemberAuth/SendRegisterMessage', {
      mobile: '2380013800',
      ncVerifyDto: { provider: 'altcha', token: 'x' },
    });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({
      success: false,
      data: null,
      message: '手机号：请输入以1开头的11位手机号',
      field: 'mobile',
    });
  });

  it('names a nested field by its wire path', async () => {
    const res = await t.post('/api/MemberAuth/SendRegisterMessage', {
      mobile: '13800138000',
      ncVerifyDto: { provider: 'altcha', token: 7 },
    });
    expect(res.status).toBe(400);
    expect(res.body.field).toBe('ncVerifyDto.token');
  });

  it('names the field of the form of a union the input came closest to', async () => {
    const res = await t.post('/api/WechatMb/bind', {
      openId: 'x'.repeat(40),
      mobile: '2380013800',
      smsCode: '123456',
    });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({
      message: '手机号：请输入以1开头的11位手机号',
      field: 'mobile',
    });
  });

  it('validates the query string of GET endpoints', async () => {
    const res = await t.get('/api/MemberAuth/GetEffectiveAnnouncement', { query: { type: 'x' } });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('公告类型：取值不在允许范围内');
  });

  it('answers an unknown API path with 404 接口不存在', async () => {
    for (const method of ['GET', 'POST'] as const) {
      const res = await t.app.inject({ method, url: '/api/Nope/Nothing' });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ success: false, data: null, message: '接口不存在' });
    }
  });

  it('answers malformed JSON with 400', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/MemberAuth/Login',
      headers: { 'content-type': 'application/json' },
      payload: '{"userNameOrMobile":',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      success: false,
      data: null,
      message: '请求内容不是有效的 JSON',
    });
  });

  it('hides the internals of a server error', async () => {
    // A database that lost a table: the query fails with PostgreSQL's own message.
    const broken = await buildTestApp();
    try {
      await broken.database.pool.query('DROP TABLE announcement');
      const res = await broken.get('/api/MemberAuth/GetEffectiveAnnouncement', {
        query: { type: 'home' },
      });
      expect(res.status).toBe(500);
      expect(res.body).toEqual({
        success: false,
        data: null,
        message: '服务器开小差了，请稍后再试',
      });
      expect(res.raw.body).not.toMatch(/announcement|relation|select/i);
    } finally {
      await broken.close();
    }
  });

  it('answers a member route without a token with 401 before reading the body', async () => {
    const res = await t.post('/api/MemberAuth/Activate', '{not json');
    expect(res.status).toBe(401);
    expect(res.body).toEqual({ success: false, data: null, message: '登录已失效，请重新登录' });
  });
});

describe('security headers', () => {
  it('answers the API with the short set a JSON answer needs', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/Captcha/GetConfig' });
    expect(res.headers).toMatchObject({
      'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
      'x-content-type-options': 'nosniff',
      'x-frame-options': 'DENY',
      'referrer-policy': 'no-referrer',
      'cache-control': 'no-store',
    });
    expect(res.headers['strict-transport-security']).toBeUndefined();
  });

  it('sends pages a strict content security policy and no HSTS outside production', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/login' });
    const csp = String(res.headers['content-security-policy']);
    for (const directive of [
      "default-src 'self'",
      "script-src 'self'",
      "style-src 'self' 'unsafe-inline'",
      "img-src 'self' data: blob:",
      "connect-src 'self'",
      "worker-src 'self' blob:",
      "font-src 'self' data:",
      "object-src 'none'",
      "base-uri 'self'",
      "frame-ancestors 'none'",
      "form-action 'self'",
    ]) {
      expect(csp).toContain(directive);
    }
    expect(csp).not.toContain('alicdn');
    expect(res.headers['strict-transport-security']).toBeUndefined();
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    // Pages are not cached as API answers are: no-store is the API's (see above).
  });
});
