import { createHash, createHmac } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { createAliyunOss } from './aliyun-oss';
import { ObjectStorageError } from './object-storage';

interface Received {
  method: string;
  url: string;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
}

/** A local stand-in for the bucket: records each request, answers with `status`. */
async function fakeBucket(status: number) {
  const received: Received[] = [];
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      received.push({
        method: req.method ?? '',
        url: req.url ?? '',
        headers: req.headers,
        body: Buffer.concat(chunks),
      });
      res.writeHead(status, { 'x-oss-request-id': 'REQ1' });
      res.end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    host: `http://127.0.0.1:${port}`,
    received,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

const closers: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const close of closers.splice(0)) await close();
});

describe('Aliyun OSS PutObject (the demo seed stores its files through it)', () => {
  const at = new Date('2026-11-26T08:00:00Z');

  it('puts the body with Content-MD5 and the header signature OSS documents', async () => {
    const bucket = await fakeBucket(200);
    closers.push(bucket.close);
    const storage = createAliyunOss(
      { accessKeyId: 'LTAI-id', accessKeySecret: 'secret', bucketHost: bucket.host, bucket: 'pcb' },
      { now: () => at },
    );
    const body = new TextEncoder().encode('PK\x03\x04 demo');
    await storage.put('pcbFile/7/demo 1.zip', body, 'application/zip');

    const [request] = bucket.received;
    const md5 = createHash('md5').update(body).digest('base64');
    const date = at.toUTCString();
    // VERB \n Content-MD5 \n Content-Type \n Date \n /bucket/key
    const expected = createHmac('sha1', 'secret')
      .update(`PUT\n${md5}\napplication/zip\n${date}\n/pcb/pcbFile/7/demo 1.zip`)
      .digest('base64');
    expect(request).toMatchObject({
      method: 'PUT',
      url: '/pcbFile/7/demo%201.zip',
      headers: {
        date,
        'content-md5': md5,
        'content-type': 'application/zip',
        authorization: `OSS LTAI-id:${expected}`,
      },
    });
    expect(request!.body.equals(Buffer.from(body))).toBe(true);
  });

  it('fails with the status and request id when OSS refuses', async () => {
    const bucket = await fakeBucket(403);
    closers.push(bucket.close);
    const storage = createAliyunOss({
      accessKeyId: 'LTAI-id',
      accessKeySecret: 'wrong',
      bucketHost: bucket.host,
      bucket: 'pcb',
    });
    const put = storage.put('pcbFile/7/a.zip', new Uint8Array([1]), 'application/zip');
    await expect(put).rejects.toThrow(ObjectStorageError);
    await expect(put).rejects.toThrow('OSS PutObject: HTTP 403 REQ1');
  });
});
