import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { allEndpoints, type EndpointDef } from '@pcb/contract';
import { buildTestApp, uniqueMobile, type TestApp } from './helper';

let t: TestApp;
let switchedToken: string;
beforeAll(async () => {
  t = await buildTestApp();
  const main = await t.createMember({ mobile: uniqueMobile() });
  const related = await t.createMember({ mobile: uniqueMobile() });
  await t.database.pool.query(
    `INSERT INTO member_relation (main_member_id, related_member_id, status, created_at, decided_at)
     VALUES ($1, $2, 'approved', now(), now())`,
    [main.id, related.id],
  );
  const res = await t.get<{ accessToken: string }>('/api/MemberRelationApprove/SwitchMember', {
    token: main.token,
    query: { id: String(related.id) },
  });
  expect(res.status).toBe(200);
  switchedToken = res.body.data.accessToken;
});
afterAll(async () => t?.close());

const SWITCHED_REFUSED = '关联账号身份下不能修改账号安全设置，请先切回主账号';

function call(endpoint: EndpointDef) {
  const options = { token: switchedToken };
  if (endpoint.method === 'GET') return t.get(endpoint.path, options);
  return t.request({
    method: endpoint.method,
    url: endpoint.path,
    headers: { authorization: `Bearer ${switchedToken}`, 'content-type': 'application/json' },
    payload: '{}',
  });
}

// Generated from the contract: every endpoint that knows its caller declares what a switched
// session may do with it, and the server does exactly that.
describe('a switched session (a main member acting in a related account)', () => {
  // Staff endpoints know a staff member, never a member: switching does not apply to them.
  const known = allEndpoints.filter((e) => e.access === 'member' || e.access === 'optional');

  it('is declared for every endpoint that knows its caller', () => {
    for (const endpoint of known) {
      expect(['allow', 'refuse'], endpoint.path).toContain(endpoint.whenSwitched);
    }
  });

  for (const endpoint of known.filter((e) => e.whenSwitched === 'refuse')) {
    it(`is refused ${endpoint.path}`, async () => {
      const res = await call(endpoint);
      expect(res.status).toBe(403);
      expect(res.body).toEqual({ success: false, data: null, message: SWITCHED_REFUSED });
    });
  }

  for (const endpoint of known.filter((e) => e.whenSwitched === 'allow')) {
    it(`may call ${endpoint.path}`, async () => {
      const res = await call(endpoint);
      // The call may still fail on its own input, but never for being switched.
      expect(res.body.message).not.toBe(SWITCHED_REFUSED);
      expect(res.status).not.toBe(403);
    });
  }
});
