import { describe, expect, it } from 'vitest';
import type { InjectOptions } from 'fastify';
import { MemberReceiver } from '@pcb/contract/member-receiver';
import { StaffMember } from '@pcb/contract/staff-member';
import { call, unchecked } from './call';
import type { ApiResponse, TestApp } from './helper';

/** An app that records the request and answers `body`; `call` needs nothing else of it. */
function answering(body: ApiResponse['body']) {
  const sent: InjectOptions[] = [];
  const t = {
    request: async (options: InjectOptions) => {
      sent.push(options);
      return { status: 200, body, raw: {} } as ApiResponse<never>;
    },
  } as unknown as TestApp;
  return { t, sent };
}

const receiver = {
  id: 3,
  receiverName: '张工',
  mobile: '13800138000',
  region: { code: '440305', country: '中国', province: '广东省', city: '深圳市', county: '南山区' },
  address: '高新南七道 18 号',
  postcode: null,
  company: null,
  isDefault: true,
  createdAt: '2026-11-26T08:00:00.000Z',
  updatedAt: '2026-11-26T08:00:00.000Z',
};

describe('the test caller', () => {
  it('sends a GET’s input as the query string the apps send, with the member token', async () => {
    const { t, sent } = answering({ success: true, data: receiver, message: '' });
    const res = await call(t, MemberReceiver.Get, { id: 3 }, { token: 'tok' });
    expect(res.body.data.region.city).toBe('深圳市');
    expect(sent[0]).toMatchObject({
      method: 'GET',
      url: '/api/MemberReceiver/Get?id=3',
      headers: { authorization: 'Bearer tok' },
    });
    expect(sent[0]?.payload).toBeUndefined();
  });

  it('sends other methods’ input as the body, with a staff session’s cookie and CSRF header', async () => {
    const { t, sent } = answering({ success: true, data: { value: null }, message: '' });
    await call(t, StaffMember.Reveal, unchecked({ id: 'x' }), {
      staff: { cookie: 'pcb_staff=s', csrf: 'c' },
    });
    expect(sent[0]).toMatchObject({
      method: 'POST',
      url: '/api/StaffMember/Reveal',
      payload: { id: 'x' },
      headers: { cookie: 'pcb_staff=s', 'x-csrf-token': 'c' },
    });
  });

  it('fails a test whose answer is not what the contract says', async () => {
    const { t } = answering({ success: true, data: { ...receiver, region: null }, message: '' });
    await expect(call(t, MemberReceiver.Get, { id: 3 })).rejects.toThrow(
      '/api/MemberReceiver/Get answered outside its contract',
    );
  });

  it('passes a refusal on as it came', async () => {
    const refusal = { success: false, data: null, message: '收货地址不存在' };
    const { t } = answering(refusal);
    expect((await call(t, MemberReceiver.Get, { id: 3 })).body).toEqual(refusal);
  });
});
