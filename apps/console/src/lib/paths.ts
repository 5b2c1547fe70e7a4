import { safeLocalPath } from '@pcb/contract';

/** The console's paths, under the router's basename (/console). */
export const paths = {
  home: '/',
  login: '/login',
  members: '/members',
  mobileApplies: '/mobile-applies',
  companyApplies: '/company-applies',
  virtualAccounts: '/virtual-accounts',
  bankTransfers: '/bank-transfers',
  announcements: '/announcements',
  news: '/news',
  newsEdit: '/news/:id',
  companyDirectory: '/company-directory',
  staffAccounts: '/staff-accounts',
  auditLog: '/audit-log',
  smsOutbox: '/sms-outbox',
  priceSheets: '/price-sheets',
  orders: '/orders',
  payments: '/finance/payments',
  refunds: '/finance/refunds',
  memberLedger: '/finance/member-ledger',
  reconciliation: '/finance/reconciliation',
  creditApplies: '/finance/credit-applies',
  invoiceRequests: '/finance/invoice-requests',
  invoiceMailOutbox: '/invoice-mail-outbox',
  coupons: '/coupons',
  memberGrade: '/member-grade',
  pointRules: '/point-rules',
  shop: '/shop',
  account: '/account',
} as const;

/**
 * Where a login continues: a path of the console only (the contract's `safeLocalPath`: never
 * another origin, `//evil`, `/\evil`, control characters), else the console's home.
 */
export function safeReturnPath(value: string | null): string {
  return safeLocalPath(value) ?? paths.home;
}
