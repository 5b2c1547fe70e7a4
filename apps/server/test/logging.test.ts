import { Writable } from 'node:stream';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loggerOptions } from '../src/logger';
import { buildTestApp, testConfig, uniqueMobile, type TestApp } from './helper';
import { sandboxOpenId } from './wechat-support';

const lines: string[] = [];
const sink = new Writable({
  write(chunk: Buffer, _encoding, done) {
    lines.push(chunk.toString('utf8'));
    done();
  },
});

let t: TestApp;
beforeAll(async () => {
  const logger = pino({ ...loggerOptions(testConfig('postgres://unused')), level: 'trace' }, sink);
  t = await buildTestApp({ overrides: { loggerInstance: logger } });
});
afterAll(async () => t?.close());

describe('logs', () => {
  it('never contain the login password, the token or the captcha token', async () => {
    const mobile = uniqueMobile();
    const { token } = await t.createMember({ mobile, password: 'Secret123' });
    const ncVerifyDto = await t.solveCaptcha();
    await t.post('/api/MemberAuth/Login', {
      userNameOrMobile: mobile,
      password: 'Wr0ngPassw0rd',
      ncVerifyDto,
    });
    await t.get('/api/MemberInfo/Get', { token });
    const all = lines.join('');
    expect(all).toContain('/api/MemberAuth/Login');
    expect(all).not.toContain('Wr0ngPassw0rd');
    expect(all).not.toContain(token);
    expect(all).not.toContain(ncVerifyDto.token.slice(0, 40));
  });

  it('never contain a sealed openid or an OAuth code and state from the query string', async () => {
    const openId = await sandboxOpenId(t, 'logged-user');
    lines.length = 0;
    await t.get('/api/WechatMb/GetByOpenId', { query: { openId } });
    await t.get('/api/MemberAuth/GetOpenId', {
      query: { code: 'secret-code-123', state: 'secret-state-456' },
    });
    const all = lines.join('');
    expect(all).toContain('/api/WechatMb/GetByOpenId?openId=%5Bredacted%5D');
    expect(all).toContain('/api/MemberAuth/GetOpenId?code=%5Bredacted%5D&state=%5Bredacted%5D');
    expect(all).not.toContain(openId.split('.')[2] ?? 'x');
    expect(all).not.toMatch(/secret-code-123|secret-state-456/);
  });

  it('redact those fields when code logs them deliberately', () => {
    t.app.log.info(
      { password: 'p@ss', body: { smsCode: '123456', ncVerifyDto: { token: 'tok' } } },
      'debug',
    );
    const last = lines.at(-1) ?? '';
    expect(last).not.toMatch(/p@ss|123456|"tok"/);
    expect(last).toContain('[redacted]');
  });
});
