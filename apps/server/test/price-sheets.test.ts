import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  PcbQuoteResult,
  PreviewRow,
  PriceSheetDetail,
  PriceSheetSummary,
  PublishedSheet,
} from '@pcb/contract';
import {
  checkPriceSheet,
  defaultPcbParams,
  defaultPriceSheet,
  defaultSmtParams,
  defaultStencilParams,
  pricePcb,
  yuan,
  type PriceSheet,
} from '@pcb/pricing';
import { buildTestApp, uniqueMobile, type TestApp } from './helper';
import { orderSetup, pcbOrderBody, saveOrder } from './order-support';
import { auditRows, createStaff, sessionFor, type StaffSessionForTest } from './staff-support';

let t: TestApp;
let admin: StaffSessionForTest;
let admin2: StaffSessionForTest;
beforeAll(async () => {
  t = await buildTestApp();
  admin = await sessionFor(t, (await createStaff(t, { roles: ['admin'] })).id);
  admin2 = await sessionFor(t, (await createStaff(t, { roles: ['admin'] })).id);
});
afterAll(async () => t?.close());

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
async function call<T>(
  session: StaffSessionForTest,
  method: Method,
  action: string,
  input: Record<string, unknown> = {},
  app: TestApp = t,
) {
  const url = `/api/StaffPriceSheet/${action}`;
  const headers = { cookie: session.cookie, 'x-csrf-token': session.csrf };
  if (method === 'GET') {
    const query = Object.fromEntries(Object.entries(input).map(([k, v]) => [k, String(v)]));
    return app.request<T>({ method, url, query, headers });
  }
  return app.request<T>({ method, url, payload: input, headers });
}

const published = async (app: TestApp = t) =>
  (await app.get<PublishedSheet>('/api/PriceSheet/GetPublished')).body.data;

const quoteTotal = async (app: TestApp = t) =>
  (
    await app.post<PcbQuoteResult>('/api/Pcb/CalcPrice', {
      params: defaultPcbParams,
      province: '广东',
    })
  ).body.data;

/** A draft whose 10×10 package costs `price`. */
async function draftWithPackagePrice(price: number): Promise<PriceSheetDetail> {
  const draft = await call<PriceSheetDetail>(admin, 'POST', 'CreateDraft');
  expect(draft.status).toBe(200);
  const sheet = structuredClone(draft.body.data.sheet) as PriceSheet;
  sheet.pcb.packages[0]!.price = price;
  const saved = await call<PriceSheetDetail>(admin, 'PUT', 'SaveDraft', {
    id: draft.body.data.id,
    sheet,
    note: `套餐价改为${price}`,
  });
  expect(saved.status, saved.body.message).toBe(200);
  return saved.body.data;
}

