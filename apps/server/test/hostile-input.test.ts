import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { allEndpoints, staffRoles, type EndpointDef } from '@pcb/contract';
import { buildTestApp, uniqueMobile, type TestApp } from './helper';
import { createStaff, sessionFor } from './staff-support';

/**
 * Generated from the contract: every endpoint, every field, hostile values (control
 * characters, bidirectional controls and invisible characters, lone surrogates, numbers beyond their column, wrong types, huge text), plus
 * bodies that are not objects and broken JSON. The answer is always the envelope, never a 5xx;
 * text with control or invisible characters is always a 400.
 */
let t: TestApp;
let token: string;
/** Staff endpoints get a staff session holding every role, so the input is what is tested. */
let staffHeaders: Record<string, string>;
beforeAll(async () => {
  t = await buildTestApp({ env: { SMS_IP_DAILY_LIMIT: '100000' } });
  token = (await t.createMember({ mobile: uniqueMobile() })).token;
  const staff = await sessionFor(t, (await createStaff(t, { roles: [...staffRoles] })).id);
  staffHeaders = { cookie: staff.cookie, 'x-csrf-token': staff.csrf };
});

const credentialsFor = (endpoint: EndpointDef): Record<string, string> =>
  endpoint.access === 'staff' ? staffHeaders : { authorization: `Bearer ${token}` };
afterAll(async () => t?.close());

interface ZodLike {
  _zod: { def: Record<string, unknown> & { type: string } };
  safeParse: (value: unknown) => { success: boolean };
}

const WRAPPERS = new Set(['optional', 'nullable', 'default', 'prefault', 'readonly', 'catch']);

function unwrap(schema: ZodLike): ZodLike {
  let current = schema;
  for (;;) {
    const { def } = current._zod;
    if (WRAPPERS.has(def.type)) current = def.innerType as ZodLike;
    else if (def.type === 'pipe') current = def.in as ZodLike;
    else return current;
  }
}

/** The fields of an input (unions of objects merge their fields), with their schemas. */
function fieldsOf(schema: ZodLike, prefix: string[] = []): { path: string[]; schema: ZodLike }[] {
  const inner = unwrap(schema);
  const { def } = inner._zod;
  if (def.type === 'object') {
    return Object.entries(def.shape as Record<string, ZodLike>).flatMap(([name, field]) => {
      const nested = unwrap(field)._zod.def.type === 'object';
      return nested
        ? fieldsOf(field, [...prefix, name])
        : [{ path: [...prefix, name], schema: field }];
    });
  }
  if (def.type === 'union') {
    return (def.options as ZodLike[]).flatMap((option) => fieldsOf(option, prefix));
  }
  return [];
}

const SAMPLE_STRINGS = [
  uniqueMobile(),
  '123456',
  'Secret123',
  'https://example.com/callback',
  'jpg',
  '0123456789abcdef0123456789abcdef',
  'x'.repeat(40),
  '2026-01-01T00:00:00+08:00',
  'sample@example.com',
  '91350100M000100Y43',
  '370x470',
  // A day of the order desk's filters, an order number (decision 0042).
  '2026-01-01',
  'P202601010001',
  // A request id (a uuid: money calls, placing an order).
  '123e4567-e89b-42d3-a456-426614174000',
];

/** A value the field accepts, so that a hostile value in another field is the only fault. */
function sample(schema: ZodLike): unknown {
  const { def } = schema._zod;
  if (WRAPPERS.has(def.type)) return sample(def.innerType as ZodLike);
  if (def.type === 'pipe') {
    // A query-string number (`"6"` → 6 → one of a list): the list's value when the text's is not.
    const first = sample(def.in as ZodLike);
    if (schema.safeParse(first).success) return first;
    return sample(def.out as ZodLike);
  }
  return sampleOf(schema);
}

