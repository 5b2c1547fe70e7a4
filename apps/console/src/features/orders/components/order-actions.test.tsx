import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { StaffRole, UploadTicket } from '@pcb/contract';
import type { StaffOrderDetail } from '@pcb/contract/staff-order';
import { mockApi, ok, refuse, type Handler } from '@pcb/client/test';
import { CSRF, orderDetailFixture as base, sessionFixture } from '../../../test/fixtures';
import { renderConsole } from '../../../test/render-app';

const INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:00[+-]\d{2}:\d{2}$/;

const steps = (doneCount: number) =>
  base.productionSteps.map((s, i) => ({
    ...s,
    doneAt: i < doneCount ? `2026-11-28T0${i % 10}:00:00Z` : null,
  }));

const parcel = {
  id: 91,
  courier: 'sf',
  courierName: '顺丰',
  trackingNo: 'SF1234567890',
  shippedAt: '2026-11-30T08:00:00Z',
  events: [],
};

/** The desk with one order open, answering the action's endpoint with `reply`. */
function openOrder(
  roles: StaffRole[],
  detail: Partial<StaffOrderDetail>,
  endpoint: string,
  reply: Handler = () => ok({ ok: true }),
  extra: Record<string, Handler> = {},
) {
  const api = mockApi({
    'GET /api/StaffAuth/Me': () => ok(sessionFixture(roles)),
    'GET /api/StaffOrder/List': () => ok({ items: [], total: 0, page: 1, pageSize: 20 }),
    'GET /api/StaffOrder/GetStatusCounts': () =>
      ok({
        pendingReview: 0,
        awaitingConfirmation: 0,
        awaitingPayment: 0,
        inProduction: 0,
        shipped: 0,
      }),
    'GET /api/StaffOrder/GetWorkQueue': () => ok({ queues: [] }),
    'GET /api/StaffOrder/Get': () => ok({ ...base, ...detail }),
    [`POST /api/StaffOrder/${endpoint}`]: reply,
    ...extra,
  });
  renderConsole('/orders?order=41');
  return api;
}

// antd's ids are one fixed value under test, so dialogs are found by their titles' text.
const dialogTitled = async (title: RegExp) =>
  (await screen.findByText(title, { selector: '.ant-drawer-title *, .ant-modal-title' })).closest(
    '[role="dialog"]',
  ) as HTMLElement;

const theDrawer = () => dialogTitled(/^订单 P2026/);

/** Clicks the drawer's button for an action and returns its dialog. */
async function act(button: string, dialogTitle: RegExp) {
  const drawer = await theDrawer();
  fireEvent.click(await within(drawer).findByRole('button', { name: button }));
  return dialogTitled(dialogTitle);
}

const type = (field: HTMLElement, value: string) => fireEvent.change(field, { target: { value } });

async function sent(api: ReturnType<typeof mockApi>, endpoint: string) {
  await waitFor(() => expect(api.calls(`POST /api/StaffOrder/${endpoint}`)).toHaveLength(1));
  const request = api.calls(`POST /api/StaffOrder/${endpoint}`)[0]!;
  expect(request.headers.get('X-CSRF-Token')).toBe(CSRF);
  return request.body as Record<string, unknown>;
}

/** The drawer and list are fetched again after the action. */
async function refreshed(api: ReturnType<typeof mockApi>) {
  await waitFor(() =>
    expect(api.calls('GET /api/StaffOrder/Get').length).toBeGreaterThanOrEqual(2),
  );
}

afterEach(() => vi.unstubAllGlobals());