describe('staff price sheets', () => {
  it('lists the seeded version 1 and shows it', async () => {
    const list = await call<{ items: PriceSheetSummary[] }>(admin, 'GET', 'List');
    expect(list.status).toBe(200);
    const v1 = list.body.data.items.find((s) => s.version === 1)!;
    expect(v1).toMatchObject({ status: 'published', name: defaultPriceSheet.name });
    const detail = await call<PriceSheetDetail>(admin, 'GET', 'Get', { id: v1.id });
    expect(detail.body.data.sheet).toEqual({ ...defaultPriceSheet, version: 1 });
  });

  it('refuses a sheet with a problem by its path, keeping nothing; audits saves', async () => {
    const draft = (await call<PriceSheetDetail>(admin, 'POST', 'CreateDraft')).body.data;
    expect(draft).toMatchObject({ status: 'draft', version: null, basedOnVersion: 1 });
    // CreateDraft again: the same draft.
    const again = await call<PriceSheetDetail>(admin2, 'POST', 'CreateDraft');
    expect(again.body.data.id).toBe(draft.id);

    const broken = structuredClone(draft.sheet) as PriceSheet;
    (broken.pcb.packages[0] as { price: number }).price = -5;
    const [problem] = checkPriceSheet(broken);
    const res = await call(admin, 'PUT', 'SaveDraft', { id: draft.id, sheet: broken });
    expect(res.status).toBe(400);
    expect(res.body.message).toContain(problem!.path);
    expect(res.body.field).toBe(`sheet.${problem!.path}`);
    const stored = await call<PriceSheetDetail>(admin, 'GET', 'Get', { id: draft.id });
    expect(stored.body.data.sheet.pcb.packages[0]!.price).toBe(2000);

    const fine = structuredClone(draft.sheet) as PriceSheet;
    fine.pcb.packages[0]!.price = 2500;
    const saved = await call<PriceSheetDetail>(admin, 'PUT', 'SaveDraft', {
      id: draft.id,
      sheet: fine,
      note: '套餐涨价',
    });
    expect(saved.status).toBe(200);
    expect(saved.body.data.note).toBe('套餐涨价');
    const rows = await auditRows(t, "action = 'StaffPriceSheet.SaveDraft' AND object_id = $1", [
      String(draft.id),
    ]);
    expect(rows).toHaveLength(1);
    expect((rows[0]!.before!.sheet as PriceSheet).pcb.packages[0]!.price).toBe(2000);
    expect((rows[0]!.after!.sheet as PriceSheet).pcb.packages[0]!.price).toBe(2500);

    // Preview: the standard samples and an extra one, published next to draft.
    const preview = await call<{ problems: unknown[]; rows: PreviewRow[] }>(
      admin,
      'POST',
      'Preview',
      {
        id: draft.id,
        samples: [{ kind: 'pcb', params: { ...defaultPcbParams, quantity: 5 } }],
      },
    );
    expect(preview.status).toBe(200);
    expect(preview.body.data.problems).toEqual([]);
    const rowsOut = preview.body.data.rows;
    expect(rowsOut).toHaveLength(9);
    expect(rowsOut.map((r) => r.kind)).toEqual([
      'pcb',
      'pcb',
      'pcb',
      'pcb',
      'pcb',
      'pcb',
      'smt',
      'stencil',
      'pcb',
    ]);
    expect(rowsOut[0]!.publishedTotal).toBe(pricePcb(defaultPriceSheet, defaultPcbParams).total);
    expect(rowsOut[0]!.draftTotal).toBe(rowsOut[0]!.publishedTotal! + 500);
    expect(rowsOut.every((r) => r.message === null)).toBe(true);
    expect(rowsOut[1]!.draftTotal).toBe(rowsOut[1]!.publishedTotal); // 100.3 mm: no package

    const deleted = await call(admin, 'DELETE', 'DeleteDraft', { id: draft.id });
    expect(deleted.status).toBe(200);
    expect((await call(admin, 'GET', 'Get', { id: draft.id })).status).toBe(404);
    expect(await auditRows(t, "action = 'StaffPriceSheet.DeleteDraft'")).toHaveLength(1);
  });

  it('publishes: the next version, the old one retired, the next quote at the new prices', async () => {
    const before = await quoteTotal();
    const draft = await draftWithPackagePrice(3000);
    const current = (await published()).version;
    const stale = await call(admin, 'POST', 'Publish', {
      id: draft.id,
      expectedCurrentVersion: current + 5,
    });
    expect(stale.status).toBe(409);

    const res = await call<PriceSheetSummary>(admin, 'POST', 'Publish', {
      id: draft.id,
      expectedCurrentVersion: current,
    });
    expect(res.status, res.body.message).toBe(200);
    expect(res.body.data).toMatchObject({ status: 'published', version: current + 1 });
    const now = await published();
    expect(now.version).toBe(current + 1);
    expect(now.sheet.version).toBe(current + 1);
    expect(now.sheet.pcb.packages[0]!.price).toBe(3000);
    // The very next quote: this process replaced its cache on commit.
    const after = await quoteTotal();
    expect(after.sheetVersion).toBe(current + 1);
    expect(after.total).toBe(before.total + 1000);

    const list = await call<{ items: PriceSheetSummary[] }>(admin, 'GET', 'List');
    expect(list.body.data.items.find((s) => s.version === current)!.status).toBe('retired');
    const [audit] = await auditRows(t, "action = 'StaffPriceSheet.Publish'");
    expect(audit).toMatchObject({
      before: { status: 'draft', currentVersion: current },
      after: { status: 'published', version: current + 1 },
    });
  });

  it('lets exactly one of two concurrent publications win', async () => {
    const draft = await draftWithPackagePrice(3500);
    const current = (await published()).version;
    const answers = await Promise.all([
      call(admin, 'POST', 'Publish', { id: draft.id, expectedCurrentVersion: current }),
      call(admin2, 'POST', 'Publish', { id: draft.id, expectedCurrentVersion: current }),
    ]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409]);
    const { rows } = await t.database.pool.query(
      "SELECT version FROM price_sheet WHERE status = 'published'",
    );
    expect(rows).toEqual([{ version: current + 1 }]);
  });

  it('another process sees a publication within the cache window', async () => {
    const other = await buildTestApp({ databaseUrl: t.databaseUrl });
    try {
      const seen = (await quoteTotal(other)).sheetVersion;
      const draft = await draftWithPackagePrice(4000);
      const res = await call(admin, 'POST', 'Publish', {
        id: draft.id,
        expectedCurrentVersion: seen,
      });
      expect(res.status).toBe(200);
      const started = Date.now();
      let version = seen;
      while (version === seen && Date.now() - started < 3000) {
        await new Promise((r) => setTimeout(r, 100));
        version = (await quoteTotal(other)).sheetVersion;
      }
      expect(version).toBe(seen + 1);
      expect(Date.now() - started).toBeLessThan(1500);
    } finally {
      await other.close();
    }
  });

  it('lets finance and sales read, and only admins write', async () => {
    for (const role of ['finance', 'sales'] as const) {
      const s = await sessionFor(t, (await createStaff(t, { roles: [role] })).id);
      expect((await call(s, 'GET', 'List')).status).toBe(200);
      expect((await call(s, 'POST', 'CreateDraft')).status).toBe(403);
    }
    const engineer = await sessionFor(t, (await createStaff(t, { roles: ['engineer'] })).id);
    expect((await call(engineer, 'GET', 'List')).status).toBe(403);
    expect((await call(engineer, 'POST', 'CreateDraft')).status).toBe(403);
    expect((await call(engineer, 'PUT', 'SaveDraft', { id: 1, sheet: {} })).status).toBe(403);
  });
});

