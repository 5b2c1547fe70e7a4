import { createHmac } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { UploadTicket } from '@pcb/contract';
import { createAliyunOss, signOssRequest } from '../src/integrations/oss/aliyun-oss';
import { buildTestApp, uniqueMobile, type TestApp } from './helper';
import { getTicket, postToSandbox, ticketFields } from './upload-support';

let t: TestApp;
let token: string;
let memberId: number;
beforeAll(async () => {
  t = await buildTestApp();
  ({ id: memberId, token } = await t.createMember({ mobile: uniqueMobile() }));
});
afterAll(async () => t?.close());

const decodePolicy = (ticket: UploadTicket) =>
  JSON.parse(Buffer.from(ticket.policy, 'base64').toString('utf8')) as {
    expiration: string;
    conditions: unknown[];
  };

const errorCode = (body: string) => /<Code>([^<]+)<\/Code>/.exec(body)?.[1];

describe('Common.getUploadCode', () => {
  it('issues a signed PostObject ticket for one key of the member', async () => {
    const ticket = await getTicket(t, token, 'PDF');
    expect(ticket.dir).toBe(`identity/${memberId}/`);
    expect(ticket.filename).toMatch(/^[0-9a-f-]{36}$/);
    expect(ticket.fileExt).toBe('.pdf');
    expect(ticket.host).toBe('/sandbox/oss');
    const policy = decodePolicy(ticket);
    const key = `${ticket.dir}${ticket.filename}.pdf`;
    expect(policy.conditions).toEqual([
      ['eq', '$key', key],
      ['content-length-range', 1, 10 * 1024 * 1024],
      ['eq', '$success_action_status', '200'],
      ['eq', '$x-oss-forbid-overwrite', 'true'],
    ]);
    const expiresIn = Date.parse(policy.expiration) - t.clock.now().getTime();
    expect(expiresIn).toBe(10 * 60_000);
    expect(policy.expiration).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
    // OSS's signature: base64(HMAC-SHA1(secret, policy)).
    expect(ticket.signature).toBe(
      createHmac('sha1', t.app.platform.sandbox.ossAccessKeySecret)
        .update(ticket.policy)
        .digest('base64'),
    );
    const { rows } = await t.database.pool.query(
      'SELECT member_id, dir_type FROM upload_object WHERE key = $1',
      [key],
    );
    expect(rows).toEqual([{ member_id: memberId, dir_type: 'identity' }]);
  });

  it('gives every ticket its own key', async () => {
    const [a, b] = [await getTicket(t, token), await getTicket(t, token)];
    expect(a.filename).not.toBe(b.filename);
  });

  it('accepts .jpg .jpeg .png .pdf only', async () => {
    for (const ext of ['jpg', '.jpeg', 'png', '.PNG']) {
      expect((await getTicket(t, token, ext)).fileExt).toMatch(/^\.(jpg|jpeg|png)$/);
    }
    for (const ext of ['.exe', 'gif', '.svg', 'html']) {
      const res = await t.get('/api/Common/getUploadCode', {
        token,
        query: { dirType: 'identity', fileExt: ext },
      });
      expect(res.status).toBe(400);
      expect(res.body.message).toBe('不支持的文件类型');
    }
    const unknownDir = await t.get('/api/Common/getUploadCode', {
      token,
      query: { dirType: 'orders', fileExt: '.pdf' },
    });
    expect(unknownDir.status).toBe(400);
  });

  it('needs a login', async () => {
    const res = await t.get('/api/Common/getUploadCode', {
      query: { dirType: 'identity', fileExt: '.pdf' },
    });
    expect(res.status).toBe(401);
  });
});

