import { spawn } from 'node:child_process';
import { closeSync, mkdtempSync, openSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serverRoot } from '../src/lib/paths';
import { loggerOptions } from '../src/logger';
import { buildTestApp, createTestDatabase, testConfig, uniqueMobile, type TestApp } from './helper';
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

describe('request logs', () => {
  it('write one line per request: method, url without credentials, status, time, request id', async () => {
    lines.length = 0;
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/WechatMb/GetByOpenId?openId=sealed-secret',
      remoteAddress: '203.0.113.7',
    });
    const parsed = lines.map((line) => JSON.parse(line) as Record<string, unknown>);
    const reqIds = new Set(
      parsed.filter((line) => JSON.stringify(line).includes('GetByOpenId')).map((l) => l.reqId),
    );
    const mine = parsed.filter((line) => reqIds.has(line.reqId));
    expect(mine).toHaveLength(1);
    expect(mine[0]).toMatchObject({
      level: 30,
      msg: 'request completed',
      method: 'GET',
      url: '/api/WechatMb/GetByOpenId?openId=%5Bredacted%5D',
      statusCode: res.statusCode,
      remoteAddress: '203.0.113.7',
    });
    expect(mine[0]!.reqId).toEqual(expect.any(String));
    expect(mine[0]!.responseTime).toEqual(expect.any(Number));
  });
});

/**
 * The server as `npm start` runs it (src/main.ts, development, `info`), its stdout a file, as a
 * deployment writes its log: `signal` ends it right after its last answer.
 */
async function serverLogAfter(signal: NodeJS.Signals): Promise<{ log: string; urls: string[] }> {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'pcb-request-log-'));
  const file = path.join(dir, 'server.log');
  const out = openSync(file, 'w');
  const { NODE_ENV: _nodeEnv, LOG_LEVEL: _logLevel, ...env } = process.env;
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
    cwd: serverRoot(),
    stdio: ['ignore', out, 'inherit'],
    env: {
      ...env,
      DATABASE_URL: await createTestDatabase(),
      HOST: '127.0.0.1',
      PORT: '0',
      WEB_DIST_DIR: '/nonexistent-web-dist',
    },
  });
  closeSync(out);
  const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
  try {
    let base = '';
    for (let waited = 0; !base; waited += 100) {
      if (waited > 60_000) throw new Error('the server did not start within 60 s');
      await new Promise((r) => setTimeout(r, 100));
      base = /会员中心已启动: (http:\/\/\S+)/.exec(readFileSync(file, 'utf8'))?.[1] ?? '';
    }
    // A few KB of lines, less than the buffer holds, the last one just before the signal.
    const urls = Array.from({ length: 8 }, (_, i) => `/api/Captcha/GetConfig?last=${signal}-${i}`);
    for (const url of urls) expect((await fetch(base + url)).status).toBe(200);
    child.kill(signal);
    expect(await exited).toBe(0);
    return { log: readFileSync(file, 'utf8'), urls };
  } finally {
    if (child.exitCode === null) child.kill('SIGKILL');
    rmSync(dir, { recursive: true, force: true });
  }
}

describe('the server process', () => {
  it.each(['SIGTERM', 'SIGINT'] as const)(
    'writes its last request lines before it exits on %s',
    async (signal) => {
      const { log, urls } = await serverLogAfter(signal);
      for (const url of urls) expect(log).toContain(`"url":"${url}"`);
      expect(log).toContain(`"signal":"${signal}"`);
    },
    90_000,
  );
});
