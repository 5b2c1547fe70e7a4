import { createHash } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface Kuaidi100Call {
  path: string;
  method: string;
  contentType: string | undefined;
  form: Record<string, string>;
  /** The `param` field, parsed. */
  param: Record<string, string>;
}

/**
 * A local stand-in for Kuaidi100's real-time query: checks each call's signature as Kuaidi100
 * does (upper-case MD5 of param + key + customer, computed here on its own) and refuses a bad
 * one with its "验证签名失败" answer; otherwise answers what the test says.
 */
export async function startFakeKuaidi100(
  account: { customer: string; key: string },
  respond: (param: Record<string, string>) => { status?: number; body: unknown },
) {
  const calls: Kuaidi100Call[] = [];
  const server = http.createServer((req, res) => {
    let raw = '';
    req.on('data', (chunk: Buffer) => (raw += chunk.toString('utf8')));
    req.on('end', () => {
      const form = Object.fromEntries(new URLSearchParams(raw));
      let param: Record<string, string> = {};
      try {
        param = JSON.parse(form.param ?? '') as Record<string, string>;
      } catch {
        // answered as a bad signature below
      }
      calls.push({
        path: req.url ?? '',
        method: req.method ?? '',
        contentType: req.headers['content-type'],
        form,
        param,
      });
      const expected = createHash('md5')
        .update(`${form.param ?? ''}${account.key}${account.customer}`)
        .digest('hex')
        .toUpperCase();
      const signed = form.customer === account.customer && form.sign === expected;
      const { status = 200, body } = signed
        ? respond(param)
        : { body: { result: false, returnCode: '503', message: '验证签名失败' } };
      res.writeHead(status, { 'content-type': 'application/json;charset=UTF-8' });
      res.end(JSON.stringify(body));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    endpoint: `http://127.0.0.1:${port}/poll/query.do`,
    calls,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** A track as Kuaidi100 answers it (resultv2=1: area names on each step). */
export const kuaidi100Answer = (num: string, state: string, data: unknown[]) => ({
  message: 'ok',
  nu: num,
  ischeck: state === '3' ? '1' : '0',
  com: 'shunfeng',
  status: '200',
  condition: 'F00',
  state,
  data,
});
