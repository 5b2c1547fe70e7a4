import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { MemberLedger, MemberLedgerEntry } from '@pcb/contract/staff-finance';
import { mockApi, ok, refuse } from '@pcb/client/test';
import {
  memberDetailFixture,
  memberRowFixture,
  page,
  sessionFixture,
} from '../../../test/fixtures';
import { currentPath, renderConsole } from '../../../test/render-app';

const entries: MemberLedgerEntry[] = [
  {
    id: 22,
    account: 'balance',
    kind: 'orderPay',
    kindName: '订单付款',
    amount: -4429,
    balanceAfter: 5571,
    ref: 'orderPay:41',
    orderId: 41,
    orderNo: 'P20261126000012',
    note: '余额',
    staff: null,
    createdAt: '2026-11-26T03:00:00Z',
  },
  {
    id: 21,
    account: 'balance',
    kind: 'adjustment',
    kindName: '调整',
    amount: 10_000,
    balanceAfter: 10_000,
    ref: 'adjust:5f0c7c7e-6d0b-4c55-9a39-2f7e1a0b9c11',
    orderId: null,
    orderNo: null,
    note: '余额调整：线下转账补录',
    staff: { id: 3, userName: 'fin', realName: '赵财务' },
    createdAt: '2026-11-26T02:00:00Z',
  },
];

const ledgerOf = (balance: number, items = entries): MemberLedger => ({
  member: { id: 7, displayName: '张*' },
  balances: { balance, giftBalance: 300, held: 0 },
  items,
  total: items.length,
  page: 1,
  pageSize: 20,
});

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

