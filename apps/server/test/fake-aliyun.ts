import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface RecordedCall {
  params: Record<string, string>;
  method: string;
  contentType: string | undefined;
}

/** A local stand-in for an Aliyun RPC endpoint: records each call, answers what a test says. */
export async function startFakeAliyun(
  respond: (params: Record<string, string>) => { status?: number; body: unknown },
) {
  const calls: RecordedCall[] = [];
  const server = http.createServer((req, res) => {
    let raw = '';
    req.on('data', (chunk: Buffer) => (raw += chunk.toString('utf8')));
    req.on('end', () => {
      const params = Object.fromEntries(new URLSearchParams(raw));
      calls.push({ params, method: req.method ?? '', contentType: req.headers['content-type'] });
      const { status = 200, body } = respond(params);
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(body));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    endpoint: `http://127.0.0.1:${port}`,
    calls,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