function sampleOf(schema: ZodLike): unknown {
  const inner = unwrap(schema);
  const { def } = inner._zod;
  switch (def.type) {
    case 'object':
      return Object.fromEntries(
        Object.entries(def.shape as Record<string, ZodLike>).map(([k, v]) => [k, sample(v)]),
      );
    case 'union':
      return sample((def.options as ZodLike[])[0] as ZodLike);
    case 'enum':
      return Object.values(def.entries as Record<string, unknown>)[0];
    case 'array':
      return [sample(def.element as ZodLike)];
    case 'literal':
      return (def.values as unknown[])[0];
    case 'boolean':
      return true;
    case 'number':
      // The least of a few round numbers the field takes (a top-up starts at 100 fen).
      return [1, 100, 10_000].find((n) => schema.safeParse(n).success) ?? 1;
    case 'record':
      return {};
    default:
      return SAMPLE_STRINGS.find((value) => schema.safeParse(value).success) ?? 'x';
  }
}

function withValue(base: unknown, path: string[], value: unknown): Record<string, unknown> {
  const copy = structuredClone((base ?? {}) as Record<string, unknown>);
  let target = copy;
  for (const key of path.slice(0, -1)) {
    const next = target[key];
    target[key] = next && typeof next === 'object' ? next : {};
    target = target[key] as Record<string, unknown>;
  }
  target[path[path.length - 1] as string] = value;
  return copy;
}

const CONTROL_TEXT = ['a\u0000b', 'a\u001bb', '\u007f', 'a\ud800b'];
/** Bidirectional controls and invisible characters (decision 0034): refused like controls. */
const INVISIBLE_TEXT = [
  'design\u202Epiz.exe',
  'a\u2066b\u2069',
  'a\u200Fb',
  'a\u200Bb',
  'a\u200Db',
  '\uFEFFab',
  'a\u2060b',
];
const REFUSED_TEXT = [...CONTROL_TEXT, ...INVISIBLE_TEXT];
const HOSTILE = [
  ...REFUSED_TEXT,
  'x'.repeat(70_000),
  2_147_483_648,
  2 ** 53 + 2,
  1e308,
  -1,
  1.5,
  true,
  null,
  [],
  {},
];

async function send(endpoint: EndpointDef, input: unknown) {
  const headers = credentialsFor(endpoint);
  if (endpoint.method === 'GET') {
    const query = new URLSearchParams();
    for (const [key, value] of Object.entries((input ?? {}) as Record<string, unknown>)) {
      query.set(key, typeof value === 'string' ? value : JSON.stringify(value));
    }
    return t.app.inject({ method: 'GET', url: `${endpoint.path}?${query.toString()}`, headers });
  }
  return t.app.inject({
    method: endpoint.method,
    url: endpoint.path,
    headers: { ...headers, 'content-type': 'application/json' },
    payload: JSON.stringify(input),
  });
}

/** The envelope, never a 5xx; `blamed`: the refusal names that field. */
function expectEnvelope(res: { statusCode: number; body: string }, what: string, blamed?: string) {
  expect(res.statusCode, what).toBeLessThan(500);
  const body = JSON.parse(res.body) as Record<string, unknown>;
  const keys = Object.keys(body).sort();
  expect(
    keys.filter((k) => k !== 'field'),
    what,
  ).toEqual(['data', 'message', 'success']);
  expect(typeof body.message, what).toBe('string');
  if (blamed !== undefined) expect(body.field, what).toBe(blamed);
}

