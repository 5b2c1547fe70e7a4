import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PRICE_CHANGED_MESSAGE, type PublishedSheet } from '@pcb/contract';
import {
  comparePcbBuildTimes,
  defaultPcbParams,
  defaultPriceSheet,
  findPcbCliffs,
  pcbParamString,
  pricePcb,
  validatePcb,
} from '@pcb/pricing';
import { buildTestApp, uniqueMobile, type TestApp } from './helper';
import {
  createReceiver,
  orderCount,
  orderSetup,
  pcbOrderBody,
  pcbQuote,
  saveOrder,
  uploadDesign,
} from './order-support';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => t?.close());

const member = () => t.createMember({ mobile: uniqueMobile() });

describe('PriceSheet/GetPublished', () => {
  it('answers version 1 (the engine default) with the calendar, cacheable by version', async () => {
    const res = await t.get<PublishedSheet>('/api/PriceSheet/GetPublished');
    expect(res.status).toBe(200);
    const data = res.body.data;
    expect(data.version).toBe(1);
    expect(data.sheet).toEqual({ ...defaultPriceSheet, version: 1 });
    expect(data.calendar.holidays).toContain(`${data.calendar.fromYear}-10-01`);
    expect(data.calendar.toYear).toBeGreaterThanOrEqual(new Date().getUTCFullYear());
    const etag = res.raw.headers.etag as string;
    expect(etag).toContain('sheet-1');
    expect(res.raw.headers['cache-control']).toMatch(/max-age=\d+/);
    const again = await t.request({
      method: 'GET',
      url: '/api/PriceSheet/GetPublished',
      headers: { 'if-none-match': etag },
    });
    expect(again.status).toBe(304);
    expect(again.raw.body).toBe('');
  });
});

describe('Pcb/CalcPrice', () => {
  it('prices anonymously exactly as the engine does, with cliffs and build times', async () => {
    const params = { ...defaultPcbParams, lengthMm: 100.3 };
    const res = await pcbQuote(t, { params, province: '江苏', courier: 'zto' });
    expect(res.status).toBe(200);
    const sheet = { ...defaultPriceSheet, version: 1 };
    const options = { shipping: { province: '江苏', courier: 'zto' as const } };
    const expected = pricePcb(sheet, params, options);
    expect(res.body.data.total).toBe(expected.total);
    expect(res.body.data.lines).toEqual(expected.lines);
    expect(res.body.data.lines.map((l) => l.code)).toContain('shipping');
    expect(res.body.data.sheetVersion).toBe(1);
    expect(res.body.data.paramString).toBe(pcbParamString(params));
    expect(res.body.data.shipDate).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(res.body.data.cliffs).toEqual(findPcbCliffs(sheet, params, options));
    expect(res.body.data.cliffs[0]?.kind).toBe('size');
    const tiers = comparePcbBuildTimes(sheet, params, options);
    expect(res.body.data.buildTimes.map((b) => [b.buildTime, b.total])).toEqual(
      tiers.map((b) => [b.buildTime, b.total]),
    );
  });

  it('adds 税费 for an invoice and prices to the logged-in member’s own receiver', async () => {
    const m = await member();
    const receiver = await createReceiver(t, m.token, {
      receiverName: '李采购',
      mobile: '13912345678',
      regionCode: '320506',
      address: '东吴南路 88 号',
    });
    const res = await pcbQuote(
      t,
      { params: defaultPcbParams, receiverId: receiver.id, invoice: 'vatSpecial' },
      m.token,
    );
    expect(res.status).toBe(200);
    const expected = pricePcb({ ...defaultPriceSheet, version: 1 }, defaultPcbParams, {
      shipping: { province: '江苏省', courier: 'sf' },
      invoice: 'vatSpecial',
    });
    expect(res.body.data.total).toBe(expected.total);
    expect(res.body.data.lines.at(-1)?.code).toBe('tax');
  });

  it('refuses another member’s receiver, and any receiver without a login', async () => {
    const owner = await member();
    const other = await member();
    const receiver = await createReceiver(t, owner.token);
    for (const token of [other.token, undefined]) {
      const res = await pcbQuote(t, { params: defaultPcbParams, receiverId: receiver.id }, token);
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ message: '收货地址不存在', field: 'receiverId' });
    }
  });

  it('answers the engine’s refusal with the field and its Chinese message', async () => {
    const params = { ...defaultPcbParams, layers: 4 as const, test: 'sample' as const };
    const [issue] = validatePcb(params, defaultPriceSheet);
    const res = await pcbQuote(t, { params });
    expect(res.status).toBe(400);
    expect(res.body.field).toBe(`params.${issue!.field}`);
    expect(res.body.message).toBe(issue!.message);
    const province = await pcbQuote(t, { params: defaultPcbParams, province: '火星' });
    expect(province.status).toBe(400);
    expect(province.body.field).toBe('province');
  });
});

