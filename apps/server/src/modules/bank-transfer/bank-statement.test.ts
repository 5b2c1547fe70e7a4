import { describe, expect, it } from 'vitest';
import { STATEMENT_MAX_LINES, TRANSFER_AMOUNT_MAX } from '@pcb/contract';
import { parseDayText, parseStatement, parseYuanText, readRows } from './bank-statement';

const TODAY = '2026-03-10';
const HEADER = '交易日期,流水号,对方户名,对方账号,收款账号,金额,摘要';

describe('parseYuanText: yuan as banks write them, into exact fen', () => {
  it.each([
    ['1,234.50', 123_450],
    ['1234.5', 123_450],
    ['0.29', 29],
    ['0.01', 1],
    ['¥1,000', 100_000],
    ['￥ 88.80', 8880],
    ['+300', 30_000],
    ['RMB300.00', 30_000],
    ['1 000.00元', 100_000],
    ['12.500', 1250],
    ['00012.30', 1230],
    ['10000000.00', TRANSFER_AMOUNT_MAX],
  ])('%s is %i fen', (text, fen) => {
    expect(parseYuanText(text)).toEqual({ fen });
  });

  it.each([
    ['', '缺少金额'],
    ['-100.00', '金额为负数（支出记录不入账）'],
    ['(100.00)', '金额为负数（支出记录不入账）'],
    ['0.00', '金额须大于0'],
    ['12.345', '金额最多两位小数'],
    ['1,23.00', '金额“1,23.00”不是有效的数字'],
    ['1.2e5', '金额“1.2e5”不是有效的数字'],
    ['abc', '金额“abc”不是有效的数字'],
    ['10000000.01', '单笔金额不能超过¥10,000,000.00'],
    ['99999999999999999', '单笔金额不能超过¥10,000,000.00'],
  ])('%s is refused: %s', (text, reason) => {
    expect(parseYuanText(text)).toEqual({ reason });
  });

  it('never goes through a binary fraction: every cent from 0.00 to 9.99 is itself', () => {
    for (let fen = 1; fen < 1000; fen++) {
      const text = `${Math.floor(fen / 100)}.${String(fen % 100).padStart(2, '0')}`;
      expect(parseYuanText(text)).toEqual({ fen });
    }
  });
});

describe('parseDayText', () => {
  it.each([
    ['2026-03-01', '2026-03-01'],
    ['2026/3/1', '2026-03-01'],
    ['2026.03.01', '2026-03-01'],
    ['20260301', '2026-03-01'],
    ['2026年3月1日', '2026-03-01'],
    ['2026-03-01 14:05:33', '2026-03-01'],
    ['2026/03/01 9:05', '2026-03-01'],
    ['2026-03-10', '2026-03-10'],
  ])('%s is %s', (text, day) => {
    expect(parseDayText(text, TODAY)).toEqual({ day });
  });

  it.each([
    ['', '缺少交易日期'],
    ['2026-02-30', '交易日期“2026-02-30”不是有效的日期'],
    ['03/01/2026', '交易日期“03/01/2026”格式不正确'],
    ['2026-03-11', '交易日期晚于今天'],
  ])('%s is refused: %s', (text, reason) => {
    expect(parseDayText(text, TODAY)).toEqual({ reason });
  });
});

describe('readRows (RFC 4180)', () => {
  it('keeps quoted delimiters, doubled quotes and line breaks, and each record’s first line', () => {
    const rows = readRows('a,"1,234.50","say ""hi""\nthere"\r\nb,2,3\rc,,\n', ',');
    expect(rows).toEqual([
      { line: 1, cells: ['a', '1,234.50', 'say "hi"\nthere'] },
      { line: 3, cells: ['b', '2', '3'] },
      { line: 4, cells: ['c', '', ''] },
    ]);
  });
});

