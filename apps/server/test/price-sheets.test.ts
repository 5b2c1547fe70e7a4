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
  pricePcb,
  type PriceSheet,
} from '@pcb/pricing';
import { buildTestApp, type TestApp } from './helper';
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
    expect(rowsOut).toHaveLength(8);
    expect(rowsOut.map((r) => r.kind)).toEqual([
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