describe('the engineer’s actions', () => {
  it('审核通过 sends the note and refreshes the order', async () => {
    const api = openOrder(['engineer'], {}, 'Pass');
    const dialog = await act('审核通过', /^审核通过：/);
    expect(dialog).toHaveTextContent('订单将由「待审核」变为「待付款」');
    type(within(dialog).getByLabelText('备注'), ' 资料齐全 ');
    fireEvent.click(within(dialog).getByRole('button', { name: '审核通过' }));
    expect(await sent(api, 'Pass')).toEqual({ id: 41, note: '资料齐全' });
    expect(await screen.findByText('已审核通过，会员将收到付款通知')).toBeInTheDocument();
    await refreshed(api);
  });

  it('修改价格 by a new total: one 工程调整 line takes the difference, old → new shown', async () => {
    const api = openOrder(['engineer'], {}, 'ChangePrice');
    const dialog = await act('修改价格', /^修改价格：/);
    type(within(dialog).getByLabelText('新总价'), '59.29');
    fireEvent.click(within(dialog).getByRole('button', { name: '按总价调整' }));
    await waitFor(() =>
      expect(within(dialog).getByTestId('price-diff')).toHaveTextContent(
        '原价 ¥44.29 → 新价 ¥59.29 （+¥15.00，+33.9%）',
      ),
    );
    expect(within(dialog).getByLabelText('费用 4 名称')).toHaveValue('工程调整');
    type(within(dialog).getByLabelText('调价原因'), '阻抗控制需另加工序');
    fireEvent.click(within(dialog).getByRole('button', { name: '提交新价格' }));
    expect(await sent(api, 'ChangePrice')).toEqual({
      id: 41,
      lines: [
        { code: 'board', name: '板费', amount: 2000 },
        { code: 'shipping', name: '运费', amount: 1800 },
        { code: 'tax', name: '税费', amount: 629 },
        { code: 'adjust', name: '工程调整', amount: 1500 },
      ],
      reason: '阻抗控制需另加工序',
    });
    expect(await screen.findByText('价格已修改，等待会员确认')).toBeInTheDocument();
  });

  it('修改价格 by edited lines: an amount changed, a line removed, a discount added', async () => {
    const api = openOrder(['engineer'], {}, 'ChangePrice');
    const dialog = await act('修改价格', /^修改价格：/);
    type(within(dialog).getByLabelText('费用 1 金额'), '25');
    fireEvent.click(within(dialog).getByRole('button', { name: '删除费用 3' }));
    fireEvent.click(within(dialog).getByRole('button', { name: /添加费用/ }));
    type(await within(dialog).findByLabelText('费用 3 名称'), '老客户优惠');
    type(within(dialog).getByLabelText('费用 3 金额'), '-3.5');
    await waitFor(() =>
      expect(within(dialog).getByTestId('price-diff')).toHaveTextContent('新价 ¥39.50'),
    );
    type(within(dialog).getByLabelText('调价原因'), '板费按新报价');
    fireEvent.click(within(dialog).getByRole('button', { name: '提交新价格' }));
    expect(await sent(api, 'ChangePrice')).toEqual({
      id: 41,
      lines: [
        { code: 'board', name: '板费', amount: 2500 },
        { code: 'shipping', name: '运费', amount: 1800 },
        { code: 'extra', name: '老客户优惠', amount: -350 },
      ],
      reason: '板费按新报价',
    });
  });

  it('修改价格 refuses the same price and an amount that is not yuan, before sending', async () => {
    const api = openOrder(['engineer'], {}, 'ChangePrice');
    const dialog = await act('修改价格', /^修改价格：/);
    type(within(dialog).getByLabelText('调价原因'), '无');
    fireEvent.click(within(dialog).getByRole('button', { name: '提交新价格' }));
    expect(await within(dialog).findByText('新价格与现价相同')).toBeInTheDocument();
    type(within(dialog).getByLabelText('费用 2 金额'), '18.005');
    fireEvent.click(within(dialog).getByRole('button', { name: '提交新价格' }));
    expect(
      await within(dialog).findByText('请输入金额（元，最多两位小数；优惠填负数）'),
    ).toBeInTheDocument();
    expect(api.calls('POST /api/StaffOrder/ChangePrice')).toHaveLength(0);
  });

  it('提出工程问题 uploads the image with a staff ticket and sends question, options, key', async () => {
    const ticket: UploadTicket = {
      dir: 'eqQuestion/staff-1/',
      filename: 'f3a9c1',
      fileExt: '.png',
      accessid: 'sandbox',
      policy: 'cG9saWN5',
      signature: 'c2ln',
      host: '/sandbox/oss',
    };
    const posted: FormData[] = [];
    vi.stubGlobal(
      'XMLHttpRequest',
      class {
        status = 0;
        upload = { onprogress: null };
        onload: (() => void) | null = null;
        open() {}
        send(body: FormData) {
          posted.push(body);
          this.status = 200;
          setTimeout(() => this.onload?.(), 0);
        }
        abort() {}
      },
    );
    const api = openOrder(['engineer'], {}, 'RaiseEq', () => ok({ eqId: 3 }), {
      'POST /api/StaffUpload/GetUploadCode': () => ok(ticket),
    });
    const dialog = await act('提出工程问题', /^提出工程问题：/);
    type(within(dialog).getByLabelText('问题'), '阻焊开窗与焊盘间距不足，是否允许调整？');
    type(within(dialog).getByLabelText('选项 1'), '同意调整');
    type(within(dialog).getByLabelText('选项 2'), '保持原设计');
    const input = dialog.querySelector('input[type="file"]') as HTMLInputElement;
    fireEvent.change(input, {
      target: { files: [new File(['PNG'], '焊盘.PNG', { type: 'image/png' })] },
    });
    await waitFor(() => expect(posted).toHaveLength(1));
    expect(api.calls('POST /api/StaffUpload/GetUploadCode')[0]?.body).toEqual({
      dirType: 'eqQuestion',
      fileExt: 'png',
    });
    expect(posted[0]?.get('key')).toBe('eqQuestion/staff-1/f3a9c1.png');
    await waitFor(() =>
      expect(within(dialog).getByRole('button', { name: '发送给会员' })).not.toHaveClass(
        'ant-btn-loading',
      ),
    );
    fireEvent.click(within(dialog).getByRole('button', { name: '发送给会员' }));
    expect(await sent(api, 'RaiseEq')).toEqual({
      id: 41,
      question: '阻焊开窗与焊盘间距不足，是否允许调整？',
      options: ['同意调整', '保持原设计'],
      images: ['eqQuestion/staff-1/f3a9c1.png'],
    });
    expect(await screen.findByText('工程问题已发给会员')).toBeInTheDocument();
  });
});

