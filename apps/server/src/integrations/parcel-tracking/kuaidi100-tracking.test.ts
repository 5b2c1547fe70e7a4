import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { couriers } from '@pcb/pricing';
import { kuaidi100Answer, startFakeKuaidi100 } from '../../../test/fake-kuaidi100';
import { createEmbeddedTracking } from './embedded-tracking';
import {
  createKuaidi100Tracking,
  kuaidi100Codes,
  kuaidi100Sign,
  kuaidi100State,
} from './kuaidi100-tracking';
import { ParcelTrackingError, type RecordedEvent } from './parcel-tracking';

const account = { customer: 'CUST-7F3A9', key: 'key-s3cr3t-value' };

let fake: Awaited<ReturnType<typeof startFakeKuaidi100>>;
beforeAll(async () => {
  fake = await startFakeKuaidi100(account, (param) => {
    switch (param.num) {
      case 'SF1400000000001':
        return {
          body: kuaidi100Answer(param.num, '0', [
            {
              time: '2026-11-24 08:10:00',
              ftime: '2026-11-24 08:10:00',
              context: '快件到达【深圳转运中心】',
              location: '',
              areaName: '广东,深圳市',
            },
            {
              time: '2026-11-24 18:30',
              context: '快件已发往【北京顺义集散中心】',
              location: '深圳',
            },
            { ftime: '2026-11-23 20:00:00', context: '顺丰速运 已收取快件' },
            { ftime: 'yesterday', context: '时间看不懂的一条' },
            { ftime: '2026-11-23 19:00:00', context: '' },
            'not an object',
          ]),
        };
      case 'NO-TRACK-YET':
        return {
          body: { result: false, returnCode: '500', message: '查询无结果，请隔段时间再查' },
        };
      case 'BAD-PHONE':
        return { body: { result: false, returnCode: '408', message: '您提交的手机号码有误' } };
      case 'HTTP-502':
        return { status: 502, body: { message: 'bad gateway' } };
      default:
        return { body: kuaidi100Answer(param.num ?? '', '3', []) };
    }
  });
});
afterAll(async () => fake?.close());

const tracking = (key = account.key) =>
  createKuaidi100Tracking({ customer: account.customer, key, endpoint: fake.endpoint });

