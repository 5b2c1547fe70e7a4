import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { StaffOrderDetail, StaffOrderRow } from '@pcb/contract/staff-order';
import { mockApi, ok } from '@pcb/client/test';
import { page, sessionFixture } from '../../../test/fixtures';
import { currentPath, renderConsole } from '../../../test/render-app';

const row: StaffOrderRow = {
  id: 41,
  kind: 'pcb',
  orderNo: 'P20261126000012',
  status: 'pendingReview',
  member: { id: 7, displayName: '张*' },
  paramString: '2层 | 100×100mm | 10片 | 1.6mm | 绿油白字 | 有铅喷锡',
  total: 4429,
  sheetVersion: 3,
  shipDate: '2026-12-02',
  fileName: 'board.zip',
  createdAt: '2026-11-26T02:00:00Z',
};

const detail: StaffOrderDetail = {
  ...row,
  params: { layers: 2, lengthMm: 100, widthMm: 100, quantity: 10, finish: 'haslLeadFree' },
  lines: [
    { code: 'board', name: '板费', amount: 2000, reason: '10×10cm样板套餐，含工程费' },
    { code: 'shipping', name: '运费', amount: 1800, reason: '顺丰，邻近省份，首重1kg' },
    { code: 'tax', name: '税费', amount: 629, reason: '开增值税普通发票，按¥38.00 × 税点6%' },
  ],
  buildDays: 4,
  weightGrams: 420,
  courier: 'sf',
  invoice: 'vatPlain',
  receiver: {
    receiverName: '李*',
    mobile: '139****1234',
    regionText: '广西 南宁市 青秀区',
    address: '民族大道***',
  },
  contact: { contactName: '王*', mobile: '137****5678' },
  invoiceTitle: '深圳华创电子有限公司',
  remark: '请加急审核',
  fileUrl: '/sandbox/oss/pcbFile/7/board.zip?sig=abc',
  process: [
    {
      fromStatus: null,
      toStatus: 'pendingReview',
      note: null,
      actor: '会员',
      createdAt: '2026-11-26T02:00:00Z',
    },
  ],
  timeline: [
    {
      action: 'place',
      fromStatus: null,
      toStatus: 'pendingReview',
      note: null,
      actor: '会员',
      at: '2026-11-26T02:00:00Z',
    },
  ],
  revision: 0,
  cancelReason: null,
  priceChange: null,
  eqs: [],
  productionSteps: [],
  parcels: [],
  payment: null,
  actions: ['pass', 'changePrice', 'raiseEq'],
};

function orderServer(orderDetail: typeof detail = detail) {
  return mockApi({
    'GET /api/StaffAuth/Me': () => ok(sessionFixture(['engineer'])),
    'GET /api/StaffOrder/List': (request) => {
      const kind = request.url.searchParams.get('kind');
      return ok(page(kind && kind !== row.kind ? [] : [row]));
    },
    'GET /api/StaffOrder/Get': () => ok(orderDetail),
  });
}

