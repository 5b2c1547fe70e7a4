import { randomBytes, randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MemberAdvancePayment } from '@pcb/contract/member-advance-payment';
import { StaffBankTransfer } from '@pcb/contract/staff-bank-transfer';
import { StaffOrder } from '@pcb/contract/staff-order';
import { StaffVirtualAccount } from '@pcb/contract/staff-virtual-account';
import { call, unchecked } from './call';
import {
  balancesOf,
  expectBooksClean,
  newMember,
  paymentTest,
  unpaidOrder,
  type PaymentTest,
} from './payment-support';
import { auditRows, type StaffSessionForTest } from './staff-support';

let p: PaymentTest;
beforeAll(async () => {
  p = await paymentTest();
});
afterAll(async () => p?.t.close());

const HEADER = '交易日期,流水号,对方户名,对方账号,收款账号,金额,摘要';
const DAY = '2026-11-02';

/** A reference no other test of the file uses. */
const ref = () => `HX${randomBytes(5).toString('hex').toUpperCase()}`;
let accountSeq = 0;
/** An account number no member holds. */
const strayAccount = () => `9${randomBytes(6).readUIntBE(0, 6).toString().padStart(15, '0')}`;

interface Line {
  reference: string;
  account: string;
  yuan: string;
  payer?: string;
  day?: string;
}

const csvOf = (lines: Line[]) =>
  [
    HEADER,
    ...lines.map(
      (l) =>
        `${l.day ?? DAY},${l.reference},${l.payer ?? '深圳甲电子有限公司'},6222021000001234,${l.account},"${l.yuan}",货款`,
    ),
  ].join('\r\n');

const importCsv = (csv: string, staff: StaffSessionForTest = p.staff.finance, fileName?: string) =>
  call(p.t, StaffBankTransfer.Import, { csv, ...(fileName ? { fileName } : {}) }, { staff });

/** A member with a virtual account; its number. */
async function memberWithAccount() {
  const member = await newMember(p.t);
  const accountNo = `7559${String(Date.now()).slice(-7)}${String(accountSeq++).padStart(4, '0')}`;
  const res = await call(
    p.t,
    StaffVirtualAccount.Create,
    {
      memberId: member.id,
      bankName: '招商银行深圳分行',
      accountName: '测试电子有限公司',
      accountNo,
    },
    { staff: p.staff.finance },
  );
  if (!res.body.success) throw new Error(res.body.message);
  return { ...member, accountNo };
}

const recordInput = (line: Partial<Line> & { account: string }, requestId = randomUUID()) => ({
  accountNo: line.account,
  amount: 10_000,
  bankReference: line.reference ?? ref(),
  payerName: '深圳甲电子有限公司',
  valueDate: DAY,
  requestId,
});

async function count(sql: string, params: unknown[]) {
  const { rows } = await p.t.database.pool.query<{ n: number }>(sql, params);
  return rows[0]!.n;
}

const transferRows = (refs: string[]) =>
  count('SELECT count(*)::int AS n FROM bank_transfer WHERE bank_reference = ANY($1)', [refs]);
const creditTxns = (memberId: number) =>
  count(
    `SELECT count(*)::int AS n FROM ledger_txn WHERE member_id = $1 AND ref LIKE 'bankTransfer:%'`,
    [memberId],
  );
const messagesOf = async (memberId: number) =>
  (
    await p.t.database.pool.query<{ title: string; content: string }>(
      'SELECT title, content FROM member_message WHERE member_id = $1 ORDER BY id',
      [memberId],
    )
  ).rows;

