import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { StaffRole } from '@pcb/contract';
import type { DeskStatusCounts, StaffOrderDetail, WorkQueue } from '@pcb/contract/staff-order';
import { mockApi, ok } from '@pcb/client/test';
import {
  orderDetailFixture as detail,
  orderRowFixture as row,
  page,
  sessionFixture,
} from '../../../test/fixtures';
import { currentPath, renderConsole } from '../../../test/render-app';

const counts: DeskStatusCounts = {
  pendingReview: 3,
  awaitingConfirmation: 1,
  awaitingPayment: 2,
  inProduction: 5,
  shipped: 1,
};

const queues: WorkQueue = {
  queues: [
    { key: 'pendingReview', label: '待审核', count: 3 },
    { key: 'awaitingConfirmationOverdue', label: '待确认超过24小时', count: 1 },
  ],
};

function deskServer(
  options: {
    roles?: StaffRole[];
    orderDetail?: StaffOrderDetail;
    total?: number;
    moreThanTotal?: boolean;
  } = {},
) {
  return mockApi({
    'GET /api/StaffAuth/Me': () => ok(sessionFixture(options.roles ?? ['engineer'])),
    'GET /api/StaffOrder/List': (request) => {
      const kind = request.url.searchParams.get('kind');
      const items = kind && kind !== row.kind ? [] : [row];
      return ok({
        ...page(items),
        total: options.total ?? items.length,
        ...(options.moreThanTotal ? { moreThanTotal: true } : {}),
      });
    },
    'GET /api/StaffOrder/GetStatusCounts': () => ok(counts),
    'GET /api/StaffOrder/GetWorkQueue': () => ok(queues),
    'GET /api/StaffOrder/Get': () => ok(options.orderDetail ?? detail),
  });
}

type Api = ReturnType<typeof deskServer>;
const lastList = (api: Api) => api.calls('GET /api/StaffOrder/List').at(-1)!.url.searchParams;
const chip = (name: RegExp) => screen.getByRole('radio', { name });