describe('hostile input, on every endpoint of the contract', () => {
  it('reaches every field, nested ones and those of either form of a union', () => {
    const paths = (action: string, module = 'MemberAuth') =>
      fieldsOf(
        allEndpoints.find((e) => e.module === module && e.action === action)
          ?.input as unknown as ZodLike,
      ).map((f) => f.path.join('.'));
    expect(paths('Login')).toEqual([
      'userNameOrMobile',
      'password',
      'userAgent',
      'ncVerifyDto.provider',
      'ncVerifyDto.token',
    ]);
    expect(paths('bind', 'WechatMb')).toEqual(
      expect.arrayContaining(['openId', 'password', 'mobile', 'smsCode']),
    );
  });

  for (const endpoint of allEndpoints) {
    const input = endpoint.input as unknown as ZodLike;
    it(`${endpoint.method} ${endpoint.path}`, async () => {
      const base = sample(input);
      for (const { path } of fieldsOf(input)) {
        for (const value of HOSTILE) {
          const what = `${path.join('.')} = ${JSON.stringify(value).slice(0, 40)}`;
          const res = await send(endpoint, withValue(base, path, value));
          // The sample is valid elsewhere: text with control characters is refused on its field
          // (a query string carries a lone surrogate as U+FFFD, which is no longer hostile).
          const refused = REFUSED_TEXT.includes(value as string);
          const reachesServer = endpoint.method !== 'GET' || value !== 'a\ud800b';
          // A field of the union's other form is dropped when the sampled form matches.
          const isUnion = input._zod.def.type === 'union';
          const blamed = refused && reachesServer && !isUnion ? path.join('.') : undefined;
          expectEnvelope(res, what, blamed);
          if (refused) expect(res.statusCode, what).toBe(400);
        }
      }
      if (endpoint.method !== 'GET') {
        for (const body of ['[]', '"x"', '1', 'null', '{"a":', '\u0000']) {
          const res = await t.app.inject({
            method: endpoint.method,
            url: endpoint.path,
            headers: { ...credentialsFor(endpoint), 'content-type': 'application/json' },
            payload: body,
          });
          expectEnvelope(res, `body ${JSON.stringify(body)}`);
        }
      }
    });
  }

  it('names the invisible character in the message, on the field', async () => {
    const res = await t.post(
      '/api/MemberReceiver/Create',
      {
        receiverName: '张\u202E工',
        mobile: '13800138000',
        regionCode: '440305',
        address: '高新南七道 18 号',
      },
      { token },
    );
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({
      success: false,
      field: 'receiverName',
      message: '收货人：不能包含不可见字符或文字方向控制字符',
    });
  });

  it('GetOpenId with a NUL in state or code, and ids beyond an integer column', async () => {
    for (const query of ['code=a%00b&state=abc', 'code=abc&state=a%00b']) {
      const res = await t.app.inject({ method: 'GET', url: `/api/MemberAuth/GetOpenId?${query}` });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ success: false, message: /控制字符/ });
    }
    for (const action of ['Approve', 'Reject']) {
      const res = await t.post(
        `/api/MemberRelationApprove/${action}`,
        { id: 2_147_483_648 },
        { token },
      );
      expect(res.status).toBe(400);
      expect(res.body.message).toBe('编号：超出范围');
    }
    const res = await t.del('/api/MemberRelationApprove/Delete', { id: 2_147_483_648 }, { token });
    expect(res.status).toBe(400);
  });
});

describe('refusals of the HTTP layer', () => {
  let port = 0;
  beforeAll(async () => {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    port = (t.app.server.address() as net.AddressInfo).port;
  });

  const raw = (text: string) =>
    new Promise<string>((resolve) => {
      const socket = net.connect(port, '127.0.0.1', () => socket.write(text));
      let out = '';
      socket.on('data', (chunk: Buffer) => (out += chunk.toString()));
      socket.on('close', () => resolve(out));
    });

  const envelopeOf = (response: string) =>
    JSON.parse(response.slice(response.indexOf('\r\n\r\n') + 4)) as unknown;

  it('answers a header too large with 431 and the envelope', async () => {
    const res = await raw(
      `GET /api/Captcha/GetConfig HTTP/1.1\r\nHost: a\r\nX-Big: ${'x'.repeat(20_000)}\r\n\r\n`,
    );
    expect(res).toMatch(/^HTTP\/1\.1 431 /);
    expect(envelopeOf(res)).toEqual({ success: false, data: null, message: '请求头过大' });
  });

  it('answers a bad or doubled Content-Length, and a broken request line, with 400 and the envelope', async () => {
    for (const request of [
      'POST /api/MemberAuth/Login HTTP/1.1\r\nHost: a\r\nContent-Length: abc\r\n\r\n{}',
      'POST /api/MemberAuth/Login HTTP/1.1\r\nHost: a\r\nContent-Length: 2\r\nContent-Length: 3\r\n\r\n{}',
      'FOO /api/MemberAuth/Login HTTP/1.1\r\nHost: a\r\n\r\n',
    ]) {
      const res = await raw(request);
      expect(res).toMatch(/^HTTP\/1\.1 400 /);
      expect(envelopeOf(res)).toEqual({ success: false, data: null, message: '请求参数不正确' });
    }
  });
});
