import { describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { PriceSheetDetail, PriceSheetSummary } from '@pcb/contract/staff-price-sheet';
import { defaultPriceSheet, type PriceSheet } from '@pcb/pricing';
import { mockApi, ok, refuse, type RecordedRequest } from '@pcb/client/test';
import { page, sessionFixture } from '../../../test/fixtures';
import { currentPath, renderConsole } from '../../../test/render-app';

const admin = { id: 1, userName: 'admin', realName: '王管理' };

const published: PriceSheetSummary = {
  id: 1,
  version: 1,
  name: '2026年标准价',
  status: 'published',
  basedOnVersion: null,
  note: null,
  createdBy: null,
  updatedAt: '2026-11-01T00:00:00Z',
  publishedBy: null,
  publishedAt: '2026-11-01T00:00:00Z',
};

const copy = (sheet: PriceSheet): PriceSheet => JSON.parse(JSON.stringify(sheet)) as PriceSheet;

/** A server with the seed sheet published; a draft is made, saved, previewed and published. */
function priceSheetServer(
  roles: Parameters<typeof sessionFixture>[0] = ['admin'],
  overrides: Record<string, (request: RecordedRequest) => ReturnType<typeof ok>> = {},
) {
  let draft: PriceSheetDetail | null = null;
  let current = { ...published };
  const details = (): PriceSheetSummary[] => (draft ? [draft, current] : [current]);
  return mockApi({
    'GET /api/StaffAuth/Me': () => ok(sessionFixture(roles)),
    'GET /api/StaffPriceSheet/List': () => ok(page(details())),
    'GET /api/StaffPriceSheet/Get': (request) => {
      const id = Number(request.url.searchParams.get('id'));
      if (draft && id === draft.id) return ok(draft);
      return ok({ ...current, sheet: defaultPriceSheet });
    },
    'POST /api/StaffPriceSheet/CreateDraft': () => {
      draft = {
        ...published,
        id: 2,
        version: null,
        status: 'draft',
        basedOnVersion: 1,
        createdBy: admin,
        publishedAt: null,
        sheet: copy(defaultPriceSheet),
      };
      return ok(draft);
    },
    'PUT /api/StaffPriceSheet/SaveDraft': (request) => {
      const body = request.body as { sheet: PriceSheet; note?: string };
      draft = { ...draft!, sheet: body.sheet, note: body.note ?? null };
      return ok(draft);
    },
    'POST /api/StaffPriceSheet/Preview': () =>
      ok({
        problems: [],
        warnings: [],
        rows: [
          {
            kind: 'pcb',
            label: '2层 10×10cm 10片',
            paramString: '2层 | 100×100mm | 10片 | 1.6mm',
            publishedTotal: 2000,
            draftTotal: 1550,
            publishedBuildDays: 4,
            draftBuildDays: 4,
            message: null,
          },
          {
            kind: 'stencil',
            label: '有框钢网 370×470',
            paramString: '有框 | 370×470mm',
            publishedTotal: 16300,
            draftTotal: 16300,
            publishedBuildDays: 1,
            draftBuildDays: 1,
            message: null,
          },
        ],
      }),
    'POST /api/StaffPriceSheet/Publish': () => {
      current = { ...current, id: 2, version: 2, note: draft?.note ?? null, basedOnVersion: 1 };
      draft = null;
      return ok(current);
    },
    'DELETE /api/StaffPriceSheet/DeleteDraft': () => {
      draft = null;
      return ok({ ok: true });
    },
    ...overrides,
  });
}

// The draft has a few hundred inputs: role queries over the whole page are slow in jsdom, so
// the tests find a value's input by its label and a button within the draft's toolbar.
function input(name: string): HTMLInputElement {
  const found = document.querySelector<HTMLInputElement>(
    `:is(input, textarea)[aria-label="${name}"]`,
  );
  if (!found) throw new Error(`No input labelled ${name}`);
  return found;
}
const findInput = (name: string) => waitFor(() => input(name));
const labelled = (name: string) =>
  waitFor(() => {
    const found = document.querySelector<HTMLElement>(`[aria-label="${name}"]`);
    if (!found) throw new Error(`Nothing labelled ${name}`);
    return found;
  });
const toolbar = () => within(screen.getByRole('toolbar', { name: '草稿操作' }));

async function openDraft() {
  fireEvent.click(await screen.findByRole('button', { name: '新建草稿' }));
  expect(await screen.findByText('已从版本 1 复制草稿')).toBeInTheDocument();
  return findInput('10x10 套餐价');
}

/** Clicks 发布 and waits for its question (the preview's check runs first). */
async function publishConfirm(): Promise<HTMLElement> {
  fireEvent.click(toolbar().getByRole('button', { name: '发布' }));
  const title = await screen.findByText('发布为版本 2？', { selector: '.ant-modal-confirm-title' });
  return title.closest('.ant-modal') as HTMLElement;
}

/** Whether closing or reloading the tab now would ask first. */
function leavingIsQuestioned(): boolean {
  const event = new Event('beforeunload', { cancelable: true });
  window.dispatchEvent(event);
  return event.defaultPrevented;
}

describe('price sheets', () => {
  it('an admin edits a draft in yuan, saves it as fen, previews the difference and publishes version 2', async () => {
    const api = priceSheetServer();
    renderConsole('/price-sheets');
    const price = await openDraft();
    expect(price).toHaveValue('20.00');
    expect(screen.getByText('已保存')).toBeInTheDocument();

    fireEvent.change(price, { target: { value: '15.5' } });
    expect(await screen.findByTestId('draft-dirty')).toHaveTextContent('有未保存的修改');
    expect(price.closest('.sheet-cell')).toHaveClass('sheet-cell-changed');
    expect(leavingIsQuestioned()).toBe(true);
    expect(toolbar().getByRole('button', { name: '发布' })).toBeDisabled();
    fireEvent.change(input('修改说明'), {
      target: { value: '2层10×10套餐降价' },
    });
    fireEvent.click(toolbar().getByRole('button', { name: '保存' }));
    expect(await screen.findByText('草稿已保存')).toBeInTheDocument();
    expect(leavingIsQuestioned()).toBe(false);
    const saved = api.calls('PUT /api/StaffPriceSheet/SaveDraft')[0]?.body as {
      id: number;
      sheet: PriceSheet;
      note: string;
    };
    expect(saved.id).toBe(2);
    expect(saved.note).toBe('2层10×10套餐降价');
    expect(saved.sheet.pcb.packages[0]?.price).toBe(1550);
    // Nothing else changed on the way through the inputs.
    expect({ ...saved.sheet, pcb: { ...saved.sheet.pcb, packages: [] } }).toEqual({
      ...defaultPriceSheet,
      pcb: { ...defaultPriceSheet.pcb, packages: [] },
    });
    await waitFor(() =>
      expect(input('10x10 套餐价').closest('.sheet-cell')).not.toHaveClass('sheet-cell-changed'),
    );

    fireEvent.click(toolbar().getByRole('button', { name: '预览' }));
    const preview = await labelled('预览报价');
    const row = (await within(preview).findByText('2层 10×10cm 10片')).closest('tr') as HTMLElement;
    expect(row).toHaveTextContent('¥20.00');
    expect(row).toHaveTextContent('¥15.50');
    expect(within(row).getByTestId('preview-change')).toHaveTextContent('-¥4.50（-22.5%）');
    const same = within(preview).getByText('有框钢网 370×470').closest('tr') as HTMLElement;
    expect(same).toHaveTextContent('不变');

    const confirm = await publishConfirm();
    expect(api.calls('POST /api/StaffPriceSheet/Publish')).toHaveLength(0);
    fireEvent.click(within(confirm).getByRole('button', { name: '发布版本 2' }));
    expect(await screen.findByText('已发布版本 2')).toBeInTheDocument();
    expect(api.calls('POST /api/StaffPriceSheet/Publish')[0]?.body).toEqual({
      id: 2,
      expectedCurrentVersion: 1,
    });
    const history = await labelled('价格表历史');
    const v2 = (await within(history).findByText('v2')).closest('tr') as HTMLElement;
    expect(v2).toHaveTextContent('生效中');
    expect(v2).toHaveTextContent('2层10×10套餐降价');
  }, 40_000); // the whole flow, with a few hundred inputs on the page, on a shared machine

  it('adds a custom PCB sample to the preview', async () => {
    const api = priceSheetServer();
    renderConsole('/price-sheets');
    await openDraft();
    const form = await labelled('自定义PCB样例');
    fireEvent.change(within(form).getByRole('spinbutton', { name: '长(mm)' }), {
      target: { value: '100.3' },
    });
    fireEvent.click(within(form).getByRole('button', { name: '添加PCB样例' }));
    await waitFor(() => expect(api.calls('POST /api/StaffPriceSheet/Preview')).toHaveLength(1));
    const body = api.calls('POST /api/StaffPriceSheet/Preview')[0]?.body as {
      samples: { kind: string; params: { lengthMm: number; layers: number; finish: string } }[];
    };
    expect(body.samples).toHaveLength(1);
    expect(body.samples[0]).toMatchObject({
      kind: 'pcb',
      params: { lengthMm: 100.3, layers: 2, finish: 'hasl' },
    });
    expect(await screen.findByText('自定义：2层 100.3×100mm 10片')).toBeInTheDocument();
  });

  it('keeps what is no amount from being saved, and shows the engine’s problem by its field', async () => {
    const api = priceSheetServer();
    renderConsole('/price-sheets');
    const price = await openDraft();
    fireEvent.change(price, { target: { value: '1.005' } });
    expect(await screen.findByText('请输入金额（元，最多两位小数）')).toBeInTheDocument();
    expect(toolbar().getByRole('button', { name: '保存' })).toBeDisabled();
    fireEvent.change(price, { target: { value: '1.05' } });
    await waitFor(() =>
      expect(screen.queryByText('请输入金额（元，最多两位小数）')).not.toBeInTheDocument(),
    );

    // The first batch band must start at 0 (checkPriceSheet, the server's own rule).
    fireEvent.change(input('4层 第1档起点'), { target: { value: '0.5' } });
    const cell = input('4层 第1档起点').closest('.sheet-cell') as HTMLElement;
    expect(await within(cell).findByText('第一档须从0开始')).toBeInTheDocument();
    expect(toolbar().getByRole('button', { name: '保存' })).toBeDisabled();
    expect(toolbar().getByRole('button', { name: '预览' })).toBeDisabled();

    fireEvent.click(toolbar().getByRole('button', { name: '撤销修改' }));
    await waitFor(() => expect(input('4层 第1档起点')).toHaveValue('0'));
    expect(input('10x10 套餐价')).toHaveValue('20.00');
    expect(screen.queryByText('第一档须从0开始')).not.toBeInTheDocument();
    expect(api.calls('PUT /api/StaffPriceSheet/SaveDraft')).toHaveLength(0);
  });

  it('asks before the menu leaves unsaved changes', async () => {
    priceSheetServer(['admin'], {
      'GET /api/StaffOrder/List': () => ok(page([])),
    });
    renderConsole('/price-sheets');
    fireEvent.change(await openDraft(), { target: { value: '18' } });
    await screen.findByTestId('draft-dirty');
    const menu = within(screen.getByRole('menu', { name: '主菜单' }));
    const answers = [false, true];
    const confirm = vi.spyOn(window, 'confirm').mockImplementation(() => answers.shift()!);
    fireEvent.click(menu.getByText('订单工作台'));
    expect(confirm).toHaveBeenCalledTimes(1);
    expect(currentPath()).toMatch(/^\/price-sheets/);
    fireEvent.click(menu.getByText('订单工作台'));
    await waitFor(() => expect(currentPath()).toBe('/orders'));
    expect(confirm).toHaveBeenCalledTimes(2);
    confirm.mockRestore();
  });

  it('puts a problem the server names next to its field', async () => {
    priceSheetServer(['admin'], {
      'PUT /api/StaffPriceSheet/SaveDraft': () =>
        refuse(400, '工程费不能低于成本', 'sheet.pcb.engineering.2'),
    });
    renderConsole('/price-sheets');
    await openDraft();
    fireEvent.change(input('2层 工程费'), { target: { value: '1' } });
    fireEvent.click(toolbar().getByRole('button', { name: '保存' }));
    const cell = input('2层 工程费').closest('.sheet-cell') as HTMLElement;
    expect(await within(cell).findByText('工程费不能低于成本')).toBeInTheDocument();
    expect(screen.getByTestId('draft-dirty')).toBeInTheDocument();
  });

  it('asks again before publishing prices the preview warns about', async () => {
    const warning = 'PCB 2层 300×300mm 5000片：草稿报价¥104.50，不到生效价格¥22,600.00的一半';
    const api = priceSheetServer(['admin'], {
      'POST /api/StaffPriceSheet/Preview': () =>
        ok({ problems: [], warnings: [warning], rows: [] }),
    });
    renderConsole('/price-sheets');
    await openDraft();
    const confirm = await publishConfirm();
    // The check ran first, and its warning is in the question.
    expect(api.calls('POST /api/StaffPriceSheet/Preview')).toHaveLength(1);
    expect(within(confirm).getByText('草稿的价格明显偏低，请确认不是输入错误')).toBeInTheDocument();
    expect(within(confirm).getByText(warning)).toBeInTheDocument();
    expect(api.calls('POST /api/StaffPriceSheet/Publish')).toHaveLength(0);
    fireEvent.click(within(confirm).getByRole('button', { name: '仍然发布版本 2' }));
    expect(await screen.findByText('已发布版本 2')).toBeInTheDocument();
    expect(api.calls('POST /api/StaffPriceSheet/Publish')).toHaveLength(1);
  });

  it('does not offer to publish a draft the preview finds a problem in', async () => {
    const api = priceSheetServer(['admin'], {
      'POST /api/StaffPriceSheet/Preview': () =>
        ok({
          problems: [{ path: 'pcb.packages[0].price', message: '须在¥0.01到¥100,000.00之间' }],
          warnings: [],
          rows: [],
        }),
    });
    renderConsole('/price-sheets');
    await openDraft();
    fireEvent.click(toolbar().getByRole('button', { name: '发布' }));
    expect(await screen.findByText('草稿有问题，请按预览中的提示修改后再发布')).toBeInTheDocument();
    expect(screen.getByText('草稿有问题，不能发布')).toBeInTheDocument();
    expect(screen.queryByText('发布为版本 2？')).not.toBeInTheDocument();
    expect(api.calls('POST /api/StaffPriceSheet/Publish')).toHaveLength(0);
  });

  it('says so when another version was published meanwhile', async () => {
    const api = priceSheetServer(['admin'], {
      'POST /api/StaffPriceSheet/Publish': () =>
        refuse(409, '已有新的版本发布，请刷新后基于最新版本修改'),
    });
    renderConsole('/price-sheets');
    await openDraft();
    const confirm = await publishConfirm();
    const listed = api.calls('GET /api/StaffPriceSheet/List').length;
    fireEvent.click(within(confirm).getByRole('button', { name: '发布版本 2' }));
    expect(
      await screen.findByText('已有新的版本发布，请刷新后基于最新版本修改'),
    ).toBeInTheDocument();
    await waitFor(() =>
      expect(api.calls('GET /api/StaffPriceSheet/List').length).toBeGreaterThan(listed),
    );
  });

  it('throws a draft away after a confirmation', async () => {
    const api = priceSheetServer();
    renderConsole('/price-sheets');
    await openDraft();
    fireEvent.click(toolbar().getByRole('button', { name: '放弃草稿' }));
    const confirm = (
      await screen.findByText('放弃这份草稿？', { selector: '.ant-modal-confirm-title' })
    ).closest('.ant-modal') as HTMLElement;
    fireEvent.click(within(confirm).getByRole('button', { name: '放弃草稿' }));
    expect(await screen.findByText('草稿已放弃')).toBeInTheDocument();
    expect(api.calls('DELETE /api/StaffPriceSheet/DeleteDraft')[0]?.body).toEqual({ id: 2 });
    expect(await screen.findByRole('button', { name: '新建草稿' })).toBeInTheDocument();
    await waitFor(() =>
      expect(document.querySelector('input[aria-label="10x10 套餐价"]')).toBeNull(),
    );
    expect(await screen.findByText('版本 1 · 2026年标准价')).toBeInTheDocument();
  });

  it('shows sales the published sheet read-only, in yuan', async () => {
    priceSheetServer(['sales']);
    renderConsole('/price-sheets');
    expect(await screen.findByText('版本 1 · 2026年标准价')).toBeInTheDocument();
    const packages = await screen.findByRole('region', { name: '样板套餐' });
    expect(within(packages).getByText('¥20.00')).toBeInTheDocument();
    const byLayers = screen.getByRole('region', { name: '按层数收费' });
    const twoLayers = within(byLayers).getByText('2层').closest('tr') as HTMLElement;
    expect(twoLayers).toHaveTextContent('¥100.00');
    expect(twoLayers).toHaveTextContent('0.2 m²');
    expect(screen.queryByRole('textbox')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: '新建草稿' })).not.toBeInTheDocument();
    expect(screen.getByText('只读：仅管理员可修改价格表')).toBeInTheDocument();

    fireEvent.click(screen.getByRole('tab', { name: 'SMT贴片' }));
    expect(await screen.findByText('¥0.01 /点')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('tab', { name: '税费与截单' }));
    expect(await screen.findByText('13%')).toBeInTheDocument();
  });
});