describe('Pcb/SaveOrder', () => {
  it('places the order at the server’s price, pending review, with its first process row', async () => {
    const m = await member();
    const setup = await orderSetup(t, m.token);
    const body = await pcbOrderBody(t, setup, { remark: '加急' });
    const res = await saveOrder(t, m.token, body);
    expect(res.status).toBe(200);
    const order = res.body.data;
    expect(order.status).toBe('pendingReview');
    expect(order.kind).toBe('pcb');
    expect(order.orderNo).toMatch(/^P\d{8}\d{4}$/);
    expect(order.total).toBe(body.expectedTotal);
    expect(order.sheetVersion).toBe(1);
    expect(order.paramString).toBe(pcbParamString(defaultPcbParams));
    const { rows } = await t.database.pool.query(
      'SELECT o.total, o.receiver, p.to_status, p.from_status FROM orders o JOIN order_process p ON p.order_id = o.id WHERE o.id = $1',
      [order.id],
    );
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      total: order.total,
      to_status: 'pendingReview',
      from_status: null,
    });
    expect(rows[0].receiver.province).toBe('广东省');
  });

  it('refuses a forged total and a stale sheet version with 409, saving nothing', async () => {
    const m = await member();
    const setup = await orderSetup(t, m.token);
    const body = await pcbOrderBody(t, setup);
    for (const forged of [
      { expectedTotal: (body.expectedTotal as number) - 1 },
      { expectedTotal: 0 },
      { sheetVersion: 2 },
    ]) {
      const res = await saveOrder(t, m.token, { ...body, ...forged });
      expect(res.status).toBe(409);
      expect(res.body).toMatchObject({ message: PRICE_CHANGED_MESSAGE, field: 'expectedTotal' });
    }
    expect(await orderCount(t, m.id)).toBe(0);
  });

  it('refuses another member’s receiver, file, contact and invoice profile, saving nothing', async () => {
    const m = await member();
    const other = await member();
    const setup = await orderSetup(t, m.token);
    const theirs = await orderSetup(t, other.token);
    const contact = await t.post<{ id: number }>(
      '/api/MemberContact/Create',
      { contactName: '王采购', mobile: '13911112222', userType: 'purchasing' },
      { token: other.token },
    );
    const profile = await t.post<{ id: number }>(
      '/api/MemberInvoice/Create',
      { invoiceType: 'normal', titleType: 'personal', title: '张三', email: 'a@b.cn' },
      { token: other.token },
    );
    const body = await pcbOrderBody(t, setup);
    const cases: [Record<string, unknown>, string, string][] = [
      [{ receiverId: theirs.receiverId }, 'receiverId', '收货地址不存在'],
      [{ fileKey: theirs.fileKey }, 'fileKey', '请上传本订单的设计文件'],
      [{ contactId: contact.body.data.id }, 'contactId', '联系人不存在'],
      [
        { invoice: 'vatPlain', invoiceProfileId: profile.body.data.id },
        'invoiceProfileId',
        '开票资料不存在',
      ],
      [{ invoice: 'vatPlain' }, 'invoiceProfileId', '请选择开票资料'],
      [
        { fileKey: await uploadDesign(t, m.token, 'stencilFile', '.pdf') },
        'fileKey',
        '请上传本订单的设计文件',
      ],
    ];
    for (const [change, field, message] of cases) {
      const res = await saveOrder(t, m.token, { ...body, ...change });
      expect(res.status, field).toBe(400);
      expect(res.body).toMatchObject({ field, message });
    }
    expect(await orderCount(t, m.id)).toBe(0);
  });

  it('refuses bad parameters with the engine’s field and message', async () => {
    const m = await member();
    const setup = await orderSetup(t, m.token);
    const body = await pcbOrderBody(t, setup);
    const params = {
      ...defaultPcbParams,
      maskColor: 'white' as const,
      silkColor: 'white' as const,
    };
    const [issue] = validatePcb(params, defaultPriceSheet);
    const res = await saveOrder(t, m.token, { ...body, params });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ field: `params.${issue!.field}`, message: issue!.message });
    expect(await orderCount(t, m.id)).toBe(0);
  });

  it('answers the same order for the same request id, also in parallel', async () => {
    const m = await member();
    const setup = await orderSetup(t, m.token);
    const body = await pcbOrderBody(t, setup);
    const answers = await Promise.all(Array.from({ length: 6 }, () => saveOrder(t, m.token, body)));
    expect(answers.map((a) => a.status)).toEqual(Array(6).fill(200));
    expect(new Set(answers.map((a) => a.body.data.orderNo)).size).toBe(1);
    const again = await saveOrder(t, m.token, body);
    expect(again.body.data.orderNo).toBe(answers[0]!.body.data.orderNo);
    expect(await orderCount(t, m.id)).toBe(1);
  });

  it('numbers 20 concurrent orders distinctly', async () => {
    const m = await member();
    const setup = await orderSetup(t, m.token);
    const body = await pcbOrderBody(t, setup);
    const answers = await Promise.all(
      Array.from({ length: 20 }, () =>
        saveOrder(t, m.token, { ...body, requestId: crypto.randomUUID() }),
      ),
    );
    expect(answers.map((a) => a.status)).toEqual(Array(20).fill(200));
    const numbers = answers.map((a) => a.body.data.orderNo);
    expect(new Set(numbers).size).toBe(20);
    const sequences = numbers.map((n) => Number(n.slice(-4))).sort((a, b) => a - b);
    expect(sequences.at(-1)! - sequences[0]!).toBe(19);
  });

  it('needs a member', async () => {
    const res = await t.post('/api/Pcb/SaveOrder', {});
    expect(res.status).toBe(401);
  });
});

describe('Pcb/GetOrderParamString', () => {
  it('answers the engine’s summary from query parameters', async () => {
    const query = Object.fromEntries(
      Object.entries(defaultPcbParams).map(([k, v]) => [k, String(v)]),
    );
    const res = await t.get<{ paramString: string }>('/api/Pcb/GetOrderParamString', { query });
    expect(res.status).toBe(200);
    expect(res.body.data.paramString).toBe(pcbParamString(defaultPcbParams));
  });
});
