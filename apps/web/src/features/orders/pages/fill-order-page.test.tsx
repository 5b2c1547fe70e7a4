import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { uploadTicketFor } from '../../../test/fixtures';
import type { Receiver } from '@pcb/contract/member-receiver';
import type { PlacedOrder, QuoteResult } from '@pcb/contract/order-quote';
import { defaultPcbParams, defaultStencilParams, yuan } from '@pcb/pricing';
import { initialAppState, useAppStore } from '../../../lib/app-store';
import { REVIEW_PROMISE } from '../../../lib/review-promise';
import { queryClient } from '../../../lib/api';
import { envelope } from '@pcb/client/test';
import { baseApi, currentPath, logIn, typeInto } from '../../../test/base-api';
import { renderApp } from '../../../test/render-app';

beforeEach(() => {
  useAppStore.setState(initialAppState);
  queryClient.clear();
});
afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

const receiver: Receiver = {
  id: 21,
  receiverName: '王工',
  mobile: '13800138000',
  region: { code: '440305', country: '中国', province: '广东省', city: '深圳市', county: '南山区' },
  address: '科技园1号',
  postcode: null,
  company: null,
  isDefault: true,
  createdAt: '2026-11-01T00:00:00Z',
  updatedAt: '2026-11-01T00:00:00Z',
};

const pcbInfo = {
  kind: 'pcb',
  params: defaultPcbParams,
  total: 5000,
  sheetVersion: 3,
  paramString: '2层 | 100×100mm | 10片',
};

const quote = (over: Partial<QuoteResult> = {}): QuoteResult => ({
  total: 6200,
  lines: [
    { code: 'board', name: '板费', amount: 5000, reason: '10×10cm打样套餐' },
    { code: 'shipping', name: '运费', amount: 1200, reason: '顺丰，广东省，1kg' },
  ],
  buildDays: 3,
  shipDate: '2026-12-01',
  warnings: [],
  sheetVersion: 3,
  regime: 'package:10x10',
  weightGrams: 300,
  paramString: '2层 | 100×100mm | 10片 | 1.6mm',
  ...over,
});

const placed: PlacedOrder = {
  id: 1,
  kind: 'pcb',
  orderNo: 'P20261126001',
  status: 'pendingReview',
  total: 6200,
  lines: quote().lines,
  sheetVersion: 3,
  buildDays: 3,
  shipDate: '2026-12-01',
  paramString: quote().paramString,
  createdAt: '2026-11-26T03:00:00Z',
};

function fakeStorage() {
  const sent: FormData[] = [];
  class FakeXhr {
    status = 0;
    upload: { onprogress: ((e: Partial<ProgressEvent>) => void) | null } = { onprogress: null };
    onload: (() => void) | null = null;
    onerror = null;
    onabort = null;
    open() {}
    abort() {}
    send(body: FormData) {
      sent.push(body);
      queueMicrotask(() => {
        this.upload.onprogress?.({ lengthComputable: true, loaded: 50, total: 100 });
        this.status = 200;
        this.onload?.();
      });
    }
  }
  vi.stubGlobal('XMLHttpRequest', FakeXhr);
  return sent;
}

function api(overrides: Parameters<typeof baseApi>[0] = {}) {
  return baseApi({
    'GET /api/MemberReceiver/getDefaultOrLast': () => ({ body: envelope(receiver) }),
    'GET /api/MemberContact/GetList': () => ({ body: envelope([]) }),
    'POST /api/Pcb/CalcPrice': () => ({
      body: envelope({ ...quote(), cliffs: [], buildTimes: [] }),
    }),
    'GET /api/Common/getUploadCode': (r) => ({
      body: envelope(
        uploadTicketFor(r.url.searchParams.get('dirType')!, r.url.searchParams.get('fileExt')!),
      ),
    }),
    ...overrides,
  });
}

async function pick(name: string) {
  const input = await screen.findByTestId('order-file-input');
  act(() => fireEvent.change(input, { target: { files: [new File(['gerber'], name)] } }));
}