describe('parseStatement', () => {
  it('reads a typical export: title rows, a header, quoted amounts, Excel’s text guards', () => {
    const csv = [
      '招商银行账务明细',
      '账号：755900012310,币种：人民币',
      HEADER,
      '2026-03-01,HX0001,深圳甲电子有限公司,6222 0210 0000 1234,755900012310801,"1,234.50",货款',
      '2026/03/02,hx0002,乙公司,="6222021000005678",="4000021209200688001",300,',
      '',
      '合计,,,,,"1,534.50",',
    ].join('\r\n');
    const parsed = parseStatement(csv, TODAY);
    expect(parsed).toEqual({
      ok: true,
      refused: [],
      lines: [
        {
          line: 4,
          valueDate: '2026-03-01',
          bankReference: 'HX0001',
          payerName: '深圳甲电子有限公司',
          payerAccount: '6222021000001234',
          accountNo: '755900012310801',
          amount: 123_450,
          note: '货款',
        },
        {
          line: 5,
          valueDate: '2026-03-02',
          bankReference: 'HX0002',
          payerName: '乙公司',
          payerAccount: '6222021000005678',
          accountNo: '4000021209200688001',
          amount: 30_000,
          note: null,
        },
      ],
    });
  });

  it('takes other column names, units in brackets and tabs', () => {
    const tsv = [
      '记账日期\t交易参考号\t付款人名称\t虚拟账号\t贷方金额(元)\t用途',
      '20260305\tK123456\t丙公司\t755900012310801\t88.8\t预付款',
    ].join('\n');
    const parsed = parseStatement(tsv, TODAY);
    expect(parsed.ok && parsed.lines).toEqual([
      {
        line: 2,
        valueDate: '2026-03-05',
        bankReference: 'K123456',
        payerName: '丙公司',
        payerAccount: null,
        accountNo: '755900012310801',
        amount: 8880,
        note: '预付款',
      },
    ]);
  });

  it('refuses bad lines with every reason, keeping what could be read', () => {
    const csv = [
      HEADER,
      '2026-03-01,,甲,,755900012310801,100,',
      '2026-03-01,HX9,甲,,7.55900012310801E+14,100,',
      '2026-13-01,HX0010,甲,,755900012310801,-50.00,退款',
      '2026-03-01,HX0011,甲,,12ab,1.234,',
      `2026-03-01,HX0012,${'名'.repeat(101)},,755900012310801,100,`,
    ].join('\n');
    const parsed = parseStatement(csv, TODAY);
    expect(parsed.ok && parsed.lines).toEqual([]);
    expect(parsed.ok && parsed.refused).toEqual([
      {
        line: 2,
        reason: '缺少流水号',
        bankReference: null,
        accountNo: '755900012310801',
        amount: 10_000,
        payerName: '甲',
      },
      {
        line: 3,
        reason:
          '流水号应为4到64位字母、数字或-；收款账号被表格软件改成了科学计数法，请以文本格式重新导出',
        bankReference: 'HX9',
        accountNo: '7.55900012310801E+14',
        amount: 10_000,
        payerName: '甲',
      },
      {
        line: 4,
        reason: '金额为负数（支出记录不入账）；交易日期“2026-13-01”不是有效的日期',
        bankReference: 'HX0010',
        accountNo: '755900012310801',
        amount: null,
        payerName: '甲',
      },
      {
        line: 5,
        reason: '收款账号应为8到32位数字；金额最多两位小数',
        bankReference: 'HX0011',
        accountNo: '12ab',
        amount: null,
        payerName: '甲',
      },
      {
        line: 6,
        reason: '对方户名超过100个字',
        bankReference: 'HX0012',
        accountNo: '755900012310801',
        amount: 10_000,
        payerName: '名'.repeat(100),
      },
    ]);
  });

  it('refuses a file without the header, naming the missing columns', () => {
    expect(parseStatement('a,b,c\n1,2,3', TODAY)).toEqual({
      ok: false,
      message:
        '未找到表头：对账单须有一行表头，含交易日期、流水号、对方户名、收款账号、金额这几列（逗号或制表符分隔）',
    });
    expect(parseStatement('交易日期,流水号,对方户名,金额\n2026-03-01,HX1,甲,1', TODAY)).toEqual({
      ok: false,
      message: '第1行的表头缺少列：收款账号（须含交易日期、流水号、对方户名、收款账号、金额）',
    });
    expect(parseStatement(`${HEADER}\n\n,,,,,,\n`, TODAY)).toEqual({
      ok: false,
      message: '对账单表头下没有任何记录',
    });
  });

  it(`refuses more than ${STATEMENT_MAX_LINES} lines as a whole`, () => {
    const line = '2026-03-01,HX0001,甲,,755900012310801,1,';
    const csv = [HEADER, ...Array.from({ length: STATEMENT_MAX_LINES + 1 }, () => line)].join('\n');
    expect(parseStatement(csv, TODAY)).toEqual({
      ok: false,
      message: `对账单有${STATEMENT_MAX_LINES + 1}行记录，每次最多导入${STATEMENT_MAX_LINES}行，请按日期分批导出后导入`,
    });
  });
});
