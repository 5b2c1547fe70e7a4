// Reading a bank statement (decision 0055): CSV as Chinese banks export it, one received
// transfer a line. Pure: text in, lines or per-line reasons out, no floating point anywhere.
import {
  ACCOUNT_NO_PATTERN,
  BANK_REFERENCE_MESSAGE,
  BANK_REFERENCE_PATTERN,
  isCalendarDay,
  STATEMENT_MAX_LINES,
  TRANSFER_AMOUNT_MAX,
} from '@pcb/contract';
import { yuan } from '@pcb/pricing';

/** One line that can be recorded. */
export interface StatementLine {
  /** Its line number in the file, counted as an editor or a spreadsheet counts them. */
  line: number;
  accountNo: string;
  bankReference: string;
  amount: number;
  payerName: string | null;
  payerAccount: string | null;
  valueDate: string;
  note: string | null;
}

/** A line that cannot: why, with what could be read of it. */
export interface RefusedLine {
  line: number;
  reason: string;
  bankReference: string | null;
  accountNo: string | null;
  amount: number | null;
  payerName: string | null;
}

export type ParsedStatement =
  { ok: true; lines: StatementLine[]; refused: RefusedLine[] } | { ok: false; message: string };

type Column = keyof Omit<StatementLine, 'line'>;

/**
 * The columns and the names banks give them; the first name found wins. The header may sit
 * below a few title rows, and a name may carry a unit (`金额(元)`).
 */
export const STATEMENT_COLUMNS: Record<Column, { names: readonly string[]; required: boolean }> = {
  valueDate: {
    names: ['交易日期', '记账日期', '入账日期', '到账日期', '交易时间', '日期'],
    required: true,
  },
  bankReference: {
    names: ['流水号', '交易参考号', '交易流水号', '银行流水号', '参考号', '流水号/交易参考号'],
    required: true,
  },
  payerName: {
    names: ['对方户名', '付款人名称', '付款户名', '付款方户名', '对方账户名称', '对方名称'],
    required: true,
  },
  payerAccount: {
    names: ['对方账号', '付款人账号', '付款账号', '付款方账号', '对方账户'],
    required: false,
  },
  accountNo: {
    names: ['收款账号', '虚拟账号', '子账号', '收款人账号', '本方账号', '虚拟账户'],
    required: true,
  },
  amount: {
    names: ['金额', '贷方金额', '收入金额', '入账金额', '贷方发生额', '交易金额'],
    required: true,
  },
  note: { names: ['摘要', '用途', '附言', '备注', '交易摘要'], required: false },
};

const COLUMN_NAMES: Record<Column, string> = {
  valueDate: '交易日期',
  bankReference: '流水号',
  payerName: '对方户名',
  payerAccount: '对方账号',
  accountNo: '收款账号',
  amount: '金额',
  note: '摘要',
};

/** How far down the header may be (title rows, the account's name, the period). */
const HEADER_SEARCH_ROWS = 30;
const PAYER_NAME_MAX = 100;
const PAYER_ACCOUNT_MAX = 40;
const NOTE_MAX = 200;

interface Row {
  line: number;
  cells: string[];
}

/**
 * RFC 4180 records: quoted cells may hold the delimiter, doubled quotes and line breaks;
 * `\r\n`, `\n` and `\r` end a record. Each record keeps the line it starts on.
 */
export function readRows(text: string, delimiter: ',' | '\t'): Row[] {
  const rows: Row[] = [];
  let cells: string[] = [];
  let cell = '';
  let quoted = false;
  let line = 1;
  let rowLine = 1;
  let i = 0;
  const endCell = () => {
    cells.push(cell);
    cell = '';
  };
  const endRow = () => {
    endCell();
    rows.push({ line: rowLine, cells });
    cells = [];
  };
  while (i < text.length) {
    const c = text[i]!;
    if (quoted) {
      if (c === '"') {
        if (text[i + 1] === '"') {
          cell += '"';
          i += 2;
          continue;
        }
        quoted = false;
      } else {
        if (c === '\n' || (c === '\r' && text[i + 1] !== '\n')) line++;
        cell += c;
      }
      i++;
      continue;
    }
    if (c === '"' && cell.trim() === '') {
      // A quote opens a quoted cell only at its start (`="0012"` stays as it is).
      quoted = true;
      cell = '';
    } else if (c === delimiter) {
      endCell();
    } else if (c === '\r' || c === '\n') {
      if (c === '\r' && text[i + 1] === '\n') i++;
      endRow();
      line++;
      rowLine = line;
    } else {
      cell += c;
    }
    i++;
  }
  if (cell !== '' || cells.length > 0) endRow();
  return rows;
}

