import { Writable } from 'node:stream';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  PARCEL_NOT_FOUND_MESSAGE,
  TRACKING_UNAVAILABLE_MESSAGE,
  type ParcelTrack,
} from '@pcb/contract';
import { createEmbeddedTracking } from '../src/integrations/parcel-tracking/embedded-tracking';
import {
  ParcelTrackingError,
  type ParcelQuery,
  type ParcelTracking,
  type RecordedEvent,
} from '../src/integrations/parcel-tracking/parcel-tracking';
import type { ParcelRecords } from '../src/modules/express/express.module';
import { createExpressService } from '../src/modules/express/express.service';
import { loggerOptions } from '../src/logger';
import { kuaidi100Answer, startFakeKuaidi100 } from './fake-kuaidi100';
import { buildTestApp, testConfig, uniqueMobile, type TestApp } from './helper';

const account = { customer: 'CUST-EXPRESS-1', key: 'kuaidi100-key-never-logged' };
const logLines: string[] = [];
const sink = new Writable({
  write(chunk: Buffer, _encoding, done) {
    logLines.push(chunk.toString('utf8'));
    done();
  },
});

let fake: Awaited<ReturnType<typeof startFakeKuaidi100>>;
let t: TestApp;
beforeAll(async () => {
  fake = await startFakeKuaidi100(account, (param) =>
    param.num === 'SF-DOWN'
      ? { status: 503, body: {} }
      : {
          body: kuaidi100Answer(param.num ?? '', '5', [
            {
              ftime: '2026-11-24 09:00:00',
              context: '快件派送中，派件员：王师傅',
              areaName: '北京',
            },
            { ftime: '2026-11-23 20:00:00', context: '顺丰速运 已收取快件', location: '深圳' },
          ]),
        },
  );
  t = await buildTestApp({
    env: {
      KUAIDI100_CUSTOMER: account.customer,
      KUAIDI100_KEY: account.key,
      KUAIDI100_ENDPOINT: fake.endpoint,
    },
    overrides: {
      loggerInstance: pino(
        { ...loggerOptions(testConfig('postgres://unused')), level: 'trace' },
        sink,
      ),
    },
  });
});
afterAll(async () => {
  await t?.close();
  await fake?.close();
});

const query = (token: string | undefined, q: Record<string, string>) =>
  t.get<ParcelTrack>('/api/Express/GetExpressData', { token, query: q });

describe('Express/GetExpressData over HTTP', () => {
  it('needs a login', async () => {
    const res = await query(undefined, { expressNo: 'SF1', expressType: 'sf', orderNo: 'P1' });
    expect(res.status).toBe(401);
  });

  it('refuses bad input with the field’s reason', async () => {
    const { token } = await t.createMember({ mobile: uniqueMobile() });
    const cases: [Record<string, string>, string][] = [
      [{ expressNo: 'SF1400000000001', expressType: 'ups', orderNo: 'P1' }, '快递公司应为'],
      [{ expressNo: 'SF 14<script>', expressType: 'sf', orderNo: 'P1' }, '运单号应为4至32位'],
      [{ expressNo: 'SF1400000000001', expressType: 'sf', orderNo: "P1' OR 1=1" }, '订单号不正确'],
      [
        { expressNo: 'SF1400000000001', expressType: 'sf', orderNo: 'P1', mobile: 'abc' },
        '请输入收件人手机号或电话',
      ],
    ];
    for (const [q, message] of cases) {
      const res = await query(token, q);
      expect(res.status, JSON.stringify(q)).toBe(400);
      expect(res.body.message).toContain(message);
    }
  });

  it('answers "not found" for a parcel that is not of the member’s orders, before asking Kuaidi100', async () => {
    const { token } = await t.createMember({ mobile: uniqueMobile() });
    const before = fake.calls.length;
    const res = await query(token, {
      expressNo: 'SF1400000000001',
      expressType: 'sf',
      orderNo: 'P202611240001',
      mobile: '',
    });
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ success: false, data: null, message: PARCEL_NOT_FOUND_MESSAGE });
    expect(fake.calls.length).toBe(before);
  });

  it('keeps the receiver’s phone out of the request log', async () => {
    const { token } = await t.createMember({ mobile: uniqueMobile() });
    await query(token, {
      expressNo: 'SF1400000000001',
      expressType: 'sf',
      orderNo: 'P202611240001',
      mobile: '13912345678',
    });
    const all = logLines.join('');
    expect(all).toContain('/api/Express/GetExpressData');
    expect(all).not.toContain('13912345678');
  });
});

/** Parcels as the order module will keep them: order P…1 of member 1 ships SF1 and Z1. */
function records(): ParcelRecords & { asked: string[] } {
  const events = new Map<string, RecordedEvent[]>([
    [
      'sf:SF1400000000001',
      [
        { time: new Date('2026-11-23T12:00:00Z'), text: '已从工厂发出', state: 'collected' },
        { time: new Date('2026-11-24T01:00:00Z'), text: '到达北京', place: '北京' },
      ],
    ],
  ]);
  const asked: string[] = [];
  return {
    asked,
    isMemberParcel: async (memberId, orderNo, expressNo) => {
      asked.push(`${memberId}:${orderNo}:${expressNo}`);
      return (
        memberId === 1 &&
        orderNo === 'P202611240001' &&
        ['SF1400000000001', 'SF-DOWN', 'Z1'].includes(expressNo)
      );
    },
    eventsOf: async (courier, trackingNo) => events.get(`${courier}:${trackingNo}`) ?? [],
  };
}

