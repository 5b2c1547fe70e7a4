import { randomUUID } from 'node:crypto';
import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MemberInfo } from '@pcb/contract';
import { buildTestApp, uniqueMobile, type TestApp } from './helper';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => t?.close());

const UNAUTHORIZED = { success: false, data: null, message: '登录已失效，请重新登录' };

async function expectUnauthorized(token: string) {
  for (const url of [
    '/api/MemberInfo/Get',
    '/api/MemberAdmin/Get',
    '/api/MemberAuth/SignMbAgreement',
  ]) {
    const res = await t.get(url, { token });
    expect(res.status, url).toBe(401);
    expect(res.body).toEqual(UNAUTHORIZED);
  }
}

/** A token of our own making, in a live session of the member unless `sid` says otherwise. */
async function sign(
  claims: { sub: string; ver: number; sid?: string | null },
  options: { secret?: string; audience?: string; issuer?: string; exp?: number } = {},
) {
  const now = Math.floor(t.clock.now().getTime() / 1000);
  let sid = claims.sid;
  if (sid === undefined) {
    sid = randomUUID();
    await t.database.pool.query(
      'INSERT INTO member_session (id, member_id, created_at) VALUES ($1, $2, now())',
      [sid, Number(claims.sub)],
    );
  }
  return new SignJWT(sid === null ? { ver: claims.ver } : { ver: claims.ver, sid })
    .setProtectedHeader({ alg: 'HS256' })
    .setSubject(claims.sub)
    .setIssuer(options.issuer ?? t.config.jwt.issuer)
    .setAudience(options.audience ?? t.config.jwt.audience)
    .setIssuedAt(now)
    .setExpirationTime(options.exp ?? now + 3600)
    .sign(new TextEncoder().encode(options.secret ?? t.config.jwt.secret));
}

describe('access tokens', () => {
  it('carry sub, exp in seconds, iss, aud and ver', async () => {
    const token = await t.register(uniqueMobile());
    const payload = JSON.parse(
      Buffer.from(token.split('.')[1] ?? '', 'base64url').toString(),
    ) as Record<string, unknown>;
    const now = Math.floor(t.clock.now().getTime() / 1000);
    expect(payload).toMatchObject({ iss: 'pcb-member-centre', aud: 'member', ver: 0 });
    expect(payload.exp).toBe((payload.iat as number) + 86_400);
    expect(Math.abs((payload.iat as number) - now)).toBeLessThanOrEqual(1);
    expect(typeof payload.sub).toBe('string');
  });

  it('only ever show their own member', async () => {
    const a = uniqueMobile();
    const b = uniqueMobile();
    const tokenA = await t.register(a);
    const tokenB = await t.register(b);
    const infoA = await t.get<MemberInfo>('/api/MemberInfo/Get', { token: tokenA });
    const infoB = await t.get<MemberInfo>('/api/MemberInfo/Get', { token: tokenB });
    expect(infoA.body.data.mobile).toBe(a);
    expect(infoB.body.data.mobile).toBe(b);
    expect(infoA.body.data.id).not.toBe(infoB.body.data.id);
    // Query parameters naming another member change nothing.
    const probe = await t.get<MemberInfo>('/api/MemberInfo/Get', {
      token: tokenA,
      query: { id: String(infoB.body.data.id), mobile: b },
    });
    expect(probe.body.data.mobile).toBe(a);
  });

  it('are refused when missing or not a bearer token', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/MemberInfo/Get',
      headers: { authorization: 'Basic abc' },
    });
    expect(res.statusCode).toBe(401);
    expect((await t.get('/api/MemberInfo/Get')).status).toBe(401);
  });

  it('are refused once expired', async () => {
    const token = await t.register(uniqueMobile());
    expect((await t.get('/api/MemberInfo/Get', { token })).status).toBe(200);
    t.clock.advance(86_400_000 + 1_000);
    await expectUnauthorized(token);
  });

  it('are refused when tampered with', async () => {
    const token = await t.register(uniqueMobile());
    const [header, payload, signature] = token.split('.') as [string, string, string];
    const claims = JSON.parse(Buffer.from(payload, 'base64url').toString()) as Record<
      string,
      unknown
    >;
    const forged = Buffer.from(
      JSON.stringify({ ...claims, sub: String(Number(claims.sub) + 1) }),
    ).toString('base64url');
    await expectUnauthorized(`${header}.${forged}.${signature}`);
    await expectUnauthorized(
      await sign(
        { sub: String(claims.sub), ver: 0 },
        { secret: 'another-secret-that-is-long-enough-1234' },
      ),
    );
  });

  it('are refused for another audience or issuer', async () => {
    const { id } = await t.createMember({ mobile: uniqueMobile() });
    expect(
      (await t.get('/api/MemberInfo/Get', { token: await sign({ sub: String(id), ver: 0 }) }))
        .status,
    ).toBe(200);
    await expectUnauthorized(await sign({ sub: String(id), ver: 0 }, { audience: 'staff' }));
    await expectUnauthorized(await sign({ sub: String(id), ver: 0 }, { issuer: 'someone-else' }));
  });

  it('are revoked by bumping the member token version', async () => {
    const { id, token } = await t.createMember({ mobile: uniqueMobile() });
    expect((await t.get('/api/MemberInfo/Get', { token })).status).toBe(200);
    await t.database.pool.query(
      'UPDATE member SET token_version = token_version + 1 WHERE id = $1',
      [id],
    );
    await expectUnauthorized(token);
    expect(
      (await t.get('/api/MemberInfo/Get', { token: await sign({ sub: String(id), ver: 1 }) }))
        .status,
    ).toBe(200);
  });

  it("name a live session of the member: without one, or in another member's, they are refused", async () => {
    const { id } = await t.createMember({ mobile: uniqueMobile() });
    const other = await t.createMember({ mobile: uniqueMobile() });
    await expectUnauthorized(await sign({ sub: String(id), ver: 0, sid: null }));
    await expectUnauthorized(await sign({ sub: String(id), ver: 0, sid: randomUUID() }));
    const otherSession = JSON.parse(
      Buffer.from(other.token.split('.')[1] ?? '', 'base64url').toString(),
    ) as { sid: string };
    await expectUnauthorized(await sign({ sub: String(id), ver: 0, sid: otherSession.sid }));
  });

  it('stop working when the member is disabled', async () => {
    const { id, token } = await t.createMember({ mobile: uniqueMobile() });
    await t.database.pool.query("UPDATE member SET status = 'disabled' WHERE id = $1", [id]);
    await expectUnauthorized(token);
  });

  it('are optional on CKInfo.Add: a bad token is ignored there', async () => {
    const res = await t.post(
      '/api/CKInfo/Add',
      { FirstHref: 'https://m.example.com/member', GUID: '0123456789abcdef0123456789abcdef' },
      { token: 'not.a.token' },
    );
    expect(res.status).toBe(200);
  });
});
