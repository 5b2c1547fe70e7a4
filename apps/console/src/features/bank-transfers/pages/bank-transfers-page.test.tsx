import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { BankTransfer, StatementImport } from '@pcb/contract/staff-bank-transfer';
import { mockApi, ok, refuse } from '@pcb/client/test';
import { memberDetailFixture, page, sessionFixture } from '../../../test/fixtures';
import { renderConsole } from '../../../test/render-app';

const unmatched: BankTransfer = {
  id: 31,
  accountNo: '6222029999000011',
  bankReference: 'HX20261102000123',
  amount: 123_450,
  payerName: '深圳甲电子有限公司',
  payerAccount: '6222021000001234',
  valueDate: '2026-11-02',
  note: '货款',
  source: 'import',
  state: 'unmatched',
  unmatchedReason: '收款账号不是任何会员的虚拟账户',
  member: null,
  matchedBy: null,
  assignedBy: null,
  assignReason: null,
  createdBy: { id: 1, userName: 'demo.finance', realName: '李财务' },
  createdAt: '2026-11-02T02:00:00Z',
  creditedAt: null,
};

const credited: BankTransfer = {
  ...unmatched,
  id: 30,
  accountNo: '755900012310801',
  bankReference: 'HX20261102000122',
  amount: 5_000_000,
  state: 'credited',
  unmatchedReason: null,
  member: { id: 7, displayName: '张*' },
  matchedBy: 'account',
  creditedAt: '2026-11-02T02:00:00Z',
};

const imported: StatementImport = {
  lines: 3,
  credited: 1,
  creditedAmount: 123_450,
  duplicates: 1,
  unmatched: 0,
  refused: 1,
  results: [
    {
      line: 2,
      outcome: 'credited',
      reason: null,
      bankReference: 'HX0001',
      accountNo: '755900012310801',
      amount: 123_450,
      payerName: '深圳甲电子有限公司',
      transferId: 40,
      memberId: 7,
    },
    {
      line: 3,
      outcome: 'duplicate',
      reason: '已登记过（记录#30，已入账），不再入账',
      bankReference: 'HX20261102000122',
      accountNo: '755900012310801',
      amount: 5_000_000,
      payerName: '深圳甲电子有限公司',
      transferId: 30,
      memberId: 7,
    },
    {
      line: 4,
      outcome: 'refused',
      reason: '金额为负数（支出记录不入账）',
      bankReference: 'HX0003',
      accountNo: '755900012310801',
      amount: null,
      payerName: '深圳甲电子有限公司',
      transferId: null,
      memberId: null,
    },
  ],
};

const CSV = [
  '交易日期,流水号,对方户名,收款账号,金额',
  '2026-11-02,HX0001,深圳甲电子有限公司,755900012310801,"1,234.50"',
  '2026-11-02,HX20261102000122,深圳甲电子有限公司,755900012310801,"50,000.00"',
  '2026-11-02,HX0003,深圳甲电子有限公司,755900012310801,-3.00',
].join('\r\n');

function financeServer(extra: Parameters<typeof mockApi>[0] = {}) {
  return mockApi({
    'GET /api/StaffAuth/Me': () => ok(sessionFixture(['finance'])),
    'GET /api/StaffBankTransfer/List': (request) => {
      const state = request.url.searchParams.get('state');
      const rows = [unmatched, credited].filter((t) => !state || t.state === state);
      return ok(page(rows));
    },
    ...extra,
  });
}

/** The page's first rows: the lazy page and the first answer may take a while on a busy machine. */
const firstRows = () => screen.findByText('HX20261102000123', undefined, { timeout: 8000 });

const itemOf = (dialog: HTMLElement, label: string) =>
  within(dialog).getByLabelText(label).closest('.ant-form-item') as HTMLElement;