describe('amounts a factory could mean, quotes an order can hold (decision 0033)', () => {
  const TOO_LARGE = /^报价超过单笔订单上限¥21,474,836\.47/;
  const EXTREME = 9_007_199_254_740_991; // Number.MAX_SAFE_INTEGER fen

  it('refuses the extreme price at save, naming the field, keeping nothing', async () => {
    const draft = (await call<PriceSheetDetail>(admin, 'POST', 'CreateDraft')).body.data;
    const sheet = structuredClone(draft.sheet) as PriceSheet;
    sheet.pcb.packages[0]!.price = EXTREME;
    const res = await call(admin, 'PUT', 'SaveDraft', { id: draft.id, sheet });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({
      success: false,
      field: 'sheet.pcb.packages[0].price',
      message: 'pcb.packages[0].price：须在¥0.01到¥100,000.00之间（基础价格不能为0）',
    });
    const stored = await call<PriceSheetDetail>(admin, 'GET', 'Get', { id: draft.id });
    expect(stored.body.data.sheet.pcb.packages[0]!.price).toBe(draft.sheet.pcb.packages[0]!.price);
    expect((await call(admin, 'DELETE', 'DeleteDraft', { id: draft.id })).status).toBe(200);
  });

  it('refuses a quote no order can hold: the largest 12-layer order, 400 not a total of ¥87 million', async () => {
    const res = await t.post('/api/Pcb/CalcPrice', {
      params: {
        ...defaultPcbParams,
        layers: 12,
        lengthMm: 600,
        widthMm: 500,
        quantity: 100_000,
        test: 'flyingProbeFull',
      },
    });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ success: false, field: 'params.quantity' });
    expect(res.body.message).toMatch(TOO_LARGE);
  });

  it('warns before publishing a draft that prices common boards at under half, or at ¥0', async () => {
    const draft = (await call<PriceSheetDetail>(admin, 'POST', 'CreateDraft')).body.data;
    const cheap = structuredClone(draft.sheet) as PriceSheet;
    // Every PCB base price at the least it may be: ¥0.01.
    cheap.pcb.packages[0]!.price = 1;
    for (const layers of [1, 2, 4, 6, 8, 10, 12] as const) {
      cheap.pcb.sampleSteps[layers].stepPrice = 1;
      for (const band of cheap.pcb.batchBands[layers]) band.pricePerM2 = 1;
    }
    const saved = await call(admin, 'PUT', 'SaveDraft', { id: draft.id, sheet: cheap });
    expect(saved.status, saved.body.message).toBe(200);
    const preview = await call<{ warnings: string[]; rows: PreviewRow[] }>(
      admin,
      'POST',
      'Preview',
      { id: draft.id },
    );
    expect(preview.status).toBe(200);
    const { warnings, rows } = preview.body.data;
    const batch = rows.find((r) => r.label === 'PCB 2层 300×300mm 5000片')!;
    expect(batch.draftTotal! * 2).toBeLessThan(batch.publishedTotal!);
    expect(warnings).toContain(
      `PCB 2层 300×300mm 5000片：草稿报价${yuan(batch.draftTotal!)}，不到生效价格${yuan(batch.publishedTotal!)}的一半`,
    );
    expect(warnings.filter((w) => w.startsWith('PCB'))).toHaveLength(
      rows.filter((r) => r.kind === 'pcb').length,
    );
    expect(warnings.some((w) => w.startsWith('SMT') || w.startsWith('钢网'))).toBe(false);

    // A draft with ordinary changes has nothing to warn about.
    const saneDraft = structuredClone(draft.sheet) as PriceSheet;
    saneDraft.pcb.packages[0]!.price += 100;
    await call(admin, 'PUT', 'SaveDraft', { id: draft.id, sheet: saneDraft });
    const calm = await call<{ warnings: string[] }>(admin, 'POST', 'Preview', { id: draft.id });
    expect(calm.body.data.warnings).toEqual([]);
    expect((await call(admin, 'DELETE', 'DeleteDraft', { id: draft.id })).status).toBe(200);
  });

  describe('a sheet saved and published before the bounds', () => {
    let old: TestApp;
    let boss: StaffSessionForTest;
    beforeAll(async () => {
      old = await buildTestApp();
      boss = await sessionFor(old, (await createStaff(old, { roles: ['admin'] })).id);
      // Written as today's code let it through: saved, then published, with an extreme price
      // for a board, an SMT setup and a stencil.
      const sheet = structuredClone(defaultPriceSheet);
      sheet.version = 2;
      sheet.pcb.packages[0]!.price = EXTREME;
      sheet.smt.setupPerSide = EXTREME;
      sheet.stencil.framed['370x470'] = EXTREME;
      const insert = (status: string, version: number | null) =>
        old.database.pool.query(
          `INSERT INTO price_sheet (version, name, status, sheet, based_on_version, created_at, updated_at, published_at)
           VALUES ($1, $2, $3, $4, 1, now(), now(), CASE WHEN $3 = 'draft' THEN NULL ELSE now() END)`,
          [version, sheet.name, status, JSON.stringify(sheet)],
        );
      await insert('retired', 1);
      await insert('published', 2);
      await insert('draft', null);
    });
    afterAll(async () => old?.close());

    it('answers CalcPrice of PCB, SMT and stencils with 400 and the reason, not 500', async () => {
      const pcb = await old.post('/api/Pcb/CalcPrice', { params: defaultPcbParams });
      expect(pcb.status).toBe(400);
      expect(pcb.body.message).toMatch(TOO_LARGE);
      const smt = await old.get('/api/Smt/CalcPrice', {
        query: Object.fromEntries(Object.entries(defaultSmtParams).map(([k, v]) => [k, String(v)])),
      });
      expect(smt.status).toBe(400);
      expect(smt.body.message).toMatch(TOO_LARGE);
      const stencil = await old.post('/api/Stencil/CalcPrice', {
        params: { ...defaultStencilParams, type: 'framed', size: '370x470' },
      });
      expect(stencil.status).toBe(400);
      expect(stencil.body).toMatchObject({ success: false, field: 'params.quantity' });
    });

    it('refuses an order with 400 and the reason, placing nothing', async () => {
      const m = await old.createMember({ mobile: uniqueMobile() });
      const setup = await orderSetup(old, m.token);
      const body = await pcbOrderBody(old, setup, {
        params: { layers: 4, test: 'flyingProbeFull' },
      });
      // The 10×10 package is the extreme price: ordering it is refused.
      const res = await saveOrder(old, m.token, { ...body, params: defaultPcbParams });
      expect(res.status).toBe(400);
      expect(res.body.message).toMatch(TOO_LARGE);
      const { rows } = await old.database.pool.query('SELECT count(*)::int AS n FROM orders');
      expect(rows[0].n).toBe(0);
    });

    it('previews: the draft’s problem by its path, the published prices it cannot quote by row', async () => {
      const [draft] = (
        await old.database.pool.query<{ id: number }>(
          "SELECT id FROM price_sheet WHERE status = 'draft'",
        )
      ).rows;
      const preview = () =>
        call<{ problems: { path: string }[]; rows: PreviewRow[] }>(
          boss,
          'POST',
          'Preview',
          { id: draft!.id },
          old,
        );
      const copied = await preview();
      expect(copied.status).toBe(200);
      expect(copied.body.data.problems[0]).toMatchObject({ path: 'pcb.packages[0].price' });
      const publish = await call(
        boss,
        'POST',
        'Publish',
        { id: draft!.id, expectedCurrentVersion: 2 },
        old,
      );
      expect(publish.status).toBe(400);

      // Fixed in the draft: the published side of the preview says why it cannot quote.
      const fixed = structuredClone(defaultPriceSheet);
      const saved = await call(boss, 'PUT', 'SaveDraft', { id: draft!.id, sheet: fixed }, old);
      expect(saved.status, saved.body.message).toBe(200);
      const fixedPreview = await preview();
      expect(fixedPreview.status).toBe(200);
      const [first] = fixedPreview.body.data.rows;
      expect(first).toMatchObject({ publishedTotal: null, draftTotal: 2000 });
      expect(first!.message).toMatch(/^生效价格表：报价超过单笔订单上限/);
    });
  });
});