describe('the OSS sandbox', () => {
  it('stores a good upload and answers 200 with an empty body', async () => {
    const ticket = await getTicket(t, token);
    const content = Buffer.from('%PDF-1.4 identity document');
    const res = await postToSandbox(t, ticketFields(ticket), { content, name: 'id.pdf' });
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe('');
    expect(res.headers.etag).toMatch(/^"[0-9A-F]{32}"$/);
    const stored = path.join(t.dataDir, 'objects', ticket.dir, `${ticket.filename}.pdf`);
    expect(readFileSync(stored)).toEqual(content);
    expect(await t.app.platform.storage.exists(`${ticket.dir}${ticket.filename}.pdf`)).toBe(true);
  });

  it('writes a key once: the same ticket cannot replace the file, even within its 10 minutes', async () => {
    const ticket = await getTicket(t, token);
    const key = `${ticket.dir}${ticket.filename}.pdf`;
    const stored = path.join(t.dataDir, 'objects', ...key.split('/'));
    const first = Buffer.from('%PDF-1.4 the document ordered');
    expect((await postToSandbox(t, ticketFields(ticket), { content: first })).statusCode).toBe(200);
    t.clock.advance(5 * 60_000);
    const again = await postToSandbox(t, ticketFields(ticket), {
      content: Buffer.from('%PDF-1.4 a swapped document'),
    });
    expect(again.statusCode).toBe(409);
    expect(errorCode(again.body)).toBe('FileAlreadyExists');
    // Leaving the field out (or saying false) breaks the signed policy.
    const { 'x-oss-forbid-overwrite': _omitted, ...without } = ticketFields(ticket);
    const unsigned = await postToSandbox(t, without, { content: Buffer.from('%PDF-1.4 x') });
    expect(unsigned.statusCode).toBe(403);
    const overwrite = await postToSandbox(
      t,
      { ...ticketFields(ticket), 'x-oss-forbid-overwrite': 'false' },
      { content: Buffer.from('%PDF-1.4 x') },
    );
    expect(overwrite.statusCode).toBe(403);
    expect(readFileSync(stored)).toEqual(first);
  });

  it('keeps exactly one of parallel uploads to one key', async () => {
    const ticket = await getTicket(t, token);
    const contents = Array.from({ length: 10 }, (_, i) => Buffer.from(`%PDF-1.4 copy ${i}`));
    const answers = await Promise.all(
      contents.map((content) => postToSandbox(t, ticketFields(ticket), { content })),
    );
    const winners = answers.flatMap((a, i) => (a.statusCode === 200 ? [i] : []));
    expect(winners).toHaveLength(1);
    expect(answers.filter((a) => a.statusCode === 409)).toHaveLength(9);
    const stored = path.join(t.dataDir, 'objects', ticket.dir, `${ticket.filename}.pdf`);
    expect(readFileSync(stored)).toEqual(contents[winners[0]!]);
  });

  it('does not serve the stored objects', async () => {
    const ticket = await getTicket(t, token);
    await postToSandbox(t, ticketFields(ticket));
    const key = `${ticket.dir}${ticket.filename}.pdf`;
    for (const url of [`/sandbox/oss/${key}`, `/${key}`, `/objects/${key}`]) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(404);
      expect(res.body).not.toContain('PDF-1.4');
    }
  });

  it('refuses a bad signature', async () => {
    const ticket = await getTicket(t, token);
    const res = await postToSandbox(t, {
      ...ticketFields(ticket),
      Signature: 'AAAAAAAAAAAAAAAAAAAAAAAAAAA=',
    });
    expect(res.statusCode).toBe(403);
    expect(res.headers['content-type']).toContain('application/xml');
    expect(errorCode(res.body)).toBe('SignatureDoesNotMatch');
  });

  it('refuses a policy altered after signing', async () => {
    const ticket = await getTicket(t, token);
    const policy = decodePolicy(ticket);
    policy.conditions[1] = ['content-length-range', 1, 1024 * 1024 * 1024];
    const forged = Buffer.from(JSON.stringify(policy)).toString('base64');
    const res = await postToSandbox(t, { ...ticketFields(ticket), policy: forged });
    expect(res.statusCode).toBe(403);
    expect(errorCode(res.body)).toBe('SignatureDoesNotMatch');
  });

  it('refuses an unknown access key and an anonymous post', async () => {
    const ticket = await getTicket(t, token);
    const unknown = await postToSandbox(t, {
      ...ticketFields(ticket),
      OSSAccessKeyId: 'LTAI-other',
    });
    expect(unknown.statusCode).toBe(403);
    expect(errorCode(unknown.body)).toBe('InvalidAccessKeyId');
    const { OSSAccessKeyId: _id, ...anonymous } = ticketFields(ticket);
    const res = await postToSandbox(t, anonymous);
    expect(res.statusCode).toBe(403);
    expect(errorCode(res.body)).toBe('AccessDenied');
  });

  it('refuses an expired policy', async () => {
    const ticket = await getTicket(t, token);
    t.clock.advance(10 * 60_000 + 1_000);
    const res = await postToSandbox(t, ticketFields(ticket));
    expect(res.statusCode).toBe(403);
    expect(errorCode(res.body)).toBe('AccessDenied');
    expect(res.body).toContain('Policy expired');
  });

  it('refuses a key other than the ticket’s', async () => {
    const ticket = await getTicket(t, token);
    for (const key of [
      `identity/${memberId + 1}/${ticket.filename}.pdf`,
      `${ticket.dir}other.pdf`,
    ]) {
      const res = await postToSandbox(t, { ...ticketFields(ticket), key });
      expect(res.statusCode).toBe(403);
      expect(errorCode(res.body)).toBe('AccessDenied');
      expect(res.body).toContain('Policy Condition failed');
      expect(existsSync(path.join(t.dataDir, 'objects', key))).toBe(false);
    }
  });

  it('refuses another success_action_status than the policy’s', async () => {
    const ticket = await getTicket(t, token);
    const res = await postToSandbox(t, { ...ticketFields(ticket), success_action_status: '201' });
    expect(res.statusCode).toBe(403);
    expect(res.body).toContain('success_action_status');
  });

  it('refuses an oversize file and an empty one', async () => {
    const ticket = await getTicket(t, token);
    const big = await postToSandbox(t, ticketFields(ticket), {
      content: Buffer.alloc(10 * 1024 * 1024 + 1, 1),
    });
    expect(big.statusCode).toBe(400);
    expect(errorCode(big.body)).toBe('EntityTooLarge');
    const empty = await postToSandbox(t, ticketFields(ticket), { content: Buffer.alloc(0) });
    expect(errorCode(empty.body)).toBe('EntityTooSmall');
    // Exactly the limit is fine.
    const exact = await postToSandbox(t, ticketFields(ticket), {
      content: Buffer.alloc(10 * 1024 * 1024, 1),
    });
    expect(exact.statusCode).toBe(200);
  });

  it('refuses a form without a file, and a request that is no form', async () => {
    const ticket = await getTicket(t, token);
    const noFile = await postToSandbox(t, ticketFields(ticket), null);
    expect(noFile.statusCode).toBe(400);
    const json = await t.app.inject({
      method: 'POST',
      url: '/sandbox/oss',
      payload: { key: 'x' },
    });
    expect(json.statusCode).toBe(400);
    expect(errorCode(json.body)).toBe('InvalidArgument');
  });

  it('takes the form field names without regard to case, as OSS does', async () => {
    const ticket = await getTicket(t, token);
    const fields = ticketFields(ticket);
    const res = await postToSandbox(t, {
      key: fields.key ?? '',
      ossaccesskeyid: fields.OSSAccessKeyId ?? '',
      policy: fields.policy ?? '',
      signature: fields.Signature ?? '',
      success_action_status: '200',
      'X-OSS-Forbid-Overwrite': 'true',
    });
    expect(res.statusCode).toBe(200);
  });
});