describe('StaffBankTransfer.Import', () => {
  it('credits each line once: a second import of the file credits nothing, an overlapping one only what is new', async () => {
    const { t } = p;
    const a = await memberWithAccount();
    const b = await memberWithAccount();
    const [r1, r2, r3, r4] = [ref(), ref(), ref(), ref()];
    const stray = strayAccount();
    const csv = csvOf([
      { reference: r1, account: a.accountNo, yuan: '1,234.50' },
      { reference: r2, account: a.accountNo, yuan: '0.29' },
      { reference: r3, account: b.accountNo, yuan: '50000' },
      { reference: r4, account: stray, yuan: '88.00' },
      { reference: r1, account: a.accountNo, yuan: '1,234.50' },
      { reference: 'X', account: a.accountNo, yuan: '-3' },
    ]);

    const first = await importCsv(csv, p.staff.finance, '招行2026-11-02.csv');
    expect(first.status, first.body.message).toBe(200);
    expect(first.body.data).toMatchObject({
      lines: 6,
      credited: 3,
      creditedAmount: 123_450 + 29 + 5_000_000,
      duplicates: 1,
      unmatched: 1,
      refused: 1,
    });
    expect(first.body.data.results.map((r) => [r.line, r.outcome, r.reason])).toEqual([
      [2, 'credited', null],
      [3, 'credited', null],
      [4, 'credited', null],
      [5, 'unmatched', '收款账号不是任何会员的虚拟账户'],
      [6, 'duplicate', '与第2行重复'],
      [7, 'refused', '流水号应为4到64位字母、数字或-；金额为负数（支出记录不入账）'],
    ]);
    expect(first.body.data.results[0]).toMatchObject({
      bankReference: r1,
      accountNo: a.accountNo,
      amount: 123_450,
      memberId: a.id,
    });
    expect(await balancesOf(t, a.id)).toMatchObject({ balance: 123_479 });
    expect(await balancesOf(t, b.id)).toMatchObject({ balance: 5_000_000 });
    expect(await messagesOf(a.id)).toEqual([
      {
        title: '对公转账已到账',
        content: `您${DAY}通过对公转账汇入的¥1,234.50已计入余额（银行流水号${r1}）。`,
      },
      {
        title: '对公转账已到账',
        content: `您${DAY}通过对公转账汇入的¥0.29已计入余额（银行流水号${r2}）。`,
      },
    ]);
    const [audit] = await auditRows(t, `action = 'StaffBankTransfer.Import'`);
    expect(audit).toMatchObject({
      staff_id: p.staff.finance.staffId,
      object_type: 'bankStatement',
      after: {
        fileName: '招行2026-11-02.csv',
        credited: 3,
        duplicates: 1,
        unmatched: 1,
        refused: 1,
        creditedAmount: 5_123_479,
      },
    });

    const again = await importCsv(csv);
    expect(again.body.data).toMatchObject({
      lines: 6,
      credited: 0,
      creditedAmount: 0,
      duplicates: 5,
      unmatched: 0,
      refused: 1,
    });
    expect(again.body.data.results[3]?.reason).toMatch(/^已登记过（记录#\d+，未匹配），不再入账$/);

    const r5 = ref();
    const overlapping = await importCsv(
      csvOf([
        { reference: r3, account: b.accountNo, yuan: '50,000.00' },
        { reference: r5, account: b.accountNo, yuan: '10' },
        { reference: r2, account: a.accountNo, yuan: '0.30' },
      ]),
    );
    expect(
      overlapping.body.data.results.map((r) => [
        r.outcome,
        r.reason?.replace(/#\d+/, '#n') ?? null,
      ]),
    ).toEqual([
      ['duplicate', '已登记过（记录#n，已入账），不再入账'],
      ['credited', null],
      ['refused', '该流水号已登记过，但金额不同（已登记¥0.29，记录#n），请核对'],
    ]);
    expect(await balancesOf(t, a.id)).toMatchObject({ balance: 123_479 });
    expect(await balancesOf(t, b.id)).toMatchObject({ balance: 5_001_000 });
    expect(await transferRows([r1, r2, r3, r4, r5])).toBe(5);
    expect(await creditTxns(a.id)).toBe(2);
    await expectBooksClean(t);
  });

  it('credits once under 60 parallel imports of the same file and of overlapping files', async () => {
    const { t } = p;
    const members = await Promise.all([
      memberWithAccount(),
      memberWithAccount(),
      memberWithAccount(),
    ]);
    const lines: Line[] = Array.from({ length: 12 }, (_, i) => ({
      reference: ref(),
      account: members[i % 3]!.accountNo,
      yuan: `${i + 1}00.01`,
    }));
    const stray = { reference: ref(), account: strayAccount(), yuan: '5' };
    const whole = csvOf([...lines, stray]);
    // Two other files: the first half and the second half, each in reverse order.
    const front = csvOf(lines.slice(0, 7).reverse());
    const back = csvOf(lines.slice(5).reverse());
    const files = Array.from({ length: 60 }, (_, i) =>
      i % 3 === 0 ? whole : i % 3 === 1 ? front : back,
    );
    const answers = await Promise.all(files.map((csv) => importCsv(csv)));
    for (const res of answers) expect(res.status, res.body.message).toBe(200);
    const credited = answers.reduce((sum, res) => sum + res.body.data.credited, 0);
    expect(credited).toBe(12);
    const expected = lines.reduce((sum, _l, i) => sum + (i + 1) * 10_000 + 1, 0);
    expect(answers.reduce((sum, res) => sum + res.body.data.creditedAmount, 0)).toBe(expected);
    let total = 0;
    for (const [i, m] of members.entries()) {
      const mine = lines
        .filter((_l, j) => j % 3 === i)
        .reduce((s, l) => s + Number(l.yuan.replace('.', '')), 0);
      expect(await balancesOf(t, m.id)).toMatchObject({ balance: mine });
      expect(await creditTxns(m.id)).toBe(4);
      expect(await messagesOf(m.id)).toHaveLength(4);
      total += mine;
    }
    expect(total).toBe(expected);
    expect(await transferRows([...lines, stray].map((l) => l.reference))).toBe(13);
    expect(
      await auditRows(t, `action = 'StaffBankTransfer.Import' AND after->>'credited' <> '0'`),
    ).not.toHaveLength(0);
    await expectBooksClean(t);
  });

  it('refuses a file it cannot read as a whole with the reason, never a 5xx', async () => {
    const cases: [string, string][] = [
      [
        '日期,金额\n2026-11-01,1',
        '第1行的表头缺少列：流水号、对方户名、收款账号（须含交易日期、流水号、对方户名、收款账号、金额）',
      ],
      [
        'a,b\n1,2',
        '未找到表头：对账单须有一行表头，含交易日期、流水号、对方户名、收款账号、金额这几列（逗号或制表符分隔）',
      ],
      [
        '交易日期,流水号,对方户名,金额\n2026-11-01,HX1234,甲,1',
        '第1行的表头缺少列：收款账号（须含交易日期、流水号、对方户名、收款账号、金额）',
      ],
      [
        `${HEADER}\n2026-11-01,HX1\u0000,甲,,755900012310801,1,`,
        '对账单：第2行含有控制字符、不可见字符或无法识别的字符（文件编码应为UTF-8或GBK）',
      ],
      [
        `\uFEFF${HEADER}`,
        '对账单：第1行含有控制字符、不可见字符或无法识别的字符（文件编码应为UTF-8或GBK）',
      ],
      [
        `${HEADER}\n${'x'.repeat(100_000)}`,
        '对账单：对账单过大（最多100000个字符），请按日期分批导出后导入',
      ],
      ['   ', '对账单：对账单是空的'],
    ];
    for (const [csv, message] of cases) {
      const res = await importCsv(csv);
      expect(res.status, csv.slice(0, 30)).toBe(400);
      expect(res.body).toMatchObject({ success: false, message, field: 'csv' });
    }
    const notText = await call(p.t, StaffBankTransfer.Import, unchecked({ csv: 12 }), {
      staff: p.staff.finance,
    });
    expect(notText.status).toBe(400);
    const future = await importCsv(
      csvOf([{ reference: ref(), account: strayAccount(), yuan: '1', day: '2099-01-01' }]),
    );
    expect(future.body.data.results[0]).toMatchObject({
      outcome: 'refused',
      reason: '交易日期晚于今天',
    });
  });

  it('leaves a line unmatched, with the reason, when the balance could not hold it', async () => {
    const { t } = p;
    const a = await memberWithAccount();
    const b = await newMember(t);
    const lines = [ref(), ref(), ref()].map((reference) => ({
      reference,
      account: a.accountNo,
      yuan: '10,000,000.00',
    }));
    const res = await importCsv(csvOf(lines));
    expect(res.body.data.results.map((r) => [r.outcome, r.reason])).toEqual([
      ['credited', null],
      ['credited', null],
      ['unmatched', '计入后会员余额将超过系统上限，未入账'],
    ]);
    expect(await balancesOf(t, a.id)).toMatchObject({ balance: 2_000_000_000 });
    const id = res.body.data.results[2]!.transferId!;
    const toSame = await call(
      t,
      StaffBankTransfer.Assign,
      { id, memberId: a.id, reason: '核对后指定' },
      { staff: p.staff.finance },
    );
    expect(toSame.status).toBe(400);
    expect(toSame.body).toMatchObject({
      field: 'memberId',
      message: '计入后会员余额将超过系统上限，未入账',
    });
    const toOther = await call(
      t,
      StaffBankTransfer.Assign,
      { id, memberId: b.id, reason: '同一集团的另一个账户' },
      { staff: p.staff.finance },
    );
    expect(toOther.body.data).toMatchObject({ state: 'credited', memberId: b.id });
    expect(await balancesOf(t, b.id)).toMatchObject({ balance: 1_000_000_000 });
    await expectBooksClean(t);
  });

  it('does not credit a reference already credited under another account, in a file or across', async () => {
    const { t } = p;
    const [x, y] = [await memberWithAccount(), await memberWithAccount()];
    // Typed from a receipt with another member's account by mistake: credited to x.
    const reference = ref();
    const typed = await call(
      t,
      StaffBankTransfer.Record,
      recordInput({ account: x.accountNo, reference }),
      {
        staff: p.staff.finance,
      },
    );
    expect(typed.body.data.state).toBe('credited');
    // The statement shows the right account: recorded, not credited, with the reason.
    const other = ref();
    const res = await importCsv(
      csvOf([
        { reference, account: y.accountNo, yuan: '100' },
        { reference: other, account: x.accountNo, yuan: '5' },
        { reference: other, account: y.accountNo, yuan: '5' },
      ]),
    );
    expect(res.body.data.results.map((r) => [r.outcome, r.reason])).toEqual([
      [
        'unmatched',
        `该流水号已在收款账号${x.accountNo}下入账（记录#${typed.body.data.id}），请核对后再指定`,
      ],
      ['credited', null],
      ['unmatched', '与第3行流水号相同但收款账号不同，请核对后再指定'],
    ]);
    expect(await balancesOf(t, x.id)).toMatchObject({ balance: 10_500 });
    expect(await balancesOf(t, y.id)).toMatchObject({ balance: 0 });
    const again = await call(
      t,
      StaffBankTransfer.Record,
      recordInput({ account: y.accountNo, reference: other }),
      { staff: p.staff.finance },
    );
    expect(again.status).toBe(409);
    // Nor by hand: the line waiting under y's account cannot be assigned.
    const waiting = res.body.data.results[0]!.transferId!;
    const assigned = await call(
      t,
      StaffBankTransfer.Assign,
      { id: waiting, memberId: y.id, reason: '核对后指定' },
      { staff: p.staff.finance },
    );
    expect(assigned.status).toBe(409);
    expect(assigned.body.message).toBe(
      `该流水号已在收款账号${x.accountNo}下入账（记录#${typed.body.data.id}），不能再次入账；若确为两笔不同的款项，请用余额调整处理`,
    );
    expect(await balancesOf(t, y.id)).toMatchObject({ balance: 0 });
    await expectBooksClean(t);
  });

  it('refuses a line whose reference paid an order as an offline payment', async () => {
    const { t } = p;
    const a = await memberWithAccount();
    const order = await unpaidOrder(p, a);
    const reference = ref();
    const paid = await call(
      t,
      StaffOrder.RecordPayment,
      {
        id: order.id,
        amount: order.total,
        bankReference: reference,
        payerName: '深圳甲电子有限公司',
        receivedAt: new Date(t.clock.now().getTime() - 60_000).toISOString(),
      },
      { staff: p.staff.finance },
    );
    expect(paid.status, paid.body.message).toBe(200);
    const res = await importCsv(
      csvOf([{ reference, account: a.accountNo, yuan: String(order.total / 100) }]),
    );
    expect(res.body.data).toMatchObject({ credited: 0, refused: 1 });
    expect(res.body.data.results[0]?.reason).toBe(
      `该流水号已登记为订单${order.orderNo}的线下付款，不能再计入余额`,
    );
    const recorded = await call(
      t,
      StaffBankTransfer.Record,
      recordInput({ account: a.accountNo, reference }),
      {
        staff: p.staff.finance,
      },
    );
    expect(recorded.status).toBe(409);
    expect(await balancesOf(t, a.id)).toMatchObject({ balance: 0 });
    await expectBooksClean(t);
  });
});

describe('StaffBankTransfer.Record', () => {
  it('credits a transfer typed by hand, answers its retry with the first answer, refuses the line again', async () => {
    const { t } = p;
    const a = await memberWithAccount();
    const input = recordInput({
      account: a.accountNo,
      reference: `hx-${randomBytes(4).toString('hex')}`,
    });
    const [one, two] = await Promise.all([
      call(t, StaffBankTransfer.Record, input, { staff: p.staff.finance }),
      call(t, StaffBankTransfer.Record, input, { staff: p.staff.finance }),
    ]);
    expect(one.status, one.body.message).toBe(200);
    expect(two.body).toEqual(one.body);
    expect(one.body.data).toMatchObject({
      state: 'credited',
      memberId: a.id,
      unmatchedReason: null,
    });
    expect(await balancesOf(t, a.id)).toMatchObject({ balance: 10_000 });
    // The member's 收支明细: a top-up by bank transfer.
    const logs = await call(
      t,
      MemberAdvancePayment.GetLogs,
      { page: 1, pageSize: 20 },
      { token: a.token },
    );
    expect(logs.body.data.items).toEqual([
      expect.objectContaining({
        type: 'recharge',
        typeName: '充值',
        direction: 'in',
        amount: 10_000,
        parts: [{ name: '对公转账', amount: 10_000 }],
      }),
    ]);
    const again = await call(
      t,
      StaffBankTransfer.Record,
      { ...input, requestId: randomUUID() },
      {
        staff: p.staff.finance,
      },
    );
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({
      field: 'bankReference',
      message: `该笔转账已登记（流水号${input.bankReference.toUpperCase()}，已入账，记录#${one.body.data.id}）`,
    });
    const reused = await call(
      t,
      StaffBankTransfer.Record,
      { ...input, bankReference: ref() },
      {
        staff: p.staff.finance,
      },
    );
    expect(reused.status).toBe(409);
    expect(reused.body.field).toBe('requestId');
    // The statement later holds the same line: a duplicate.
    const imported = await importCsv(
      csvOf([{ reference: input.bankReference, account: a.accountNo, yuan: '100' }]),
    );
    expect(imported.body.data).toMatchObject({ credited: 0, duplicates: 1 });
    expect(await balancesOf(t, a.id)).toMatchObject({ balance: 10_000 });
    const audits = await auditRows(t, `action = 'StaffBankTransfer.Record' AND object_id = $1`, [
      String(one.body.data.id),
    ]);
    expect(audits.map((r) => r.after)).toEqual([
      expect.objectContaining({
        state: 'credited',
        memberId: a.id,
        amount: 10_000,
        source: 'manual',
      }),
      { replayed: input.requestId },
    ]);
    await expectBooksClean(t);
  });

  it('keeps a transfer to no member’s account unmatched, and refuses a future day', async () => {
    const { t } = p;
    const res = await call(t, StaffBankTransfer.Record, recordInput({ account: strayAccount() }), {
      staff: p.staff.finance,
    });
    expect(res.body.data).toMatchObject({
      state: 'unmatched',
      memberId: null,
      unmatchedReason: '收款账号不是任何会员的虚拟账户',
    });
    const future = await call(
      t,
      StaffBankTransfer.Record,
      { ...recordInput({ account: strayAccount() }), valueDate: '2099-01-01' },
      { staff: p.staff.finance },
    );
    expect(future.status).toBe(400);
    expect(future.body).toMatchObject({ field: 'valueDate', message: '交易日期不能晚于今天' });
    const badDay = await call(
      t,
      StaffBankTransfer.Record,
      { ...recordInput({ account: strayAccount() }), valueDate: '2026-02-30' },
      { staff: p.staff.finance },
    );
    expect(badDay.status).toBe(400);
    expect(badDay.body.field).toBe('valueDate');
  });
});

describe('StaffBankTransfer.Assign', () => {
  it('credits an unmatched transfer to the member finance names, once, with the reason audited', async () => {
    const { t } = p;
    const m = await newMember(t);
    const other = await newMember(t);
    const recorded = await call(
      t,
      StaffBankTransfer.Record,
      recordInput({ account: strayAccount() }),
      {
        staff: p.staff.finance,
      },
    );
    const id = recorded.body.data.id;
    const attempts = await Promise.all(
      Array.from({ length: 60 }, (_, i) =>
        call(
          t,
          StaffBankTransfer.Assign,
          { id, memberId: i % 2 === 0 ? m.id : other.id, reason: '付款人来电确认为该会员的货款' },
          { staff: p.staff.finance },
        ),
      ),
    );
    const won = attempts.filter((res) => res.status === 200);
    expect(won).toHaveLength(1);
    const winner = won[0]!.body.data.memberId!;
    for (const res of attempts.filter((r) => r.status !== 200)) {
      expect(res.status).toBe(409);
      expect(res.body.message).toBe(`该笔转账已计入会员#${winner}的余额，不能再指定`);
    }
    const loser = winner === m.id ? other.id : m.id;
    expect(await balancesOf(t, winner)).toMatchObject({ balance: 10_000 });
    expect(await balancesOf(t, loser)).toMatchObject({ balance: 0 });
    const [audit, ...more] = await auditRows(
      t,
      `action = 'StaffBankTransfer.Assign' AND object_id = $1`,
      [String(id)],
    );
    expect(more).toEqual([]);
    expect(audit).toMatchObject({
      object_type: 'bankTransfer',
      before: { state: 'unmatched', unmatchedReason: '收款账号不是任何会员的虚拟账户' },
      after: {
        state: 'credited',
        memberId: winner,
        amount: 10_000,
        reason: '付款人来电确认为该会员的货款',
      },
    });
    const listed = await call(
      t,
      StaffBankTransfer.List,
      { memberId: winner, page: 1, pageSize: 20 },
      {
        staff: p.staff.finance,
      },
    );
    expect(listed.body.data.items).toEqual([
      expect.objectContaining({
        id,
        state: 'credited',
        matchedBy: 'staff',
        assignReason: '付款人来电确认为该会员的货款',
        assignedBy: expect.objectContaining({ id: p.staff.finance.staffId }),
        member: expect.objectContaining({ id: winner }),
      }),
    ]);
    await expectBooksClean(t);
  });

  it('refuses an unknown transfer or member', async () => {
    const { t } = p;
    const m = await newMember(t);
    const missing = await call(
      t,
      StaffBankTransfer.Assign,
      { id: 2_000_000_000, memberId: m.id, reason: '核对后指定' },
      { staff: p.staff.finance },
    );
    expect(missing.status).toBe(404);
    expect(missing.body.message).toBe('转账记录不存在');
    const recorded = await call(
      t,
      StaffBankTransfer.Record,
      recordInput({ account: strayAccount() }),
      {
        staff: p.staff.finance,
      },
    );
    const nobody = await call(
      t,
      StaffBankTransfer.Assign,
      { id: recorded.body.data.id, memberId: 2_000_000_000, reason: '核对后指定' },
      { staff: p.staff.finance },
    );
    expect(nobody.status).toBe(400);
    expect(nobody.body).toMatchObject({ field: 'memberId', message: '会员不存在' });
  });
});

describe('the list and who may use it', () => {
  it('filters by state, member, day and keyword, newest day first', async () => {
    const { t } = p;
    const a = await memberWithAccount();
    const payer = `丁${randomBytes(3).toString('hex')}公司`;
    const [early, late, stray] = [ref(), ref(), ref()];
    await importCsv(
      csvOf([
        { reference: early, account: a.accountNo, yuan: '1', day: '2026-10-01', payer },
        { reference: late, account: a.accountNo, yuan: '2', day: '2026-10-03', payer },
        { reference: stray, account: strayAccount(), yuan: '3', day: '2026-10-02', payer },
      ]),
    );
    const list = (input: Record<string, unknown>) =>
      call(t, StaffBankTransfer.List, { page: 1, pageSize: 20, ...input } as never, {
        staff: p.staff.admin,
      });
    const byPayer = await list({ keyword: payer });
    expect(byPayer.body.data.items.map((i) => i.bankReference)).toEqual([late, stray, early]);
    expect(byPayer.body.data.items[0]).toMatchObject({
      payerName: payer,
      payerAccount: '6222021000001234',
      note: '货款',
      source: 'import',
      matchedBy: 'account',
      valueDate: '2026-10-03',
      createdBy: expect.objectContaining({ id: p.staff.finance.staffId }),
      member: expect.objectContaining({ id: a.id }),
    });
    expect(
      (await list({ keyword: payer, state: 'unmatched' })).body.data.items.map(
        (i) => i.bankReference,
      ),
    ).toEqual([stray]);
    expect((await list({ keyword: late.toLowerCase() })).body.data.total).toBe(1);
    expect(
      (await list({ memberId: a.id, from: '2026-10-02', to: '2026-10-03' })).body.data.items.map(
        (i) => i.bankReference,
      ),
    ).toEqual([late]);
    const backwards = await list({ from: '2026-10-03', to: '2026-10-01' });
    expect(backwards.status).toBe(400);
    expect(backwards.body.field).toBe('to');
  });

  it('is for finance and admin: sales, content, engineer and production are refused', async () => {
    const { t, staff } = p;
    const csv = csvOf([{ reference: ref(), account: strayAccount(), yuan: '1' }]);
    for (const role of ['sales', 'content', 'engineer', 'production'] as const) {
      const session = staff[role];
      for (const res of [
        await call(t, StaffBankTransfer.Import, { csv }, { staff: session }),
        await call(t, StaffBankTransfer.Record, recordInput({ account: strayAccount() }), {
          staff: session,
        }),
        await call(
          t,
          StaffBankTransfer.Assign,
          { id: 1, memberId: 1, reason: '核对后指定' },
          { staff: session },
        ),
        await call(t, StaffBankTransfer.List, { page: 1, pageSize: 20 }, { staff: session }),
      ]) {
        expect(res.status, role).toBe(403);
        expect(res.body.message).toBe('当前账号没有此操作的权限');
      }
    }
    const byAdmin = await call(t, StaffBankTransfer.Import, { csv }, { staff: staff.admin });
    expect(byAdmin.status).toBe(200);
  });
});

describe('what the database holds', () => {
  it('refuses changing a credited transfer, deleting one, or crediting one without the books', async () => {
    const { t } = p;
    const a = await memberWithAccount();
    const credited = await call(
      t,
      StaffBankTransfer.Record,
      recordInput({ account: a.accountNo }),
      {
        staff: p.staff.finance,
      },
    );
    const unmatched = await call(
      t,
      StaffBankTransfer.Record,
      recordInput({ account: strayAccount() }),
      {
        staff: p.staff.finance,
      },
    );
    const pool = t.database.pool;
    await expect(
      pool.query('UPDATE bank_transfer SET amount = 1 WHERE id = $1', [credited.body.data.id]),
    ).rejects.toThrow(/is credited: it never changes/);
    await expect(
      pool.query('UPDATE bank_transfer SET amount = 1 WHERE id = $1', [unmatched.body.data.id]),
    ).rejects.toThrow(/keeps what the bank said/);
    await expect(
      pool.query('DELETE FROM bank_transfer WHERE id = $1', [unmatched.body.data.id]),
    ).rejects.toThrow(/never deleted/);
    await expect(pool.query('TRUNCATE bank_transfer')).rejects.toThrow(/never deleted/);
    await expect(
      pool.query(
        `UPDATE bank_transfer SET state = 'credited', member_id = $2, matched_by = 'account',
           unmatched_reason = NULL, credited_at = now() WHERE id = $1`,
        [unmatched.body.data.id, a.id],
      ),
    ).rejects.toThrow(/and its ledger transaction disagree/);
    await expect(
      pool.query(
        `INSERT INTO bank_transfer (account_no, bank_reference, amount, value_date, source, state, created_by, created_at)
         VALUES ('755900012310801', 'HX-ZERO', 0, '2026-11-01', 'import', 'unmatched', 1, now())`,
      ),
    ).rejects.toThrow(/bank_transfer_amount_ck/);
    await expectBooksClean(t);
  });
});
