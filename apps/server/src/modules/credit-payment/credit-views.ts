import type { CreditApply, CreditBill, CreditMobile } from '@pcb/contract';
import type { CreditApplyRow, CreditBillRow, CreditMobileRow } from './credit-payment.table';

export const toApply = (row: CreditApplyRow): CreditApply => ({
  id: row.id,
  companyName: row.companyName,
  contactName: row.contactName,
  contactPhone: row.contactPhone,
  expectedMonthly: row.expectedMonthlyFen,
  remark: row.remark,
  status: row.status,
  rejectReason: row.status === 'rejected' ? row.rejectReason : null,
  limit: row.limitFen,
  billingDay: row.billingDay,
  decidedAt: row.decidedAt?.toISOString() ?? null,
  createdAt: row.createdAt.toISOString(),
  updatedAt: row.updatedAt.toISOString(),
});

export const outstandingOf = (row: CreditBillRow) =>
  row.amountFen - row.refundedFen - row.repaidFen;

export const toBill = (row: CreditBillRow, today: string): CreditBill => ({
  id: row.id,
  period: row.period,
  billDate: row.billDate,
  dueDate: row.dueDate,
  amount: row.amountFen,
  refunded: row.refundedFen,
  outstanding: outstandingOf(row),
  orderCount: row.orderCount,
  status: row.status,
  overdue: row.status === 'unpaid' && row.dueDate < today,
  paidAt: row.paidAt?.toISOString() ?? null,
});

export const toMobile = (row: CreditMobileRow): CreditMobile => ({
  id: row.id,
  mobile: row.mobile,
  createdAt: row.createdAt.toISOString(),
});