describe('the Kuaidi100 real-time query adapter', () => {
  it('posts a signed form to poll/query.do with the courier’s company code', async () => {
    const before = fake.calls.length;
    await tracking().query({ courier: 'sf', trackingNo: 'SF1400000000001', mobile: '13800138000' });
    const call = fake.calls[before]!;
    expect(call).toMatchObject({
      path: '/poll/query.do',
      method: 'POST',
      contentType: 'application/x-www-form-urlencoded',
    });
    expect(Object.keys(call.form).sort()).toEqual(['customer', 'param', 'sign']);
    expect(call.form.customer).toBe(account.customer);
    expect(call.param).toEqual({
      com: 'shunfeng',
      num: 'SF1400000000001',
      phone: '13800138000',
      resultv2: '1',
      show: '0',
      order: 'desc',
    });
    // The fake checks the signature on its own; here it is also spelled out.
    expect(call.form.sign).toBe(kuaidi100Sign(call.form.param!, account.key, account.customer));
    expect(call.form.sign).toMatch(/^[0-9A-F]{32}$/);
    // The key itself never travels.
    expect(JSON.stringify(call.form)).not.toContain(account.key);
  });

  it('signs as Kuaidi100 documents it: MD5(param + key + customer), upper case', () => {
    // md5sum of '{"com":"yuantong","num":"12345678"}' followed by the key 'k' and customer 'c'.
    expect(kuaidi100Sign('{"com":"yuantong","num":"12345678"}', 'k', 'c')).toBe(
      '9EEB24C72DBB96EBC83FBFA5BF866414',
    );
  });

  it('maps the track: its state, each step’s time (China time), place and text, newest first', async () => {
    const parcel = await tracking().query({ courier: 'sf', trackingNo: 'SF1400000000001' });
    expect(parcel.state).toBe('inTransit');
    expect(parcel.events.map((e) => [e.time.toISOString(), e.place, e.text])).toEqual([
      ['2026-11-24T10:30:00.000Z', '深圳', '快件已发往【北京顺义集散中心】'],
      ['2026-11-24T00:10:00.000Z', '广东,深圳市', '快件到达【深圳转运中心】'],
      ['2026-11-23T12:00:00.000Z', null, '顺丰速运 已收取快件'],
    ]);
  });

  it('answers "not known yet" for a number without a track, and an empty delivered track alike', async () => {
    expect(await tracking().query({ courier: 'zto', trackingNo: 'NO-TRACK-YET' })).toEqual({
      state: 'unknown',
      events: [],
    });
    expect(await tracking().query({ courier: 'zto', trackingNo: 'EMPTY-TRACK' })).toEqual({
      state: 'unknown',
      events: [],
    });
  });

  it('fails on a refusal, a bad signature, an HTTP error or no answer — never naming the secrets', async () => {
    const failures = [
      () => tracking().query({ courier: 'sf', trackingNo: 'BAD-PHONE', mobile: '1' }),
      () => tracking('wrong-key').query({ courier: 'sf', trackingNo: 'SF1400000000001' }),
      () => tracking().query({ courier: 'sf', trackingNo: 'HTTP-502' }),
      () =>
        createKuaidi100Tracking({
          ...account,
          endpoint: 'http://127.0.0.1:9/poll/query.do',
        }).query({ courier: 'sf', trackingNo: 'SF1400000000001' }),
    ];
    const messages: string[] = [];
    for (const fail of failures) {
      const error = await fail().catch((e: unknown) => e);
      expect(error).toBeInstanceOf(ParcelTrackingError);
      const told = `${String(error)} ${String((error as Error).cause ?? '')}`;
      expect(told).not.toContain(account.key);
      expect(told).not.toContain(account.customer);
      messages.push((error as Error).message);
    }
    expect(messages).toEqual([
      'Kuaidi100 refused the query: 408 您提交的手机号码有误',
      'Kuaidi100 refused the query: 503 验证签名失败',
      'Kuaidi100 answered HTTP 502',
      'Kuaidi100 query call failed',
    ]);
  });

  it('knows a company code for every courier we ship with', () => {
    for (const courier of couriers) expect(kuaidi100Codes[courier]).toMatch(/^[a-z]+$/);
    expect(new Set(Object.values(kuaidi100Codes)).size).toBe(couriers.length);
  });

  it('maps every state code, detailed codes to their family', () => {
    const cases: [unknown, string][] = [
      ['0', 'inTransit'],
      [1, 'collected'],
      ['2', 'problem'],
      ['3', 'delivered'],
      ['4', 'returned'],
      ['5', 'delivering'],
      ['6', 'returning'],
      ['7', 'inTransit'],
      ['8', 'customs'],
      ['10', 'customs'],
      ['11', 'customs'],
      ['12', 'inTransit'],
      ['13', 'problem'],
      ['14', 'refused'],
      ['103', 'collected'],
      ['301', 'delivered'],
      ['501', 'delivering'],
      ['1002', 'inTransit'],
      ['99', 'unknown'],
      ['x', 'unknown'],
      [undefined, 'unknown'],
      [-1, 'unknown'],
    ];
    for (const [code, state] of cases) expect(kuaidi100State(code), String(code)).toBe(state);
  });
});

describe('the embedded tracking (events staff enter)', () => {
  const at = (iso: string) => new Date(iso);
  const events = new Map<string, RecordedEvent[]>([
    [
      'sf:SF1',
      [
        {
          time: at('2026-11-24T01:00:00Z'),
          text: '已从工厂发出',
          place: '深圳',
          state: 'collected',
        },
        { time: at('2026-11-24T09:00:00Z'), text: '到达北京' },
        { time: at('2026-11-25T02:00:00Z'), text: '派送中', state: 'delivering' },
      ],
    ],
    ['zto:Z1', [{ time: at('2026-11-24T01:00:00Z'), text: '已交给中通' }]],
  ]);
  const source = {
    eventsOf: async (courier: string, trackingNo: string) =>
      events.get(`${courier}:${trackingNo}`) ?? [],
  };
  const embedded = createEmbeddedTracking(source);

  it('serves the events newest first, the state from the newest event that gives one', async () => {
    const parcel = await embedded.query({ courier: 'sf', trackingNo: 'SF1' });
    expect(parcel.state).toBe('delivering');
    expect(parcel.events).toEqual([
      { time: at('2026-11-25T02:00:00Z'), place: null, text: '派送中' },
      { time: at('2026-11-24T09:00:00Z'), place: null, text: '到达北京' },
      { time: at('2026-11-24T01:00:00Z'), place: '深圳', text: '已从工厂发出' },
    ]);
  });

  it('is on its way once anything is entered, not known before', async () => {
    expect((await embedded.query({ courier: 'zto', trackingNo: 'Z1' })).state).toBe('inTransit');
    expect(await embedded.query({ courier: 'sf', trackingNo: 'NONE' })).toEqual({
      state: 'unknown',
      events: [],
    });
    // Another courier's number is another parcel.
    expect((await embedded.query({ courier: 'sf', trackingNo: 'Z1' })).events).toEqual([]);
  });
});