describe('会员台账', () => {
  it('finds a member, then shows their balances and every change with what it left', async () => {
    const api = mockApi({
      'GET /api/StaffAuth/Me': () => ok(sessionFixture(['finance'])),
      'GET /api/StaffMember/Search': () => ok(page([memberRowFixture])),
      'GET /api/StaffFinance/GetMemberLedger': () => ok(ledgerOf(5571)),
    });
    renderConsole('/finance/member-ledger');
    fireEvent.change(await screen.findByLabelText('查找会员'), { target: { value: '138' } });
    fireEvent.click(screen.getByRole('button', { name: '搜索' }));
    const row = (await screen.findByText('示例电子')).closest('tr') as HTMLElement;
    expect(api.calls('GET /api/StaffMember/Search')[0]?.url.searchParams.get('keyword')).toBe(
      '138',
    );
    fireEvent.click(within(row).getByRole('button', { name: '查看台账' }));
    await waitFor(() => expect(currentPath()).toBe('/finance/member-ledger?member=7'));

    expect(await screen.findByText('会员台账：张*（#7）')).toBeInTheDocument();
    const balances = screen.getByRole('group', { name: '当前余额' });
    expect(within(balances).getByText('¥55.71')).toBeInTheDocument();
    expect(within(balances).getByText('¥3.00')).toBeInTheDocument();
    const pay = screen.getByText('orderPay:41').closest('tr') as HTMLElement;
    expect(within(pay).getByText('-¥44.29')).toBeInTheDocument();
    expect(within(pay).getByText('¥55.71')).toBeInTheDocument();
    expect(within(pay).getByRole('link', { name: 'P20261126000012' })).toBeInTheDocument();
    const adjusted = screen.getByText('余额调整：线下转账补录').closest('tr') as HTMLElement;
    expect(within(adjusted).getByText('+¥100.00')).toBeInTheDocument();
    expect(within(adjusted).getByText('经办：赵财务')).toBeInTheDocument();

    fireEvent.click(screen.getByRole('radio', { name: '赠送金额' }));
    await waitFor(() =>
      expect(
        api.calls('GET /api/StaffFinance/GetMemberLedger').at(-1)?.url.searchParams.get('account'),
      ).toBe('gift'),
    );
    expect(
      api.calls('GET /api/StaffFinance/GetMemberLedger').at(-1)?.url.searchParams.get('memberId'),
    ).toBe('7');
  });

  it('adjusts by a signed amount of yuan read exactly, once however often OK is pressed', async () => {
    let balance = 5571;
    const api = mockApi({
      'GET /api/StaffAuth/Me': () => ok(sessionFixture(['finance'])),
      'GET /api/StaffFinance/GetMemberLedger': () => ok(ledgerOf(balance)),
      'POST /api/StaffLedger/Adjust': async (request) => {
        await new Promise((resolve) => setTimeout(resolve, 50));
        balance += (request.body as { amount: number }).amount;
        return ok({ balance, giftBalance: 300, held: 0 });
      },
    });
    renderConsole('/finance/member-ledger?member=7');
    await screen.findByText('会员台账：张*（#7）');
    fireEvent.click(screen.getByRole('button', { name: '调整' }));
    const modal = (await screen.findByText('调整余额：张*（#7）')).closest(
      '.ant-modal',
    ) as HTMLElement;

    const amount = within(modal).getByLabelText('调整金额');
    fireEvent.change(amount, { target: { value: '1.005' } });
    fireEvent.click(within(modal).getByRole('button', { name: '确认调整' }));
    expect(
      await within(modal).findByText('请输入金额，如 100 或 -25.50（最多两位小数）'),
    ).toBeInTheDocument();
    expect(api.calls('POST /api/StaffLedger/Adjust')).toHaveLength(0);

    // 0.29 is 28.999… in floating point: read digit by digit, it is 29 fen.
    fireEvent.change(amount, { target: { value: '-0.29' } });
    await waitFor(() =>
      expect(within(modal).getByTestId('adjust-after')).toHaveTextContent('¥55.42'),
    );
    fireEvent.change(within(modal).getByLabelText('原因'), { target: { value: '运费多收退回' } });
    const ok_ = within(modal).getByRole('button', { name: '确认调整' });
    fireEvent.click(ok_);
    fireEvent.click(ok_);
    expect(await screen.findByText('已调整余额，会员将收到站内信')).toBeInTheDocument();
    const sent = api.calls('POST /api/StaffLedger/Adjust').map((c) => c.body) as {
      requestId: string;
    }[];
    expect(sent.length).toBeGreaterThanOrEqual(1);
    expect(sent[0]).toEqual({
      memberId: 7,
      account: 'balance',
      amount: -29,
      reason: '运费多收退回',
      requestId: expect.stringMatching(UUID),
    });
    // A second press carries the same request id: the server adjusts once.
    expect(new Set(sent.map((b) => b.requestId)).size).toBe(1);
    await waitFor(() => expect(screen.queryByText('调整余额：张*（#7）')).toBeNull());

    // The next adjustment is a new request.
    fireEvent.click(screen.getByRole('button', { name: '调整' }));
    const again = (await screen.findByText('调整余额：张*（#7）')).closest(
      '.ant-modal',
    ) as HTMLElement;
    fireEvent.click(within(again).getByRole('radio', { name: /赠送金额/ }));
    fireEvent.change(within(again).getByLabelText('调整金额'), { target: { value: '+5' } });
    fireEvent.change(within(again).getByLabelText('原因'), { target: { value: '活动赠送' } });
    fireEvent.click(within(again).getByRole('button', { name: '确认调整' }));
    await waitFor(() =>
      expect(api.calls('POST /api/StaffLedger/Adjust').length).toBeGreaterThan(sent.length),
    );
    const next = api.calls('POST /api/StaffLedger/Adjust').at(-1)!.body as {
      requestId: string;
      account: string;
      amount: number;
    };
    expect(next).toMatchObject({ account: 'gift', amount: 500 });
    expect(next.requestId).not.toBe(sent[0]!.requestId);
  });

  it('shows the server’s refusal under the amount (a deduction beyond the balance)', async () => {
    mockApi({
      'GET /api/StaffAuth/Me': () => ok(sessionFixture(['finance'])),
      'GET /api/StaffFinance/GetMemberLedger': () => ok(ledgerOf(100, [])),
      'POST /api/StaffLedger/Adjust': () =>
        refuse(400, '扣减金额超过会员当前余额（¥1.00）', 'amount'),
    });
    renderConsole('/finance/member-ledger?member=7');
    expect(await screen.findByText('暂无变动')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: '调整' }));
    const modal = (await screen.findByText('调整余额：张*（#7）')).closest(
      '.ant-modal',
    ) as HTMLElement;
    fireEvent.change(within(modal).getByLabelText('调整金额'), { target: { value: '-2' } });
    expect(await within(modal).findByText('扣减超过当前余额')).toBeInTheDocument();
    fireEvent.change(within(modal).getByLabelText('原因'), { target: { value: '退款补扣' } });
    fireEvent.click(within(modal).getByRole('button', { name: '确认调整' }));
    expect(await within(modal).findByText('扣减金额超过会员当前余额（¥1.00）')).toBeInTheDocument();
  });

  it('offers no 调整 to whom the server would refuse it, and opens from the member’s details', async () => {
    mockApi({
      'GET /api/StaffAuth/Me': () => ok(sessionFixture(['finance'])),
      'GET /api/StaffMember/Search': () => ok(page([memberRowFixture])),
      'GET /api/StaffMember/Get': () => ok(memberDetailFixture),
      'GET /api/StaffMember/ListManagers': () => ok([]),
      'GET /api/StaffFinance/GetMemberLedger': () => ok(ledgerOf(12345)),
    });
    renderConsole('/members?member=7');
    const drawer = await screen.findByRole('dialog');
    fireEvent.click(await within(drawer).findByRole('link', { name: '查看台账' }));
    await waitFor(() => expect(currentPath()).toBe('/finance/member-ledger?member=7'));
    expect(await screen.findByText('会员台账：张*（#7）')).toBeInTheDocument();
  });

  it('hides the ledger link from sales, who may not read it', async () => {
    mockApi({
      'GET /api/StaffAuth/Me': () => ok(sessionFixture(['sales'])),
      'GET /api/StaffMember/Search': () => ok(page([memberRowFixture])),
      'GET /api/StaffMember/Get': () => ok(memberDetailFixture),
      'GET /api/StaffMember/ListManagers': () => ok([]),
    });
    renderConsole('/members?member=7');
    const drawer = await screen.findByRole('dialog');
    await within(drawer).findByText('示例电子');
    expect(within(drawer).queryByRole('link', { name: '查看台账' })).toBeNull();
  });
});