describe('finance’s and production’s actions', () => {
  it('登记线下付款 sends the order’s total, never a typed amount', async () => {
    const api = openOrder(
      ['finance'],
      { status: 'awaitingPayment', actions: ['recordPayment'] },
      'RecordPayment',
    );
    const dialog = await act('登记线下付款', /^登记线下付款：/);
    expect(within(dialog).getByTestId('payment-amount')).toHaveTextContent('¥44.29');
    type(within(dialog).getByLabelText('银行流水号'), 'TR20261127001');
    type(within(dialog).getByLabelText('付款户名'), '深圳华创电子有限公司');
    fireEvent.click(within(dialog).getByRole('button', { name: '登记付款' }));
    const body = await sent(api, 'RecordPayment');
    expect(body).toEqual({
      id: 41,
      amount: 4429,
      bankReference: 'TR20261127001',
      payerName: '深圳华创电子有限公司',
      receivedAt: expect.stringMatching(INSTANT),
    });
    expect(await screen.findByText('付款已登记，订单进入生产')).toBeInTheDocument();
  });

  it('登记生产工序 sends the next step of the kind’s sequence', async () => {
    const api = openOrder(
      ['production'],
      { status: 'inProduction', productionSteps: steps(3), actions: ['recordStep'] },
      'RecordStep',
    );
    const dialog = await act('登记生产工序', /^登记生产工序：/);
    expect(within(dialog).getByTestId('next-step')).toHaveTextContent('4/12 线路图形');
    fireEvent.click(within(dialog).getByRole('button', { name: '登记' }));
    expect(await sent(api, 'RecordStep')).toEqual({
      id: 41,
      step: 'imaging',
      doneAt: expect.stringMatching(INSTANT),
    });
    expect(await screen.findByText('已登记工序「线路图形」')).toBeInTheDocument();
  });

  it('发货 in two parcels, the order’s courier first', async () => {
    const api = openOrder(
      ['production'],
      { status: 'inProduction', productionSteps: steps(12), actions: ['ship'] },
      'Ship',
    );
    const dialog = await act('发货', /^发货：/);
    type(within(dialog).getByLabelText('包裹 1 快递单号'), 'sf1234567890');
    fireEvent.click(within(dialog).getByRole('button', { name: /添加包裹/ }));
    type(await within(dialog).findByLabelText('包裹 2 快递单号'), 'JD0012345678');
    fireEvent.mouseDown(within(dialog).getByRole('combobox', { name: '包裹 2 快递' }));
    fireEvent.click(await screen.findByTitle('京东'));
    fireEvent.click(within(dialog).getByRole('button', { name: '确认发货' }));
    expect(await sent(api, 'Ship')).toEqual({
      id: 41,
      parcels: [
        { courier: 'sf', trackingNo: 'sf1234567890' },
        { courier: 'jd', trackingNo: 'JD0012345678' },
      ],
      shippedAt: expect.stringMatching(INSTANT),
    });
    expect(await screen.findByText('已发货（2个包裹），会员将收到通知')).toBeInTheDocument();
  });

  it('添加物流记录 is per parcel', async () => {
    const api = openOrder(
      ['production'],
      {
        status: 'shipped',
        productionSteps: steps(12),
        parcels: [parcel],
        actions: ['addParcelEvent', 'complete'],
      },
      'AddParcelEvent',
    );
    const dialog = await act('添加物流记录', /^添加物流记录：顺丰 SF1234567890/);
    type(within(dialog).getByLabelText('地点'), '深圳转运中心');
    type(within(dialog).getByLabelText('内容'), '快件已发往南宁');
    fireEvent.click(within(dialog).getByRole('button', { name: '添加' }));
    expect(await sent(api, 'AddParcelEvent')).toEqual({
      parcelId: 91,
      at: expect.stringMatching(INSTANT),
      place: '深圳转运中心',
      text: '快件已发往南宁',
    });
  });

  it('完成订单', async () => {
    const api = openOrder(
      ['production'],
      { status: 'shipped', parcels: [parcel], actions: ['addParcelEvent', 'complete'] },
      'Complete',
    );
    const dialog = await act('完成订单', /^完成订单：/);
    expect(dialog).toHaveTextContent('订单将由「已发货」变为「已完成」');
    fireEvent.click(within(dialog).getByRole('button', { name: '完成订单' }));
    expect(await sent(api, 'Complete')).toEqual({ id: 41 });
    expect(await screen.findByText('订单已完成')).toBeInTheDocument();
  });

  it('查看完整地址 is an audited call, and says so', async () => {
    const api = openOrder(
      ['production'],
      { status: 'inProduction', actions: ['recordStep'] },
      'RevealReceiver',
      () =>
        ok({
          receiverId: 5,
          receiverName: '李明',
          mobile: '13912341234',
          regionCode: '450103',
          province: '广西',
          city: '南宁市',
          county: '青秀区',
          address: '民族大道 100 号',
          postcode: null,
          company: null,
        }),
    );
    const drawer = await theDrawer();
    const receiver = await within(drawer).findByRole('region', { name: '收货与开票' });
    expect(receiver).toHaveTextContent('查看完整地址会记入审计日志');
    fireEvent.click(within(receiver).getByRole('button', { name: '查看完整地址' }));
    expect(await sent(api, 'RevealReceiver')).toEqual({ id: 41 });
    expect(await within(receiver).findByTestId('receiver-full')).toHaveTextContent(
      '广西南宁市青秀区 民族大道 100 号',
    );
    expect(receiver).toHaveTextContent('李明 13912341234');
    expect(receiver).toHaveTextContent('已显示完整收货信息（已记入审计日志）');
  });
});

