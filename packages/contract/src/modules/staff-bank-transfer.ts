// Bank transfers to members' virtual accounts (issue 20 §3, decision 0055): finance records one
// by hand or imports the bank's statement (CSV); a line is matched to its member by the
// receiving account (`StaffVirtualAccount`) and credited to the member's balance exactly once.
import { z } from 'zod';
import {
  hasForbiddenCharacter,
  idQuerySchema,
  idSchema,
  intSchema,
  pageInput,
  pageOf,
  requestIdSchema,
  text,
} from '../common';
import { defineModule } from '../define';
import { memberRefSchema, staffRefSchema } from './staff-common';
import { ACCOUNT_NO_PATTERN } from './staff-virtual-account';

/** The most one transfer may credit: ¥10,000,000. */
export const TRANSFER_AMOUNT_MAX = 1_000_000_000;
/** A statement of at most this many lines after its header, and this many characters. */
export const STATEMENT_MAX_LINES = 1000;
export const STATEMENT_MAX_CHARS = 100_000;

/**
 * The bank's reference of a line (流水号 / 交易参考号), as the order desk's offline payments
 * take it: letters, digits and hyphens; kept in capitals, so `hx01` and `HX01` are one line.
 */
export const BANK_REFERENCE_PATTERN = /^[A-Z0-9-]{4,64}$/;
export const BANK_REFERENCE_MESSAGE = '流水号应为4到64位字母、数字或-';

/** `2026-01-05` when it is a day of the calendar (not `2026-02-30`). */
export function isCalendarDay(value: string): boolean {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  return (
    year >= 2000 &&
    date.getUTCFullYear() === year &&
    date.getUTCMonth() === month - 1 &&
    date.getUTCDate() === day
  );
}

const daySchema = text(10).refine(isCalendarDay, { error: '日期应为YYYY-MM-DD' });

/**
 * `unmatched`: recorded, not credited — its receiving account is no member's virtual account
 * (or the credit was refused, `unmatchedReason` says why); finance assigns it to a member.
 * `credited`: in the member's balance, in the same transaction as it was matched; final.
 */
export const bankTransferStates = ['unmatched', 'credited'] as const;
export type BankTransferState = (typeof bankTransferStates)[number];
export const bankTransferStateNames: Record<BankTransferState, string> = {
  unmatched: '未匹配',
  credited: '已入账',
};

/** How a credited transfer found its member: its virtual account, or a staff member's choice. */
export const bankTransferMatches = ['account', 'staff'] as const;
export type BankTransferMatch = (typeof bankTransferMatches)[number];
export const bankTransferMatchNames: Record<BankTransferMatch, string> = {
  account: '虚拟账户匹配',
  staff: '人工指定',
};

export const bankTransferSources = ['manual', 'import'] as const;
export type BankTransferSource = (typeof bankTransferSources)[number];
export const bankTransferSourceNames: Record<BankTransferSource, string> = {
  manual: '手工登记',
  import: '对账单导入',
};

export const bankTransferSchema = z.object({
  id: z.number().int(),
  /** 收款账号: the member's virtual account the money was sent to (as the bank wrote it). */
  accountNo: z.string(),
  bankReference: z.string(),
  /** Fen, always positive. */
  amount: z.number().int(),
  payerName: z.string().nullable(),
  payerAccount: z.string().nullable(),
  /** 交易日期, `YYYY-MM-DD`. */
  valueDate: z.string(),
  /** 摘要 or the note typed with it. */
  note: z.string().nullable(),
  source: z.enum(bankTransferSources),
  state: z.enum(bankTransferStates),
  /** Why it is not credited (unmatched only). */
  unmatchedReason: z.string().nullable(),
  member: memberRefSchema.nullable(),
  matchedBy: z.enum(bankTransferMatches).nullable(),
  /** A staff member's assignment: who, and why. */
  assignedBy: staffRefSchema.nullable(),
  assignReason: z.string().nullable(),
  createdBy: staffRefSchema.nullable(),
  createdAt: z.string(),
  creditedAt: z.string().nullable(),
});
export type BankTransfer = z.infer<typeof bankTransferSchema>;

/** What recording or assigning did. */
export const bankTransferResultSchema = z.object({
  id: z.number().int(),
  state: z.enum(bankTransferStates),
  memberId: z.number().int().nullable(),
  unmatchedReason: z.string().nullable(),
});
export type BankTransferResult = z.infer<typeof bankTransferResultSchema>;

/** What became of one line of an imported statement. */
export const statementOutcomes = ['credited', 'duplicate', 'unmatched', 'refused'] as const;
export type StatementOutcome = (typeof statementOutcomes)[number];
export const statementOutcomeNames: Record<StatementOutcome, string> = {
  credited: '已入账',
  duplicate: '已导入过',
  unmatched: '未匹配',
  refused: '未导入',
};

export const statementLineResultSchema = z.object({
  /** The line's number in the file (the header is a line too), as a spreadsheet shows it. */
  line: z.number().int(),
  outcome: z.enum(statementOutcomes),
  /** Why it was refused, is a duplicate or is unmatched. */
  reason: z.string().nullable(),
  bankReference: z.string().nullable(),
  accountNo: z.string().nullable(),
  amount: z.number().int().nullable(),
  payerName: z.string().nullable(),
  /** The transfer the line is (a duplicate: the one recorded before). */
  transferId: z.number().int().nullable(),
  memberId: z.number().int().nullable(),
});
export type StatementLineResult = z.infer<typeof statementLineResultSchema>;