/** A cell as written, without the spreadsheet's guards: `="0012"` and `'0012` are `0012`. */
function clean(value: string | undefined): string {
  const trimmed = (value ?? '').trim();
  const formula = /^="(.*)"$/s.exec(trimmed);
  if (formula) return formula[1]!.trim();
  return trimmed.startsWith("'") ? trimmed.slice(1).trim() : trimmed;
}

/** A header cell as compared: no spaces, no unit in brackets, no `*` of a required mark. */
const headerKey = (value: string) =>
  clean(value)
    .replace(/\s/g, '')
    .replace(/[(（][^)）]*[)）]$/, '')
    .replace(/^\*|\*$/g, '');

function columnsOf(cells: string[]): Partial<Record<Column, number>> {
  const keys = cells.map(headerKey);
  const found: Partial<Record<Column, number>> = {};
  for (const [column, { names }] of Object.entries(STATEMENT_COLUMNS) as [
    Column,
    (typeof STATEMENT_COLUMNS)[Column],
  ][]) {
    for (const name of names) {
      const at = keys.indexOf(name);
      if (at >= 0 && !Object.values(found).includes(at)) {
        found[column] = at;
        break;
      }
    }
  }
  return found;
}

const requiredColumns = (Object.keys(STATEMENT_COLUMNS) as Column[]).filter(
  (c) => STATEMENT_COLUMNS[c].required,
);

/**
 * Yuan as banks write them — `1,234.50`, `¥1234.5`, `+300`, `1 000.00元` — into fen, digit by
 * digit: `0.29` is 29 fen, never 28.999…. Negative amounts are money that went out.
 */
export function parseYuanText(raw: string): { fen: number } | { reason: string } {
  let value = raw.replace(/[\s\u00A0\u3000]/g, '');
  if (value === '') return { reason: '缺少金额' };
  value = value.replace(/^(?:¥|￥|RMB|CNY)/i, '').replace(/元$/, '');
  let negative = false;
  if (/^\(.*\)$/.test(value)) {
    negative = true;
    value = value.slice(1, -1);
  }
  if (value.startsWith('-') || value.startsWith('+')) {
    negative = negative || value.startsWith('-');
    value = value.slice(1);
  }
  value = value.replace(/^(?:¥|￥)/, '');
  const match = /^(\d{1,3}(?:,\d{3})+|\d+)(?:\.(\d*))?$/.exec(value);
  if (!match) return { reason: `金额“${raw.trim().slice(0, 20)}”不是有效的数字` };
  const whole = match[1]!.replaceAll(',', '').replace(/^0+(?=\d)/, '');
  const fraction = match[2] ?? '';
  if (/[1-9]/.test(fraction.slice(2))) return { reason: '金额最多两位小数' };
  if (whole.length > 10) return { reason: `单笔金额不能超过${yuan(TRANSFER_AMOUNT_MAX)}` };
  const fen = Number(whole) * 100 + Number(fraction.slice(0, 2).padEnd(2, '0'));
  if (negative && fen > 0) return { reason: '金额为负数（支出记录不入账）' };
  if (fen === 0) return { reason: '金额须大于0' };
  if (fen > TRANSFER_AMOUNT_MAX) return { reason: `单笔金额不能超过${yuan(TRANSFER_AMOUNT_MAX)}` };
  return { fen };
}

/**
 * A day as banks write it — `2026-01-05`, `2026/1/5`, `2026.01.05`, `20260105`,
 * `2026年1月5日`, with or without a time after it — as `2026-01-05`.
 */
export function parseDayText(raw: string, today: string): { day: string } | { reason: string } {
  const value = raw.trim();
  if (value === '') return { reason: '缺少交易日期' };
  const match =
    /^(\d{4})[-/.年](\d{1,2})[-/.月](\d{1,2})日?(?:[ T]\d{1,2}:\d{2}(?::\d{2}(?:\.\d+)?)?)?$/.exec(
      value,
    ) ?? /^(\d{4})(\d{2})(\d{2})(?:\s?\d{2}:?\d{2}:?\d{2})?$/.exec(value);
  if (!match) return { reason: `交易日期“${value.slice(0, 20)}”格式不正确` };
  const day = `${match[1]}-${match[2]!.padStart(2, '0')}-${match[3]!.padStart(2, '0')}`;
  if (!isCalendarDay(day)) return { reason: `交易日期“${value.slice(0, 20)}”不是有效的日期` };
  if (day > today) return { reason: '交易日期晚于今天' };
  return { day };
}