describe('the order desk', () => {
  it('lists the role’s own work by the server’s default and marks its chip, with counts', async () => {
    const api = deskServer({ roles: ['finance'] });
    renderConsole('/orders');
    const tableRow = (await screen.findByText('P20261126000012')).closest('tr') as HTMLElement;
    // No status sent: the server picks the role's default; the console marks the same one.
    expect(lastList(api).has('status')).toBe(false);
    expect(chip(/^待付款/)).toBeChecked();
    expect(tableRow).toHaveTextContent('¥44.29');
    expect(tableRow).toHaveTextContent('待审核');
    expect(tableRow).toHaveTextContent('PCB');
    expect(tableRow).toHaveTextContent('张*（#7）');
    await waitFor(() => expect(chip(/^待审核/)).toHaveAccessibleName('待审核3'));
    expect(chip(/^生产中/)).toHaveAccessibleName('生产中5');
    // The finished ones are not counted until listed.
    expect(chip(/^已完成/)).toHaveAccessibleName('已完成');
    expect(screen.getByRole('heading', { name: '订单工作台' })).toBeInTheDocument();
  });

  it('an engineer starts on 待审核', async () => {
    const api = deskServer({ roles: ['engineer'] });
    renderConsole('/orders');
    await screen.findByText('P20261126000012');
    expect(lastList(api).has('status')).toBe(false);
    expect(chip(/^待审核/)).toBeChecked();
  });

  it('filters by a status chip, and counts a finished status as the list it opens', async () => {
    const api = deskServer({ total: 57 });
    renderConsole('/orders');
    await screen.findByText('P20261126000012');
    fireEvent.click(chip(/^已完成/));
    await waitFor(() => expect(lastList(api).get('status')).toBe('completed'));
    expect(currentPath()).toBe('/orders?status=completed');
    await waitFor(() => expect(chip(/^已完成/)).toHaveAccessibleName('已完成57'));
    fireEvent.click(chip(/^全部/));
    await waitFor(() => expect(lastList(api).get('status')).toBe('all'));
  });

  it('past the server’s counting cap, the chip and the pager read 10000+', async () => {
    deskServer({ total: 10000, moreThanTotal: true });
    renderConsole('/orders?status=all');
    await screen.findByText('P20261126000012');
    await waitFor(() => expect(chip(/^全部/)).toHaveAccessibleName('全部10000+'));
    expect(screen.getByText('共 10000+ 条')).toBeInTheDocument();
  });

  it('filters by kind, keyword and day range; the chips count under the same filters', async () => {
    const api = deskServer();
    renderConsole('/orders');
    await screen.findByText('P20261126000012');
    fireEvent.mouseDown(screen.getByRole('combobox', { name: '订单类型' }));
    fireEvent.click(await screen.findByTitle('SMT贴片'));
    expect(await screen.findByText('没有符合条件的订单')).toBeInTheDocument();
    expect(lastList(api).get('kind')).toBe('smt');
    await waitFor(() =>
      expect(
        api.calls('GET /api/StaffOrder/GetStatusCounts').at(-1)?.url.searchParams.get('kind'),
      ).toBe('smt'),
    );

    fireEvent.change(screen.getByRole('searchbox', { name: '搜索订单' }), {
      target: { value: ' 13800138000 ' },
    });
    fireEvent.click(screen.getByRole('button', { name: '搜索' }));
    await waitFor(() => expect(lastList(api).get('keyword')).toBe('13800138000'));
    // A keyword searches every status unless one is chosen.
    expect(lastList(api).has('status')).toBe(false);
    expect(chip(/^全部/)).toBeChecked();
    expect(screen.getByText('关键词「13800138000」：不限状态')).toBeInTheDocument();

    const [from, to] = screen.getAllByPlaceholderText(/日期/);
    fireEvent.mouseDown(from!);
    fireEvent.change(from!, { target: { value: '2026-11-01' } });
    fireEvent.keyDown(from!, { key: 'Enter' });
    fireEvent.change(to!, { target: { value: '2026-11-30' } });
    fireEvent.keyDown(to!, { key: 'Enter' });
    await waitFor(() => {
      expect(lastList(api).get('dateFrom')).toBe('2026-11-01');
      expect(lastList(api).get('dateTo')).toBe('2026-11-30');
    });
    const countQuery = api.calls('GET /api/StaffOrder/GetStatusCounts').at(-1)!.url.searchParams;
    expect(countQuery.get('dateTo')).toBe('2026-11-30');
    expect(countQuery.get('keyword')).toBe('13800138000');

    fireEvent.click(screen.getByRole('button', { name: '重置' }));
    await waitFor(() => expect(currentPath()).toBe('/orders'));
    // Back to the first answer (cached): every kind, the role's default status.
    expect(await screen.findByText('P20261126000012')).toBeInTheDocument();
    expect(chip(/^待审核/)).toBeChecked();
    expect(screen.getByRole('searchbox', { name: '搜索订单' })).toHaveValue('');
  });

  it('opens on a work queue from a link, and a chip leaves the queue', async () => {
    const api = deskServer();
    renderConsole('/orders?queue=awaitingConfirmationOverdue');
    await screen.findByText('P20261126000012');
    expect(lastList(api).get('queue')).toBe('awaitingConfirmationOverdue');
    expect(await screen.findByTestId('queue-tag')).toHaveTextContent('工作队列：待确认超过24小时');
    expect(screen.getByRole('combobox', { name: '工作队列' })).toBeInTheDocument();
    fireEvent.click(chip(/^待确认/));
    await waitFor(() => expect(lastList(api).get('status')).toBe('awaitingConfirmation'));
    expect(lastList(api).has('queue')).toBe(false);
    expect(screen.queryByTestId('queue-tag')).toBeNull();
  });

  it('opens an order in the drawer: fee lines, parameters, receiver, file, log', async () => {
    deskServer();
    renderConsole('/orders');
    const tableRow = (await screen.findByText('P20261126000012')).closest('tr') as HTMLElement;
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
      '下单 待审核 · 会员',
    );
  });

  it('says so when no file is stored for the order, rather than link to nothing', async () => {
    deskServer({ orderDetail: { ...detail, fileUrl: null } });
    renderConsole('/orders?order=41');
    const drawer = await screen.findByRole('dialog');
    const receiver = await within(drawer).findByRole('region', { name: '收货与开票' });
    expect(receiver).toHaveTextContent('board.zip（文件未上传）');
    expect(within(receiver).queryByRole('link', { name: /下载/ })).toBeNull();
  });

  it('writes out invisible characters in what the member typed, so a name cannot disguise itself', async () => {
    deskServer({
      orderDetail: { ...detail, fileName: 'design\u202Epiz.exe', remark: '加急\u200B' },
    });
    renderConsole('/orders?order=41');
    const drawer = await screen.findByRole('dialog');
    const receiver = await within(drawer).findByRole('region', { name: '收货与开票' });
    expect(
      within(receiver).getByRole('link', { name: '下载 design⟦U+202E⟧piz.exe' }),
    ).toBeInTheDocument();
    expect(receiver).toHaveTextContent('加急⟦U+200B⟧');
  });
});
