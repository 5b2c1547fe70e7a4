/** The console's paths, under the router's basename (/console). */
export const paths = {
  home: '/',
  login: '/login',
  members: '/members',
  mobileApplies: '/mobile-applies',
  companyApplies: '/company-applies',
  virtualAccounts: '/virtual-accounts',
  announcements: '/announcements',
  companyDirectory: '/company-directory',
  staffAccounts: '/staff-accounts',
  auditLog: '/audit-log',
  smsOutbox: '/sms-outbox',
  priceSheets: '/price-sheets',
  orders: '/orders',
  account: '/account',
} as const;

/** Where a login continues: a path of the console only, never another origin (`//evil`). */
export function safeReturnPath(value: string | null): string {
  return value && value.startsWith('/') && !value.startsWith('//') ? value : paths.home;
}