describe('new orders', () => {
  it('lists the orders awaiting review in yuan and opens one in the drawer', async () => {
    const api = orderServer();
    renderConsole('/orders');
    const tableRow = (await screen.findByText('P20261126000012')).closest('tr') as HTMLElement;
    expect(api.calls('GET /api/StaffOrder/List')[0]?.url.searchParams.get('status')).toBe(
      'pendingReview',
    );
    expect(tableRow).toHaveTextContent('¥44.29');
    expect(tableRow).toHaveTextContent('待审核');
    expect(tableRow).toHaveTextContent('PCB');
    expect(tableRow).toHaveTextContent('张*（#7）');

    fireEvent.click(within(tableRow).getByRole('button', { name: '查看' }));
    expect(currentPath()).toBe('/orders?order=41');
    const drawer = await screen.findByRole('dialog');
    const fees = await within(drawer).findByRole('region', { name: '费用明细' });
    const tax = within(fees).getByText('税费').closest('tr') as HTMLElement;
    expect(tax).toHaveTextContent('¥6.29');
    expect(tax).toHaveTextContent('开增值税普通发票，按¥38.00 × 税点6%');
    expect(within(fees).getByText('合计').closest('tr')).toHaveTextContent('¥44.29');
    const params = within(drawer).getByRole('region', { name: '参数' });
    expect(within(params).getByText('无铅喷锡')).toBeInTheDocument();
    const receiver = within(drawer).getByRole('region', { name: '收货与开票' });
    expect(receiver).toHaveTextContent('李* 139****1234');
    expect(receiver).toHaveTextContent('顺丰');
    expect(receiver).toHaveTextContent('增值税普通发票：深圳华创电子有限公司');
    expect(receiver).toHaveTextContent('王* 137****5678');
    expect(receiver).toHaveTextContent('请加急审核');
    expect(within(receiver).getByRole('link', { name: '下载 board.zip' })).toHaveAttribute(
      'href',
      '/sandbox/oss/pcbFile/7/board.zip?sig=abc',
    );
    expect(within(drawer).getByRole('region', { name: '处理记录' })).toHaveTextContent(
      '待审核 · 会员',
    );
  });

  it('says so when no file is stored for the order, rather than link to nothing', async () => {
    orderServer({ ...detail, fileUrl: null });
    renderConsole('/orders?order=41');
    const drawer = await screen.findByRole('dialog');
    const receiver = await within(drawer).findByRole('region', { name: '收货与开票' });
    expect(receiver).toHaveTextContent('board.zip（文件未上传）');
    expect(within(receiver).queryByRole('link', { name: /下载/ })).toBeNull();
  });

  it('writes out invisible characters in what the member typed, so a name cannot disguise itself', async () => {
    orderServer({ ...detail, fileName: 'design\u202Epiz.exe', remark: '加急\u200B' });
    renderConsole('/orders?order=41');
    const drawer = await screen.findByRole('dialog');
    const receiver = await within(drawer).findByRole('region', { name: '收货与开票' });
    expect(
      within(receiver).getByRole('link', { name: '下载 design⟦U+202E⟧piz.exe' }),
    ).toBeInTheDocument();
    expect(receiver).toHaveTextContent('加急⟦U+200B⟧');
  });

  it('lists every status when 全部状态 is chosen', async () => {
    const api = orderServer();
    renderConsole('/orders');
    await screen.findByText('P20261126000012');
    fireEvent.mouseDown(screen.getByRole('combobox', { name: '订单状态' }));
    fireEvent.click(await screen.findByTitle('全部状态'));
    await waitFor(() =>
      expect(api.calls('GET /api/StaffOrder/List').at(-1)?.url.searchParams.get('status')).toBe(
        'all',
      ),
    );
  });

  it('filters by kind and searches by order number', async () => {
    const api = orderServer();
    renderConsole('/orders');
    await screen.findByText('P20261126000012');
    fireEvent.mouseDown(screen.getByRole('combobox', { name: '订单类型' }));
    fireEvent.click(await screen.findByTitle('SMT贴片'));
    expect(await screen.findByText('没有符合条件的订单')).toBeInTheDocument();
    const last = api.calls('GET /api/StaffOrder/List').at(-1)!;
    expect(last.url.searchParams.get('kind')).toBe('smt');
    expect(last.url.searchParams.get('status')).toBe('pendingReview');

    fireEvent.change(screen.getByRole('searchbox', { name: '搜索订单' }), {
      target: { value: ' P2026 ' },
    });
    fireEvent.click(screen.getByRole('button', { name: '搜索' }));
    await waitFor(() =>
      expect(api.calls('GET /api/StaffOrder/List').at(-1)?.url.searchParams.get('keyword')).toBe(
        'P2026',
      ),
    );
  });
});