describe('转账入账', () => {
  it('lists transfers with their state and member, and filters by state', async () => {
    const api = financeServer();
    renderConsole('/bank-transfers');
    const row = (await firstRows()).closest('tr') as HTMLElement;
    expect(within(row).getByText('未匹配')).toBeInTheDocument();
    expect(within(row).getByText('¥1,234.50')).toBeInTheDocument();
    expect(within(row).getByRole('button', { name: '指定会员' })).toBeInTheDocument();
    const done = screen.getByText('HX20261102000122').closest('tr') as HTMLElement;
    expect(within(done).getByText('张*（#7）')).toBeInTheDocument();
    expect(within(done).queryByRole('button', { name: '指定会员' })).toBeNull();

    fireEvent.mouseDown(screen.getByRole('combobox', { name: '状态' }));
    fireEvent.click(await screen.findByTitle('未匹配'));
    await waitFor(() =>
      expect(
        api.calls('GET /api/StaffBankTransfer/List').at(-1)?.url.searchParams.get('state'),
      ).toBe('unmatched'),
    );
    await waitFor(() => expect(screen.queryByText('HX20261102000122')).toBeNull());
  });

  it('imports a statement file (UTF-8 with a BOM) and shows what became of each line', async () => {
    const api = financeServer({
      'POST /api/StaffBankTransfer/Import': () => ok(imported),
    });
    renderConsole('/bank-transfers');
    await firstRows();
    fireEvent.click(screen.getByRole('button', { name: '导入对账单' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByRole('button', { name: '开始导入' })).toBeDisabled();

    const bytes = new Uint8Array([0xef, 0xbb, 0xbf, ...new TextEncoder().encode(CSV)]);
    const input = dialog.querySelector('input[type="file"]') as HTMLInputElement;
    fireEvent.change(input, {
      target: { files: [new File([bytes], '招行11月.csv', { type: 'text/csv' })] },
    });
    expect(
      await within(dialog).findByText('招行11月.csv：4行（含表头），UTF-8编码'),
    ).toBeInTheDocument();
    fireEvent.click(within(dialog).getByRole('button', { name: '开始导入' }));

    const results = await within(dialog).findByRole('region', { name: '导入结果' });
    expect(api.calls('POST /api/StaffBankTransfer/Import')[0]?.body).toEqual({
      fileName: '招行11月.csv',
      csv: CSV,
    });
    expect(within(results).getByText('入账金额').closest('.ant-statistic')).toHaveTextContent(
      '¥1,234.50',
    );
    expect(within(results).getByText('金额为负数（支出记录不入账）')).toBeInTheDocument();
    expect(within(results).getByText('已登记过（记录#30，已入账），不再入账')).toBeInTheDocument();
    expect(within(results).getByText('已计入会员#7')).toBeInTheDocument();
    // Only the refused lines.
    fireEvent.click(within(results).getByText('未导入 1'));
    await waitFor(() => expect(within(results).queryByText('已计入会员#7')).toBeNull());
    expect(within(results).getByText('金额为负数（支出记录不入账）')).toBeInTheDocument();
    // The list is asked again after the import.
    await waitFor(() =>
      expect(api.calls('GET /api/StaffBankTransfer/List').length).toBeGreaterThan(1),
    );
  });

  it('shows a file refused as a whole, and an Excel file before sending it', async () => {
    const api = financeServer({
      'POST /api/StaffBankTransfer/Import': () =>
        refuse(
          400,
          '第1行的表头缺少列：收款账号（须含交易日期、流水号、对方户名、收款账号、金额）',
          'csv',
        ),
    });
    renderConsole('/bank-transfers');
    await firstRows();
    fireEvent.click(screen.getByRole('button', { name: '导入对账单' }));
    const dialog = await screen.findByRole('dialog');
    const input = dialog.querySelector('input[type="file"]') as HTMLInputElement;
    const xlsx = new Uint8Array([0x50, 0x4b, 0x03, 0x04, 0, 0, 0, 0]);
    fireEvent.change(input, { target: { files: [new File([xlsx], '明细.xlsx')] } });
    expect(await within(dialog).findByText(/Excel表格请另存为CSV后导入/)).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: '开始导入' })).toBeDisabled();

    // The upload renders a fresh input after each pick.
    fireEvent.change(dialog.querySelector('input[type="file"]') as HTMLInputElement, {
      target: {
        files: [new File(['交易日期,流水号,对方户名,金额\n2026-11-02,HX1,甲,1'], 'a.csv')],
      },
    });
    await within(dialog).findByText('a.csv：2行（含表头），UTF-8编码');
    fireEvent.click(within(dialog).getByRole('button', { name: '开始导入' }));
    expect(await within(dialog).findByText(/表头缺少列：收款账号/)).toBeInTheDocument();
    expect(api.calls('POST /api/StaffBankTransfer/Import')).toHaveLength(1);
  });

  it('records a transfer typed in yuan, sending exact fen', async () => {
    const api = financeServer({
      'POST /api/StaffBankTransfer/Record': () =>
        ok({ id: 41, state: 'credited', memberId: 7, unmatchedReason: null }),
    });
    renderConsole('/bank-transfers');
    await firstRows();
    fireEvent.click(screen.getByRole('button', { name: '登记转账' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(within(dialog).getByLabelText('收款账号'), {
      target: { value: '755900012310801' },
    });
    fireEvent.change(within(dialog).getByLabelText('到账金额'), { target: { value: '1,234.567' } });
    fireEvent.change(within(dialog).getByLabelText('流水号'), { target: { value: 'hx-0009' } });
    fireEvent.change(within(dialog).getByLabelText('付款户名'), {
      target: { value: '深圳甲电子有限公司' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: '登记并入账' }));
    await waitFor(() => expect(itemOf(dialog, '到账金额')).toHaveTextContent('最多两位小数'));
    expect(api.calls('POST /api/StaffBankTransfer/Record')).toHaveLength(0);

    fireEvent.change(within(dialog).getByLabelText('到账金额'), { target: { value: '1,234.29' } });
    fireEvent.click(within(dialog).getByRole('button', { name: '登记并入账' }));
    expect(await screen.findByText('已计入会员#7的余额')).toBeInTheDocument();
    const sent = api.calls('POST /api/StaffBankTransfer/Record')[0]?.body as Record<
      string,
      unknown
    >;
    expect(sent).toMatchObject({
      accountNo: '755900012310801',
      amount: 123_429,
      bankReference: 'HX-0009',
      payerName: '深圳甲电子有限公司',
    });
    expect(sent.valueDate).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(sent.requestId).toMatch(
      /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/,
    );
  });

  it('assigns an unmatched transfer to a member named by ID, with the reason', async () => {
    const api = financeServer({
      'GET /api/StaffMember/Get': () => ok({ ...memberDetailFixture, id: 7 }),
      'POST /api/StaffBankTransfer/Assign': () =>
        ok({ id: 31, state: 'credited', memberId: 7, unmatchedReason: null }),
    });
    renderConsole('/bank-transfers');
    const row = (await firstRows()).closest('tr') as HTMLElement;
    fireEvent.click(within(row).getByRole('button', { name: '指定会员' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('收款账号不是任何会员的虚拟账户')).toBeInTheDocument();
    fireEvent.change(within(dialog).getByLabelText('会员编号'), { target: { value: '7' } });
    expect(await within(dialog).findByTestId('assign-member')).toHaveTextContent(
      '张* · 示例电子 · 138****8000',
    );
    fireEvent.click(within(dialog).getByRole('button', { name: '确认入账' }));
    await waitFor(() => expect(itemOf(dialog, '原因')).toHaveTextContent('不能为空'));
    fireEvent.change(within(dialog).getByLabelText('原因'), {
      target: { value: '付款人来电确认为该会员的货款' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: '确认入账' }));
    expect(await screen.findByText('已将¥1,234.50计入会员#7的余额')).toBeInTheDocument();
    expect(api.calls('POST /api/StaffBankTransfer/Assign')[0]?.body).toEqual({
      id: 31,
      memberId: 7,
      reason: '付款人来电确认为该会员的货款',
    });
  });
});