function readLine(
  row: Row,
  columns: Partial<Record<Column, number>>,
  today: string,
): StatementLine | RefusedLine {
  const cell = (column: Column) => {
    const at = columns[column];
    return at === undefined ? '' : clean(row.cells[at]);
  };
  const reasons: string[] = [];

  const reference = cell('bankReference').replace(/\s/g, '').toUpperCase();
  if (reference === '') reasons.push('缺少流水号');
  else if (!BANK_REFERENCE_PATTERN.test(reference)) reasons.push(BANK_REFERENCE_MESSAGE);

  const accountNo = cell('accountNo').replace(/[\s-]/g, '');
  if (accountNo === '') reasons.push('缺少收款账号');
  else if (/^\d+(?:\.\d+)?E\+?\d+$/i.test(accountNo))
    reasons.push('收款账号被表格软件改成了科学计数法，请以文本格式重新导出');
  else if (!ACCOUNT_NO_PATTERN.test(accountNo)) reasons.push('收款账号应为8到32位数字');

  const amount = parseYuanText(cell('amount'));
  if ('reason' in amount) reasons.push(amount.reason);
  const day = parseDayText(cell('valueDate'), today);
  if ('reason' in day) reasons.push(day.reason);

  const payerName = cell('payerName');
  if (payerName.length > PAYER_NAME_MAX) reasons.push(`对方户名超过${PAYER_NAME_MAX}个字`);
  const payerAccount = cell('payerAccount').replace(/\s/g, '');
  if (payerAccount.length > PAYER_ACCOUNT_MAX) {
    reasons.push(`对方账号超过${PAYER_ACCOUNT_MAX}位`);
  }
  const note = cell('note').replace(/\s+/g, ' ').slice(0, NOTE_MAX);

  const shownName = payerName === '' ? null : payerName.slice(0, PAYER_NAME_MAX);
  if (reasons.length > 0 || 'reason' in amount || 'reason' in day) {
    return {
      line: row.line,
      reason: reasons.join('；'),
      bankReference: reference === '' ? null : reference.slice(0, 64),
      accountNo: accountNo === '' ? null : accountNo.slice(0, 32),
      amount: 'fen' in amount ? amount.fen : null,
      payerName: shownName,
    };
  }
  return {
    line: row.line,
    accountNo,
    bankReference: reference,
    amount: amount.fen,
    payerName: shownName,
    payerAccount: payerAccount === '' ? null : payerAccount,
    valueDate: day.day,
    note: note === '' ? null : note,
  };
}

const isBlank = (row: Row) => row.cells.every((c) => clean(c) === '');
/** The totals some banks print under the lines (合计, 总计, 本页小计). */
const isTotal = (row: Row) =>
  /^(?:本页)?(?:合计|总计|小计)/.test(clean(row.cells.find((c) => clean(c) !== '')));

/**
 * The statement's lines: the header is the first row (of the first 30) naming every required
 * column, comma- or tab-separated; blank rows and total rows are left out; at most
 * STATEMENT_MAX_LINES lines. A file without such a header, or with too many lines, is refused
 * as a whole; a line that cannot be read is refused with its reasons.
 */
export function parseStatement(text: string, today: string): ParsedStatement {
  const source = text.replace(/^\uFEFF/, '');
  let best: { missing: Column[]; row: number } | null = null;
  for (const delimiter of [',', '\t'] as const) {
    const rows = readRows(source, delimiter);
    for (let r = 0; r < Math.min(rows.length, HEADER_SEARCH_ROWS); r++) {
      const columns = columnsOf(rows[r]!.cells);
      const missing = requiredColumns.filter((c) => columns[c] === undefined);
      if (missing.length > 0) {
        if (
          missing.length < requiredColumns.length - 1 &&
          (!best || missing.length < best.missing.length)
        ) {
          best = { missing, row: rows[r]!.line };
        }
        continue;
      }
      const body = rows.slice(r + 1).filter((row) => !isBlank(row) && !isTotal(row));
      if (body.length === 0) return { ok: false, message: '对账单表头下没有任何记录' };
      if (body.length > STATEMENT_MAX_LINES) {
        return {
          ok: false,
          message: `对账单有${body.length}行记录，每次最多导入${STATEMENT_MAX_LINES}行，请按日期分批导出后导入`,
        };
      }
      const lines: StatementLine[] = [];
      const refused: RefusedLine[] = [];
      for (const row of body) {
        const read = readLine(row, columns, today);
        if ('reason' in read) refused.push(read);
        else lines.push(read);
      }
      return { ok: true, lines, refused };
    }
  }
  const expected = requiredColumns.map((c) => COLUMN_NAMES[c]).join('、');
  if (best) {
    return {
      ok: false,
      message: `第${best.row}行的表头缺少列：${best.missing.map((c) => COLUMN_NAMES[c]).join('、')}（须含${expected}）`,
    };
  }
  return {
    ok: false,
    message: `未找到表头：对账单须有一行表头，含${expected}这几列（逗号或制表符分隔）`,
  };
}