describe('the Aliyun OSS adapter', () => {
  let server: http.Server;
  let host: string;
  const calls: { method: string; url: string; date?: string; authorization?: string }[] = [];
  beforeAll(async () => {
    server = http.createServer((req, res) => {
      calls.push({
        method: req.method ?? '',
        url: req.url ?? '',
        date: req.headers.date,
        authorization: req.headers.authorization,
      });
      const expected = `OSS LTAI-oss:${signOssRequest('oss-secret', {
        method: 'HEAD',
        date: req.headers.date ?? '',
        bucket: 'pcb-files',
        key: decodeURIComponent((req.url ?? '').slice(1)),
      })}`;
      if (req.headers.authorization !== expected) res.writeHead(403);
      else if (req.url === '/identity/1/present.pdf') res.writeHead(200);
      else if (req.url === '/identity/1/broken.pdf') res.writeHead(500);
      else res.writeHead(404);
      res.end();
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    host = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => new Promise<void>((resolve) => server.close(() => resolve())));

  const oss = (secret = 'oss-secret') =>
    createAliyunOss({
      accessKeyId: 'LTAI-oss',
      accessKeySecret: secret,
      bucketHost: host,
      bucket: 'pcb-files',
    });

  it('checks existence with a signed HeadObject', async () => {
    expect(await oss().exists('identity/1/present.pdf')).toBe(true);
    expect(await oss().exists('identity/1/missing.pdf')).toBe(false);
    const call = calls.at(-1);
    expect(call?.method).toBe('HEAD');
    expect(call?.url).toBe('/identity/1/missing.pdf');
    expect(call?.date).toMatch(/GMT$/);
    // The V1 header signature: HMAC-SHA1 over VERB, MD5, type, date and /bucket/key.
    expect(call?.authorization).toBe(
      `OSS LTAI-oss:${createHmac('sha1', 'oss-secret')
        .update(`HEAD\n\n\n${call?.date}\n/pcb-files/identity/1/missing.pdf`)
        .digest('base64')}`,
    );
  });

  it('turns a refusal or an outage into an error, not a "missing"', async () => {
    await expect(oss('wrong-secret').exists('identity/1/present.pdf')).rejects.toThrow(/403/);
    await expect(oss().exists('identity/1/broken.pdf')).rejects.toThrow(/500/);
  });

  it('issues tickets for the bucket host with its own keys', () => {
    const ticket = oss().createPostTicket({
      dir: 'identity/1/',
      filename: 'abc',
      fileExt: '.png',
      maxBytes: 100,
      expiresAt: new Date('2030-01-01T00:00:00.000Z'),
    });
    expect(ticket).toMatchObject({ host, accessid: 'LTAI-oss' });
    expect(ticket.signature).toBe(
      createHmac('sha1', 'oss-secret').update(ticket.policy).digest('base64'),
    );
  });

  it('adds the bucket to connect-src when configured, and drops the sandbox', async () => {
    const real = await buildTestApp({
      env: {
        OSS_ACCESS_KEY_ID: 'LTAI-oss',
        OSS_ACCESS_KEY_SECRET: 'oss-secret',
        OSS_BUCKET_HOST: host,
        OSS_BUCKET: 'pcb-files',
      },
    });
    try {
      const { token: own } = await real.createMember({ mobile: uniqueMobile() });
      const res = await real.app.inject({
        method: 'GET',
        url: '/api/Common/getUploadCode?dirType=identity&fileExt=.jpg',
        headers: { authorization: `Bearer ${own}` },
      });
      const page = await real.app.inject({ method: 'GET', url: '/login' });
      expect(String(page.headers['content-security-policy'])).toContain(
        `connect-src 'self' ${host}`,
      );
      expect((res.json() as { data: UploadTicket }).data.host).toBe(host);
      const sandbox = await postToSandbox(real, { key: 'x' });
      expect(sandbox.statusCode).toBe(404);
    } finally {
      await real.close();
    }
  });
});