export const statementImportSchema = z.object({
  /** Lines read after the header, blank ones left out. */
  lines: z.number().int(),
  credited: z.number().int(),
  /** Fen credited by this import. */
  creditedAmount: z.number().int(),
  duplicates: z.number().int(),
  unmatched: z.number().int(),
  refused: z.number().int(),
  /** Every line read, in the file's order. */
  results: z.array(statementLineResultSchema),
});
export type StatementImport = z.infer<typeof statementImportSchema>;

/**
 * The statement as text (the console decodes the file: UTF-8 with or without its BOM, or GBK).
 * Tabs and line breaks are its structure; a control or invisible character refuses the file
 * naming its line.
 */
export const statementTextSchema = z
  .string({ error: '请选择对账单文件' })
  .max(STATEMENT_MAX_CHARS, {
    error: `对账单过大（最多${STATEMENT_MAX_CHARS}个字符），请按日期分批导出后导入`,
  })
  .superRefine((value, ctx) => {
    if (value.trim() === '') {
      ctx.addIssue({ code: 'custom', message: '对账单是空的' });
      return;
    }
    const lines = value.split(/\r\n|\r|\n/);
    const bad = lines.findIndex((line) => hasForbiddenCharacter(line.replaceAll('\t', ' ')));
    if (bad >= 0) {
      ctx.addIssue({
        code: 'custom',
        message: `第${bad + 1}行含有控制字符、不可见字符或无法识别的字符（文件编码应为UTF-8或GBK）`,
      });
    }
  })
  .meta({ title: '对账单' });

const bankReferenceField = text(64)
  .trim()
  .transform((value) => value.toUpperCase())
  .pipe(z.string().regex(BANK_REFERENCE_PATTERN, { error: BANK_REFERENCE_MESSAGE }))
  .meta({ title: '流水号' });

export const StaffBankTransfer = defineModule('StaffBankTransfer', {
  List: {
    method: 'GET',
    summary: '对公转账到账记录（按状态、会员、交易日期、流水号或付款户名筛选，新的在前）',
    access: 'staff',
    roles: ['finance', 'admin'],
    input: z
      .object({
        state: z
          .enum(bankTransferStates, { error: '状态不正确' })
          .optional()
          .meta({ title: '状态' }),
        memberId: idQuerySchema.optional().meta({ title: '会员编号' }),
        from: daySchema.optional().meta({ title: '开始日期' }),
        to: daySchema.optional().meta({ title: '结束日期' }),
        keyword: text(64).trim().optional().meta({ title: '关键词' }),
        ...pageInput,
      })
      .refine((value) => !value.from || !value.to || value.from <= value.to, {
        path: ['to'],
        error: '结束日期不能早于开始日期',
      }),
    output: pageOf(bankTransferSchema),
  },
  Record: {
    method: 'POST',
    summary:
      '登记一笔对公转账：按收款账号（虚拟账户）匹配会员并立即计入余额；同一收款账号下的流水号只登记一次',
    access: 'staff',
    roles: ['finance', 'admin'],
    input: z.object({
      accountNo: text(32)
        .trim()
        .regex(ACCOUNT_NO_PATTERN, { error: '应为8到32位数字' })
        .meta({ title: '收款账号' }),
      amount: intSchema(1, TRANSFER_AMOUNT_MAX).meta({ title: '到账金额' }),
      bankReference: bankReferenceField,
      payerName: text(100).trim().min(1, { error: '请填写付款户名' }).meta({ title: '付款户名' }),
      payerAccount: text(40)
        .trim()
        .regex(/^[0-9 -]{0,40}$/, { error: '应为数字' })
        .optional()
        .meta({ title: '付款账号' }),
      valueDate: daySchema.meta({ title: '交易日期' }),
      note: text(200).trim().optional().meta({ title: '备注' }),
      requestId: requestIdSchema,
    }),
    output: bankTransferResultSchema,
  },
  Import: {
    method: 'POST',
    summary: `导入银行对账单（CSV，表头含交易日期、流水号、对方户名、收款账号、金额，最多${STATEMENT_MAX_LINES}行）：逐行匹配入账，已导入的行不再入账`,
    access: 'staff',
    roles: ['finance', 'admin'],
    input: z.object({
      fileName: text(200).trim().optional().meta({ title: '文件名' }),
      csv: statementTextSchema,
    }),
    output: statementImportSchema,
  },
  Assign: {
    method: 'POST',
    summary: '将未匹配的转账指定给会员并计入其余额（须填写原因，审计）',
    access: 'staff',
    roles: ['finance', 'admin'],
    input: z.object({
      id: idSchema.meta({ title: '转账记录' }),
      memberId: idSchema.meta({ title: '会员编号' }),
      reason: text(200).trim().min(2, { error: '请填写指定原因' }).meta({ title: '原因' }),
    }),
    output: bankTransferResultSchema,
  },
});