/** A provider that records what it was asked. */
function recording(inner: ParcelTracking) {
  const calls: ParcelQuery[] = [];
  const tracking: ParcelTracking = {
    provider: inner.provider,
    query: (q) => {
      calls.push(q);
      return inner.query(q);
    },
  };
  return { tracking, calls };
}

describe('the express service', () => {
  const sf = { orderNo: 'P202611240001', expressNo: 'SF1400000000001', expressType: 'sf' as const };

  it('answers the member’s own parcel from the embedded events', async () => {
    const parcels = records();
    const express = createExpressService({
      ownership: parcels,
      tracking: createEmbeddedTracking(parcels),
      onProviderError: () => undefined,
    });
    expect(await express.getExpressData(1, sf)).toEqual({
      orderNo: 'P202611240001',
      expressNo: 'SF1400000000001',
      expressType: 'sf',
      courierName: '顺丰',
      state: 'collected',
      stateName: '已揽收',
      events: [
        { time: '2026-11-24T01:00:00.000Z', place: '北京', text: '到达北京' },
        { time: '2026-11-23T12:00:00.000Z', place: null, text: '已从工厂发出' },
      ],
    });
    expect(parcels.asked).toEqual(['1:P202611240001:SF1400000000001']);
  });

  it('refuses another member’s parcel (or another order’s) alike, without asking the provider', async () => {
    const parcels = records();
    const provider = recording(createEmbeddedTracking(parcels));
    const express = createExpressService({
      ownership: parcels,
      tracking: provider.tracking,
      onProviderError: () => undefined,
    });
    for (const [memberId, q] of [
      [2, sf],
      [1, { ...sf, orderNo: 'P202611240002' }],
      [1, { ...sf, expressNo: 'SF9999999999' }],
    ] as const) {
      const error = await express.getExpressData(memberId, q).catch((e: unknown) => e);
      expect(error).toMatchObject({ statusCode: 404, message: PARCEL_NOT_FOUND_MESSAGE });
    }
    expect(provider.calls).toEqual([]);
  });

  it('asks Kuaidi100 (the platform’s, from the environment) once per few minutes per parcel', async () => {
    const tracking = t.app.platform.parcelTracking;
    expect(tracking?.provider).toBe('kuaidi100');
    const express = createExpressService({
      ownership: records(),
      tracking: tracking!,
      onProviderError: () => undefined,
    });
    const before = fake.calls.length;
    const first = await express.getExpressData(1, { ...sf, mobile: '13800138000' });
    expect(first).toMatchObject({ state: 'delivering', stateName: '派送中' });
    expect(first.events).toEqual([
      { time: '2026-11-24T01:00:00.000Z', place: '北京', text: '快件派送中，派件员：王师傅' },
      { time: '2026-11-23T12:00:00.000Z', place: '深圳', text: '顺丰速运 已收取快件' },
    ]);
    expect(fake.calls.length).toBe(before + 1);
    expect(fake.calls.at(-1)?.param).toMatchObject({
      com: 'shunfeng',
      num: 'SF1400000000001',
      phone: '13800138000',
    });

    // Every member (and instance) reopening it within five minutes gets the kept answer.
    await Promise.all(
      Array.from({ length: 5 }, () => express.getExpressData(1, { ...sf, mobile: '13800138000' })),
    );
    expect(await express.getExpressData(1, { ...sf, mobile: '13800138000' })).toEqual(first);
    expect(fake.calls.length).toBe(before + 1);
    // Another phone is another question (顺丰 answers by it).
    await express.getExpressData(1, sf);
    expect(fake.calls.length).toBe(before + 2);

    t.clock.advance(5 * 60_000 + 1000);
    await express.getExpressData(1, { ...sf, mobile: '13800138000' });
    expect(fake.calls.length).toBe(before + 3);
  });

  it('answers 503 when the provider cannot, logs why without the account’s secrets, keeps nothing', async () => {
    const failures: unknown[] = [];
    const express = createExpressService({
      ownership: records(),
      tracking: t.app.platform.parcelTracking!,
      onProviderError: (err) => {
        failures.push(err);
        t.app.platform.logError('parcel tracking query failed')(err);
      },
    });
    const before = fake.calls.length;
    for (let i = 0; i < 2; i++) {
      const error = await express
        .getExpressData(1, { ...sf, expressNo: 'SF-DOWN' })
        .catch((e: unknown) => e);
      expect(error).toMatchObject({ statusCode: 503, message: TRACKING_UNAVAILABLE_MESSAGE });
    }
    // Not kept: each call asked again.
    expect(fake.calls.length).toBe(before + 2);
    expect(failures).toHaveLength(2);
    expect(failures[0]).toBeInstanceOf(ParcelTrackingError);
    const all = logLines.join('');
    expect(all).toContain('parcel tracking query failed');
    expect(all).toContain('Kuaidi100 answered HTTP 503');
    expect(all).not.toContain(account.key);
    expect(all).not.toContain(account.customer);
  });
});
