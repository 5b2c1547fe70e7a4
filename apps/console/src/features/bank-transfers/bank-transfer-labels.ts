import type { BankTransferState, StatementOutcome } from '@pcb/contract/staff-bank-transfer';

/** How a transfer's state shows in the list. */
export const transferStateTags: Record<BankTransferState, { label: string; color: string }> = {
  unmatched: { label: '未匹配', color: 'orange' },
  credited: { label: '已入账', color: 'green' },
};

/** How an imported line's outcome shows in the import's results. */
export const outcomeTags: Record<StatementOutcome, { label: string; color: string }> = {
  credited: { label: '已入账', color: 'green' },
  duplicate: { label: '已导入过', color: 'default' },
  unmatched: { label: '未匹配', color: 'orange' },
  refused: { label: '未导入', color: 'red' },
};

/** The columns a statement needs, as the import dialog explains them. */
export const statementColumnsHelp = [
  {
    column: '交易日期',
    also: '记账日期、入账日期、日期',
    example: '2026-11-02、2026/11/2、20261102',
  },
  { column: '流水号', also: '交易参考号、交易流水号、银行流水号', example: 'HX20261102000123' },
  { column: '对方户名', also: '付款人名称、付款户名', example: '深圳华创电子有限公司' },
  { column: '对方账号', also: '付款人账号、付款账号（可不填）', example: '6222021000001234' },
  { column: '收款账号', also: '虚拟账号、子账号（会员的虚拟账户）', example: '755900012310801' },
  { column: '金额', also: '贷方金额、收入金额（元）', example: '1,234.50' },
  { column: '摘要', also: '用途、附言、备注（可不填）', example: '货款' },
] as const;