describe('cancelling, and a refusal', () => {
  it('取消订单 takes a preset reason, edited or not', async () => {
    const api = openOrder(['sales'], { actions: ['staffCancel'] }, 'Cancel');
    const dialog = await act('取消订单', /^取消订单：/);
    fireEvent.click(within(dialog).getByRole('button', { name: '重复下单' }));
    fireEvent.click(within(dialog).getByRole('button', { name: '取消订单' }));
    expect(await sent(api, 'Cancel')).toEqual({ id: 41, reason: '重复下单' });
    expect(await screen.findByText('订单已取消，会员将收到通知')).toBeInTheDocument();
  });

  it('closes once done, and a dialog closed and opened again starts empty', async () => {
    const api = openOrder(['engineer'], {}, 'Pass');
    let dialog = await act('审核通过', /^审核通过：/);
    type(within(dialog).getByLabelText('备注'), '先不发');
    fireEvent.click(within(dialog).getByRole('button', { name: /取\s*消/ }));
    await waitFor(() => expect(dialog).not.toBeInTheDocument());
    dialog = await act('审核通过', /^审核通过：/);
    expect(within(dialog).getByLabelText('备注')).toHaveValue('');
    fireEvent.click(within(dialog).getByRole('button', { name: '审核通过' }));
    expect(await sent(api, 'Pass')).toEqual({ id: 41 });
    await waitFor(() => expect(dialog).not.toBeInTheDocument());
  });

  it('a 409 shows the server’s reason and fetches the order again', async () => {
    const api = openOrder(['engineer'], {}, 'Pass', () =>
      refuse(409, '订单当前为「待确认」，不能审核通过'),
    );
    const dialog = await act('审核通过', /^审核通过：/);
    const before = api.calls('GET /api/StaffOrder/Get').length;
    fireEvent.click(within(dialog).getByRole('button', { name: '审核通过' }));
    expect(await screen.findByText('订单当前为「待确认」，不能审核通过')).toBeInTheDocument();
    await waitFor(() =>
      expect(api.calls('GET /api/StaffOrder/Get').length).toBeGreaterThan(before),
    );
    // The dialog stays for another try or to be closed.
    expect(await dialogTitled(/^审核通过：/)).toBeVisible();
  });
});
