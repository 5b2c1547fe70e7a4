import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  PlacedOrder,
  PcbQuoteResult,
  QuoteResult,
  StaffOrderDetail,
  StaffOrderRow,
  UploadTicket,
} from '@pcb/contract';
import {
  defaultPcbParams,
  defaultPriceSheet,
  defaultSmtParams,
  defaultStencilParams,
  finishes,
  maskColors,
  pricePcb,
  priceSmt,
  priceStencil,
  smtParamString,
  stencilParamString,
  validatePcb,
  validateSmt,
  type PcbParams,
} from '@pcb/pricing';
import { buildTestApp, uniqueMobile, type TestApp } from './helper';
import { orderCount, orderSetup, pcbOrderBody, saveOrder, uploadDesign } from './order-support';
import { createStaff, sessionFor, staffCall } from './staff-support';
import { postToSandbox, ticketFields } from './upload-support';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => t?.close());

const sheet = { ...defaultPriceSheet, version: 1 };
const member = () => t.createMember({ mobile: uniqueMobile() });
const asQuery = (o: object) =>
  Object.fromEntries(Object.entries(o).map(([k, v]) => [k, String(v)]));

describe('Smt', () => {
  it('prices from query parameters (GET) as the engine does', async () => {
    const params = { ...defaultSmtParams, quantity: 50, dipJoints: 20 };
    const res = await t.get<QuoteResult>('/api/Smt/CalcPrice', {
      query: asQuery({ ...params, province: '浙江', courier: 'yto', invoice: 'vatPlain' }),
    });
    expect(res.status, res.body.message).toBe(200);
    const expected = priceSmt(sheet, params, {
      shipping: { province: '浙江', courier: 'yto' },
      invoice: 'vatPlain',
    });
    expect(res.body.data.total).toBe(expected.total);
    expect(res.body.data.lines).toEqual(expected.lines);
    expect(res.body.data.paramString).toBe(smtParamString(params));
  });

  it('refuses what the engine refuses, on the query field', async () => {
    const params = { ...defaultSmtParams, smdJoints: 0, dipJoints: 0 };
    const [issue] = validateSmt(params, sheet);
    const res = await t.get('/api/Smt/CalcPrice', { query: asQuery(params) });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ field: issue!.field, message: issue!.message });
  });

  it('places an SMT order with its own kind of file, prefix S', async () => {
    const m = await member();
    const setup = await orderSetup(t, m.token);
    const fileKey = await uploadDesign(t, m.token, 'smtFile');
    const quote = await t.get<QuoteResult>('/api/Smt/CalcPrice', {
      token: m.token,
      query: asQuery({ ...defaultSmtParams, receiverId: setup.receiverId, courier: 'sf' }),
    });
    const body = {
      params: defaultSmtParams,
      sheetVersion: quote.body.data.sheetVersion,
      expectedTotal: quote.body.data.total,
      receiverId: setup.receiverId,
      courier: 'sf',
      invoice: 'none',
      fileKey,
      fileName: 'bom.zip',
      requestId: randomUUID(),
    };
    // A PCB file is not an SMT order's file.
    const wrong = await t.post(
      '/api/Smt/Create',
      { ...body, fileKey: setup.fileKey },
      {
        token: m.token,
      },
    );
    expect(wrong.status).toBe(400);
    expect(wrong.body.field).toBe('fileKey');
    const res = await t.post<PlacedOrder>('/api/Smt/Create', body, { token: m.token });
    expect(res.status, res.body.message).toBe(200);
    expect(res.body.data).toMatchObject({ kind: 'smt', total: quote.body.data.total });
    expect(res.body.data.orderNo).toMatch(/^S\d{12}$/);
  });

  it('summarises parameters', async () => {
    const res = await t.get<{ paramString: string }>('/api/Smt/GetParamsString', {
      query: asQuery(defaultSmtParams),
    });
    expect(res.body.data.paramString).toBe(smtParamString(defaultSmtParams));
  });
});