describe('/fillOrder', () => {
  it('uploads the file, prices with the receiver on the server and places the order', async () => {
    logIn();
    localStorage.setItem('orderInfo', JSON.stringify(pcbInfo));
    const sent = fakeStorage();
    const { requests } = api({
      'POST /api/Pcb/SaveOrder': () => ({ body: envelope(placed) }),
    });
    renderApp('/fillOrder');
    expect(await screen.findByTestId('order-receiver')).toHaveTextContent('王工');
    expect(screen.getByText('支持zip、rar、7z格式，不超过50MB')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByTestId('order-total')).toHaveTextContent('¥62.00'));
    expect(screen.getByText('顺丰，广东省，1kg')).toBeInTheDocument();
    expect(screen.queryByTestId('order-price-changed')).toBeNull();

    const scrolled: Element[] = [];
    vi.spyOn(Element.prototype, 'scrollIntoView').mockImplementation(function (this: Element) {
      scrolled.push(this);
    });
    fireEvent.click(screen.getByTestId('order-submit'));
    // The file card itself asks for the file, brought into view; no strip over other cards.
    const fileCard = screen.getByRole('region', { name: '设计文件' });
    expect(await within(fileCard).findByRole('alert')).toHaveTextContent('请上传设计文件');
    expect(fileCard).toHaveAttribute('data-missing', 'true');
    expect(scrolled).toEqual([fileCard]);
    expect(document.activeElement).toBe(within(fileCard).getByTestId('order-file-pick'));
    expect(screen.queryByTestId('order-problem')).toBeNull();
    expect(screen.getByRole('region', { name: '收货地址' })).not.toHaveAttribute('data-missing');

    await pick('board.rar');
    expect(await screen.findByText('上传成功')).toBeInTheDocument();
    expect(fileCard).not.toHaveAttribute('data-missing');
    expect(within(fileCard).queryByText('请上传设计文件')).toBeNull();
    expect(sent).toHaveLength(1);
    expect(sent[0]!.get('key')).toBe('pcbFile/1/f1.rar');

    fireEvent.click(screen.getByTestId('order-submit'));
    expect(await screen.findByTestId('order-no')).toHaveTextContent('P20261126001');
    expect(screen.getByText('待审核')).toBeInTheDocument();
    expect(screen.getByText(/工程师审核您的文件/)).toHaveTextContent(
      `工程师审核您的文件和参数（${REVIEW_PROMISE}）`,
    );

    const calc = requests.find((r) => r.url.pathname === '/api/Pcb/CalcPrice')!;
    expect(calc.body).toMatchObject({ receiverId: 21, courier: 'sf', invoice: 'none' });
    const save = requests.find((r) => r.url.pathname === '/api/Pcb/SaveOrder')!;
    expect(save.body).toMatchObject({
      params: defaultPcbParams,
      sheetVersion: 3,
      expectedTotal: 6200,
      receiverId: 21,
      courier: 'sf',
      invoice: 'none',
      fileKey: 'pcbFile/1/f1.rar',
      fileName: 'board.rar',
    });
    expect((save.body as { requestId: string }).requestId).toMatch(/^[0-9a-f-]{36}$/);
    expect(localStorage.getItem('orderInfo')).toBeNull();

    // 订单已提交 leads to the order it placed.
    fireEvent.click(screen.getByTestId('order-view'));
    await screen.findByTestId('order-detail-page');
    expect(currentPath()).toBe('/TheOrders/orderDetail');
    await waitFor(() =>
      expect(
        requests.some((r) => r.url.pathname === '/api/Pcb/GetDetail' && r.url.search === '?id=1'),
      ).toBe(true),
    );
  });

  it('on a changed price shows the new one and submits it with the same request id', async () => {
    logIn();
    localStorage.setItem('orderInfo', JSON.stringify(pcbInfo));
    fakeStorage();
    let version = 3;
    let saves = 0;
    const { requests } = api({
      'POST /api/Pcb/CalcPrice': () => ({
        body: envelope({
          ...quote(version === 3 ? {} : { total: 7300, sheetVersion: 4 }),
          cliffs: [],
          buildTimes: [],
        }),
      }),
      'POST /api/Pcb/SaveOrder': () => {
        saves += 1;
        if (saves === 1) {
          version = 4;
          return { status: 409, body: envelope(null, false, '价格已更新，请确认新价格后再提交') };
        }
        return { body: envelope({ ...placed, total: 7300, sheetVersion: 4 }) };
      },
    });
    renderApp('/fillOrder');
    await pick('board.zip');
    expect(await screen.findByText('上传成功')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByTestId('order-submit')).toBeEnabled());
    fireEvent.click(screen.getByTestId('order-submit'));

    expect(await screen.findByText('价格已更新，请确认新价格后再提交')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByTestId('order-total')).toHaveTextContent('¥73.00'));
    expect(screen.getByTestId('order-price-changed')).toHaveTextContent(
      `计价页显示${yuan(5000)}（第3版）`,
    );
    const confirm = screen.getByRole('button', { name: '确认新价格并提交' });
    await waitFor(() => expect(confirm).toBeEnabled());
    fireEvent.click(confirm);
    expect(await screen.findByTestId('order-no')).toBeInTheDocument();

    const bodies = requests
      .filter((r) => r.url.pathname === '/api/Pcb/SaveOrder')
      .map((r) => r.body as { requestId: string; expectedTotal: number; sheetVersion: number });
    expect(bodies.map((b) => [b.expectedTotal, b.sheetVersion])).toEqual([
      [6200, 3],
      [7300, 4],
    ]);
    expect(bodies[1]!.requestId).toBe(bodies[0]!.requestId);
  });

  it('refuses a file of another kind before any upload, and states the stencil rule', async () => {
    logIn();
    localStorage.setItem(
      'orderInfo',
      JSON.stringify({
        kind: 'stencil',
        params: defaultStencilParams,
        total: 5000,
        sheetVersion: 3,
        paramString: '',
      }),
    );
    fakeStorage();
    const { requests } = api({
      'POST /api/Stencil/CalcPrice': () => ({ body: envelope(quote()) }),
    });
    renderApp('/fillOrder');
    expect(await screen.findByText('支持zip、rar、7z、pdf格式，不超过50MB')).toBeInTheDocument();
    await pick('stencil.dwg');
    expect(await screen.findByText('只能上传zip、rar、7z、pdf格式的文件')).toBeInTheDocument();
    expect(requests.some((r) => r.url.pathname === '/api/Common/getUploadCode')).toBe(false);
  });

  it('says so when the server prices with another sheet than the quote page', async () => {
    logIn();
    localStorage.setItem('orderInfo', JSON.stringify(pcbInfo));
    api({
      'POST /api/Pcb/CalcPrice': () => ({
        body: envelope({ ...quote({ sheetVersion: 4 }), cliffs: [], buildTimes: [] }),
      }),
    });
    renderApp('/fillOrder');
    expect(await screen.findByTestId('order-price-changed')).toHaveTextContent(
      '价格表已更新（第4版）',
    );
  });

  it('asks for an invoice profile of the right kind', async () => {
    logIn();
    localStorage.setItem('orderInfo', JSON.stringify(pcbInfo));
    const { requests } = api({
      'GET /api/MemberInvoice/GetList': () => ({ body: envelope([]) }),
    });
    const user = userEvent.setup();
    renderApp('/fillOrder');
    const invoice = await screen.findByRole('radiogroup', { name: '发票' });
    await user.click(within(invoice).getByRole('radio', { name: '增值税专用发票' }));
    expect(await screen.findByText('没有可用的专票资料')).toBeInTheDocument();
    await waitFor(() =>
      expect(
        requests.some(
          (r) =>
            r.url.pathname === '/api/Pcb/CalcPrice' &&
            (r.body as { invoice: string }).invoice === 'vatSpecial',
        ),
      ).toBe(true),
    );
  });

  it('adds a missing invoice profile and comes back with the kind of invoice still chosen', async () => {
    logIn();
    localStorage.setItem('orderInfo', JSON.stringify(pcbInfo));
    let profiles: object[] = [];
    api({
      'GET /api/MemberInvoice/GetList': () => ({ body: envelope(profiles) }),
      'GET /api/MemberInvoice/GetInvoicePermissions': () => ({
        body: envelope({ canUseNormal: true, canUseSpecial: false, specialRefusal: '' }),
      }),
      'POST /api/MemberInvoice/Create': (request) => {
        const created = {
          id: 31,
          ...(request.body as object),
          taxNumber: null,
          registeredAddress: null,
          registeredPhone: null,
          bankName: null,
          bankAccount: null,
          mobile: null,
          isDefault: true,
          isUsable: true,
          createdAt: '2026-11-26T00:00:00.000Z',
          updatedAt: '2026-11-26T00:00:00.000Z',
        };
        profiles = [created];
        return { body: envelope(created) };
      },
    });
    const user = userEvent.setup();
    renderApp('/fillOrder');
    const invoice = await screen.findByRole('radiogroup', { name: '发票' });
    await user.click(within(invoice).getByRole('radio', { name: '增值税普通发票' }));
    await user.click(await screen.findByRole('button', { name: '添加发票抬头' }));

    await screen.findByTestId('invoice-form');
    expect(currentPath()).toBe('/MakeInvoice/editInvoice');
    await user.click(screen.getByTestId('invoice-title-type-personal'));
    typeInto('invoice-title', '张三');
    typeInto('invoice-email', 'zhang@example.com');
    await user.click(screen.getByTestId('invoice-submit'));

    // Back on the order, 普票 still chosen and the new profile picked.
    await screen.findByTestId('fill-order-page');
    expect(currentPath()).toBe('/fillOrder');
    const back = screen.getByRole('radiogroup', { name: '发票' });
    expect(within(back).getByRole('radio', { name: '增值税普通发票' })).toBeChecked();
    const chosen = await screen.findByRole('radiogroup', { name: '开票资料' });
    expect(within(chosen).getByRole('radio', { name: '张三' })).toBeChecked();
  });

  it('sends the chosen contact and invoice profile with the order', async () => {
    logIn();
    localStorage.setItem('orderInfo', JSON.stringify(pcbInfo));
    fakeStorage();
    const contact = (id: number, name: string, isMain: boolean) => ({
      id,
      contactName: name,
      mobile: '13900001111',
      email: null,
      qq: null,
      wechat: null,
      isMain,
      userType: 'purchasing',
      createdAt: '2026-11-01T00:00:00Z',
    });
    const profile = {
      id: 8,
      invoiceType: 'normal',
      titleType: 'company',
      title: '深圳华创电子有限公司',
      taxNumber: '91440300MA5XXXXX1X',
      registeredAddress: null,
      registeredPhone: null,
      bankName: null,
      bankAccount: null,
      email: 'finance@example.com',
      mobile: null,
      isDefault: true,
      isUsable: true,
      createdAt: '2026-11-01T00:00:00Z',
      updatedAt: '2026-11-01T00:00:00Z',
    };
    const { requests } = api({
      'GET /api/MemberContact/GetList': () => ({
        body: envelope([contact(3, '李采购', true), contact(4, '赵工', false)]),
      }),
      'GET /api/MemberInvoice/GetList': () => ({ body: envelope([profile]) }),
      'POST /api/Pcb/SaveOrder': () => ({ body: envelope(placed) }),
    });
    const user = userEvent.setup();
    renderApp('/fillOrder');
    const contacts = await screen.findByRole('radiogroup', { name: '订单联系人' });
    expect(within(contacts).getByRole('radio', { name: /李采购/ })).toHaveAttribute(
      'aria-checked',
      'true',
    );
    await user.click(within(contacts).getByRole('radio', { name: /赵工（采购）/ }));
    await user.click(
      within(screen.getByRole('radiogroup', { name: '发票' })).getByRole('radio', {
        name: '增值税普通发票',
      }),
    );
    expect(
      await screen.findByRole('radio', { name: '深圳华创电子有限公司', checked: true }),
    ).toBeInTheDocument();
    await pick('board.zip');
    expect(await screen.findByText('上传成功')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByTestId('order-submit')).toBeEnabled());
    fireEvent.click(screen.getByTestId('order-submit'));
    expect(await screen.findByTestId('order-no')).toBeInTheDocument();
    const save = requests.find((r) => r.url.pathname === '/api/Pcb/SaveOrder')!;
    expect(save.body).toMatchObject({ contactId: 4, invoice: 'vatPlain', invoiceProfileId: 8 });
  });

  it('sends a visit without a quote to the quote page', async () => {
    logIn();
    api();
    renderApp('/fillOrder');
    expect(await screen.findByText('没有待下单的报价，请先计价')).toBeInTheDocument();
  });
});