describe('Stencil', () => {
  it('prices, places (prefix G, a PDF accepted) and summarises', async () => {
    const params = { ...defaultStencilParams, electropolish: true };
    const quote = await t.post<QuoteResult>('/api/Stencil/CalcPrice', { params });
    expect(quote.status).toBe(200);
    expect(quote.body.data.total).toBe(priceStencil(sheet, params).total);

    const m = await member();
    const setup = await orderSetup(t, m.token);
    const withReceiver = await t.post<QuoteResult>(
      '/api/Stencil/CalcPrice',
      { params, receiverId: setup.receiverId, courier: 'jd' },
      { token: m.token },
    );
    const res = await t.post<PlacedOrder>(
      '/api/Stencil/Create',
      {
        params,
        sheetVersion: 1,
        expectedTotal: withReceiver.body.data.total,
        receiverId: setup.receiverId,
        courier: 'jd',
        invoice: 'none',
        fileKey: await uploadDesign(t, m.token, 'stencilFile', '.pdf'),
        fileName: '钢网.pdf',
        requestId: randomUUID(),
      },
      { token: m.token },
    );
    expect(res.status, res.body.message).toBe(200);
    expect(res.body.data.orderNo).toMatch(/^G\d{12}$/);

    const bad = await t.post('/api/Stencil/CalcPrice', {
      params: { ...params, size: '999x999' },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.field).toBe('params.size');

    const summary = await t.get<{ paramString: string }>('/api/Stencil/GetParamsString', {
      query: asQuery(params),
    });
    expect(summary.body.data.paramString).toBe(stencilParamString(params));
  });
});

describe('one request id, one order', () => {
  /** A stencil order's body for the member, priced as the page would. */
  async function stencilBody(token: string, receiverId: number, requestId: string) {
    const quote = await t.post<QuoteResult>(
      '/api/Stencil/CalcPrice',
      { params: defaultStencilParams, receiverId, courier: 'sf' },
      { token },
    );
    return {
      params: defaultStencilParams,
      sheetVersion: quote.body.data.sheetVersion,
      expectedTotal: quote.body.data.total,
      receiverId,
      courier: 'sf',
      invoice: 'none',
      fileKey: await uploadDesign(t, token, 'stencilFile', '.pdf'),
      fileName: '钢网.pdf',
      requestId,
    };
  }
  const REUSED = '该请求编号已用于另一笔订单，请刷新页面后重新提交';

  it('refuses the id of a PCB order for a stencil, and for other parameters, with 409', async () => {
    const m = await member();
    const setup = await orderSetup(t, m.token);
    const pcb = await pcbOrderBody(t, setup);
    const placed = await saveOrder(t, m.token, pcb);
    expect(placed.status, placed.body.message).toBe(200);

    const stencil = await t.post<PlacedOrder>(
      '/api/Stencil/Create',
      await stencilBody(m.token, setup.receiverId, pcb.requestId as string),
      { token: m.token },
    );
    expect(stencil.status).toBe(409);
    expect(stencil.body).toMatchObject({ success: false, message: REUSED, field: 'requestId' });

    const other = await pcbOrderBody(t, setup, { params: { quantity: 20 } });
    const reused = await saveOrder(t, m.token, { ...other, requestId: pcb.requestId });
    expect(reused.status).toBe(409);
    expect(reused.body.message).toBe(REUSED);
    const otherFile = await saveOrder(t, m.token, {
      ...pcb,
      fileKey: await uploadDesign(t, m.token),
    });
    expect(otherFile.status).toBe(409);

    // The same request again is a retry: the same order, as before.
    const retry = await saveOrder(t, m.token, pcb);
    expect(retry.status).toBe(200);
    expect(retry.body.data.orderNo).toBe(placed.body.data.orderNo);
    expect(await orderCount(t, m.id)).toBe(1);
  });

  it('places one order when a PCB and a stencil race with one id', async () => {
    const m = await member();
    const setup = await orderSetup(t, m.token);
    const pcb = await pcbOrderBody(t, setup);
    const stencil = await stencilBody(m.token, setup.receiverId, pcb.requestId as string);
    const answers = await Promise.all(
      Array.from({ length: 6 }, (_, i) =>
        i % 2
          ? t.post<PlacedOrder>('/api/Stencil/Create', stencil, { token: m.token })
          : saveOrder(t, m.token, pcb),
      ),
    );
    expect(await orderCount(t, m.id)).toBe(1);
    const winner = answers.find((a) => a.status === 200)!.body.data;
    // Every answer of the winning kind is that order; every answer of the other kind a 409.
    for (const [i, answer] of answers.entries()) {
      const kind = i % 2 ? 'stencil' : 'pcb';
      if (kind === winner.kind) expect(answer.body.data.orderNo).toBe(winner.orderNo);
      else expect(answer.status).toBe(409);
    }
  });
});

describe('invoices on orders', () => {
  it('needs a complete, usable 专票 profile for vatSpecial; adds 税费 for a 普票', async () => {
    const m = await member();
    const setup = await orderSetup(t, m.token);
    const plain = await t.post<{ id: number }>(
      '/api/MemberInvoice/Create',
      { invoiceType: 'normal', titleType: 'personal', title: '张三', email: 'a@b.cn' },
      { token: m.token },
    );
    const special = await pcbOrderBody(t, setup, {
      invoice: 'vatSpecial',
      invoiceProfileId: plain.body.data.id,
    });
    const refused = await saveOrder(t, m.token, special);
    expect(refused.status).toBe(400);
    expect(refused.body.field).toBe('invoiceProfileId');
    expect(await orderCount(t, m.id)).toBe(0);

    const body = await pcbOrderBody(t, setup, {
      invoice: 'vatPlain',
      invoiceProfileId: plain.body.data.id,
    });
    const res = await saveOrder(t, m.token, body);
    expect(res.status, res.body.message).toBe(200);
    expect(res.body.data.lines.at(-1)?.code).toBe('tax');
    const { rows } = await t.database.pool.query(
      'SELECT invoice, invoice_profile FROM orders WHERE id = $1',
      [res.body.data.id],
    );
    expect(rows[0]).toMatchObject({ invoice: 'vatPlain', invoice_profile: { title: '张三' } });
  });
});

describe('StaffOrder', () => {
  it('lists new orders oldest first, filters, and shows one masked with its file and log', async () => {
    const m = await member();
    const setup = await orderSetup(t, m.token);
    const first = await saveOrder(t, m.token, await pcbOrderBody(t, setup));
    t.clock.advance(60_000);
    const second = await saveOrder(
      t,
      m.token,
      await pcbOrderBody(t, setup, { params: { quantity: 20 }, remark: '请尽快' }),
    );
    const sales = await sessionFor(t, (await createStaff(t, { roles: ['sales'] })).id);
    const list = await staffCall<{ items: StaffOrderRow[]; total: number }>(
      t,
      sales,
      'GET',
      '/api/StaffOrder/List',
      { pageSize: 100 },
    );
    expect(list.status).toBe(200);
    const ids = list.body.data.items.map((r) => r.id);
    expect(ids.indexOf(first.body.data.id)).toBeLessThan(ids.indexOf(second.body.data.id));
    expect(list.body.data.items.every((r) => r.status === 'pendingReview')).toBe(true);

    // Every status on demand ('all'); the default stays the desk's new orders.
    await t.database.pool.query("UPDATE orders SET status = 'cancelled' WHERE id = $1", [
      first.body.data.id,
    ]);
    const listed = async (query: Record<string, unknown>) =>
      (
        await staffCall<{ items: StaffOrderRow[] }>(t, sales, 'GET', '/api/StaffOrder/List', {
          pageSize: 100,
          ...query,
        })
      ).body.data.items.map((r) => r.id);
    expect(await listed({})).not.toContain(first.body.data.id);
    expect(await listed({})).toContain(second.body.data.id);
    expect(await listed({ status: 'all' })).toEqual(
      expect.arrayContaining([first.body.data.id, second.body.data.id]),
    );
    expect(await listed({ status: 'cancelled' })).toEqual([first.body.data.id]);
    expect(
      (await staffCall(t, sales, 'GET', '/api/StaffOrder/List', { status: 'every' })).status,
    ).toBe(400);
    await t.database.pool.query("UPDATE orders SET status = 'pendingReview' WHERE id = $1", [
      first.body.data.id,
    ]);

    const byNo = await staffCall<{ items: StaffOrderRow[] }>(
      t,
      sales,
      'GET',
      '/api/StaffOrder/List',
      { keyword: second.body.data.orderNo },
    );
    expect(byNo.body.data.items.map((r) => r.id)).toEqual([second.body.data.id]);
    const { rows } = await t.database.pool.query('SELECT mobile FROM member WHERE id = $1', [m.id]);
    const byMember = await staffCall<{ items: StaffOrderRow[] }>(
      t,
      sales,
      'GET',
      '/api/StaffOrder/List',
      { keyword: rows[0].mobile, kind: 'pcb' },
    );
    expect(byMember.body.data.items.map((r) => r.id).sort()).toEqual(
      [first.body.data.id, second.body.data.id].sort(),
    );
    const smtOnly = await staffCall<{ items: StaffOrderRow[] }>(
      t,
      sales,
      'GET',
      '/api/StaffOrder/List',
      { keyword: rows[0].mobile, kind: 'smt' },
    );
    expect(smtOnly.body.data.items).toEqual([]);

    const detail = await staffCall<StaffOrderDetail>(t, sales, 'GET', '/api/StaffOrder/Get', {
      id: second.body.data.id,
    });
    expect(detail.status).toBe(200);
    const d = detail.body.data;
    expect(d.total).toBe(second.body.data.total);
    expect(d.lines).toEqual(second.body.data.lines);
    expect(d.params).toMatchObject({ quantity: 20 });
    expect(d.receiver).toMatchObject({ receiverName: '张*', mobile: '138****8000' });
    expect(d.receiver.address).not.toBe('高新南七道 18 号');
    expect(d.receiver.regionText).toBe('广东省深圳市南山区');
    expect(d.remark).toBe('请尽快');
    expect(d.process).toEqual([
      expect.objectContaining({ fromStatus: null, toStatus: 'pendingReview', actor: '会员' }),
    ]);
    const file = await t.app.inject({
      method: 'GET',
      url: d.fileUrl!.replace(/^https?:\/\/[^/]+/, ''),
    });
    expect(file.statusCode).toBe(200);
  });

  it('downloads exactly the file the order was placed with: its key cannot be uploaded again', async () => {
    const m = await member();
    const setup = await orderSetup(t, m.token);
    const ticket = await t.get<UploadTicket>('/api/Common/getUploadCode', {
      token: m.token,
      query: { dirType: 'pcbFile', fileExt: '.zip' },
    });
    const fields = ticketFields(ticket.body.data);
    const ordered = Buffer.from('PK\x03\x04 the Gerber ordered');
    expect((await postToSandbox(t, fields, { content: ordered })).statusCode).toBe(200);
    const placed = await saveOrder(
      t,
      m.token,
      await pcbOrderBody(t, { ...setup, fileKey: fields.key! }),
    );
    expect(placed.status, placed.body.message).toBe(200);

    // Within the ticket's 10 minutes, the same ticket tries to swap the file.
    t.clock.advance(2 * 60_000);
    const swap = await postToSandbox(t, fields, { content: Buffer.from('PK\x03\x04 swapped') });
    expect(swap.statusCode).toBe(409);

    const engineer = await sessionFor(t, (await createStaff(t, { roles: ['engineer'] })).id);
    const detail = await staffCall<StaffOrderDetail>(t, engineer, 'GET', '/api/StaffOrder/Get', {
      id: placed.body.data.id,
    });
    const file = await t.app.inject({
      method: 'GET',
      url: detail.body.data.fileUrl!.replace(/^https?:\/\/[^/]+/, ''),
    });
    expect(file.rawPayload).toEqual(ordered);
  });

  it('refuses the content role', async () => {
    const content = await sessionFor(t, (await createStaff(t, { roles: ['content'] })).id);
    const res = await staffCall(t, content, 'GET', '/api/StaffOrder/List');
    expect(res.status).toBe(403);
  });
});

describe('the server and the engine agree', () => {
  it('Pcb/CalcPrice answers pricePcb’s total and lines for arbitrary boards', async () => {
    const paramsArb = fc.record({
      layers: fc.constantFrom(1, 2, 4, 6),
      lengthMm: fc.integer({ min: 500, max: 40000 }).map((n) => n / 100),
      widthMm: fc.integer({ min: 500, max: 30000 }).map((n) => n / 100),
      quantity: fc.integer({ min: 1, max: 3000 }),
      maskColor: fc.constantFrom(...maskColors),
      finish: fc.constantFrom(...finishes),
      buildTime: fc.constantFrom('standard', 'rush72', 'rush48', 'rush24'),
      province: fc.constantFrom('广东', '北京', '新疆', '海南'),
      invoice: fc.constantFrom('none', 'vatPlain', 'vatSpecial'),
    });
    let priced = 0;
    await fc.assert(
      fc.asyncProperty(paramsArb, async (draw) => {
        const { province, invoice, ...rest } = draw;
        const params = {
          ...defaultPcbParams,
          ...rest,
          test: rest.layers >= 4 ? 'flyingProbeFull' : 'sample',
        } as PcbParams;
        const res = await t.post<PcbQuoteResult>('/api/Pcb/CalcPrice', {
          params,
          province,
          invoice,
        });
        const issues = validatePcb(params, sheet);
        if (issues.length > 0) {
          expect(res.status).toBe(400);
          expect(res.body.message).toBe(issues[0]!.message);
          return;
        }
        priced++;
        const expected = pricePcb(sheet, params, {
          shipping: { province, courier: 'sf' },
          invoice: invoice as 'none',
        });
        expect(res.status).toBe(200);
        expect(res.body.data.total).toBe(expected.total);
        expect(res.body.data.lines).toEqual(expected.lines);
        expect(res.body.data.buildDays).toBe(expected.buildDays);
      }),
      { numRuns: 50 },
    );
    expect(priced).toBeGreaterThan(10);
  });
});

describe('demo seed', () => {
  it('places a few priced orders of each kind for the demo member, once, with their files', async () => {
    const { seedDemoData } = await import('../src/modules/seed');
    await seedDemoData(t.database.db, t.config);
    await seedDemoData(t.database.db, t.config);
    const { rows } = await t.database.db.execute<{ kind: string; n: number; bad: number }>(
      sql`SELECT o.kind, count(*)::int AS n,
                 count(*) FILTER (WHERE o.total <= 0 OR o.total <> (SELECT sum((l->>'amount')::int) FROM jsonb_array_elements(o.lines) l))::int AS bad
          FROM orders o JOIN member m ON m.id = o.member_id
          WHERE m.mobile = '13800138000' GROUP BY o.kind ORDER BY o.kind`,
    );
    expect(rows.map((r) => r.kind)).toEqual(['pcb', 'smt', 'stencil']);
    expect(rows.every((r) => r.n >= 2 && r.bad === 0)).toBe(true);

    // Their design files are stored (a small demo Gerber zip): the console links to them.
    const demo = await t.database.db.execute<{ id: number }>(
      sql`SELECT o.id FROM orders o JOIN member m ON m.id = o.member_id
          WHERE m.mobile = '13800138000' ORDER BY o.id LIMIT 1`,
    );
    const sales = await sessionFor(t, (await createStaff(t, { roles: ['sales'] })).id);
    const detail = await staffCall<StaffOrderDetail>(t, sales, 'GET', '/api/StaffOrder/Get', {
      id: demo.rows[0]!.id,
    });
    expect(detail.status).toBe(200);
    const file = await t.app.inject({ method: 'GET', url: detail.body.data.fileUrl! });
    expect(file.statusCode).toBe(200);
    expect(file.rawPayload.subarray(0, 2).toString('latin1')).toBe('PK');
  });
});
