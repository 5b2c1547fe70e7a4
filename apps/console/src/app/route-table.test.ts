import { describe, expect, it } from 'vitest';
import type { EndpointDef } from '@pcb/contract';
import { StaffAccount } from '@pcb/contract/staff-account';
import { StaffAnnouncement } from '@pcb/contract/staff-announcement';
import { StaffAudit } from '@pcb/contract/staff-audit';
import { StaffAuth } from '@pcb/contract/staff-auth';
import { StaffCompanyDirectory } from '@pcb/contract/staff-company-directory';
import { StaffMember } from '@pcb/contract/staff-member';
import { StaffMobileApply } from '@pcb/contract/staff-mobile-apply';
import { StaffOrder } from '@pcb/contract/staff-order';
import { StaffOutbox } from '@pcb/contract/staff-outbox';
import { StaffPriceSheet } from '@pcb/contract/staff-price-sheet';
import { StaffCompanyApply } from '@pcb/contract/staff-company-apply';
import { StaffVirtualAccount } from '@pcb/contract/staff-virtual-account';
import { StaffBankTransfer } from '@pcb/contract/staff-bank-transfer';
import { StaffFinance } from '@pcb/contract/staff-finance';
import { StaffLedger } from '@pcb/contract/staff-ledger';
import { StaffCreditPayment } from '@pcb/contract/member-credit-payment';
import { StaffInvoice } from '@pcb/contract/bill';
import { StaffMemberGrade } from '@pcb/contract/staff-member-grade';
import { StaffCoupon } from '@pcb/contract/staff-coupon';
import { StaffNews } from '@pcb/contract/staff-news';
import { StaffPoint } from '@pcb/contract/member-point';
import { StaffShop } from '@pcb/contract/shop-product';
import { decideAccess } from './route-guard';
import { routeForPath, routeTable } from './route-table';

/**
 * The endpoint each screen calls first: its row opens to exactly the roles that endpoint
 * allows, so the menu never offers a screen the server would refuse, nor hides one it serves.
 */
const firstCall: Record<keyof typeof routeTable, EndpointDef | null> = {
  home: StaffAuth.Me,
  login: null,
  members: StaffMember.Search,
  mobileApplies: StaffMobileApply.List,
  companyApplies: StaffCompanyApply.List,
  creditApplies: StaffCreditPayment.List,
  invoiceRequests: StaffInvoice.List,
  invoiceMailOutbox: StaffInvoice.MailOutbox,
  virtualAccounts: StaffVirtualAccount.List,
  bankTransfers: StaffBankTransfer.List,
  payments: StaffFinance.ListPayments,
  refunds: StaffFinance.ListRefunds,
  memberLedger: StaffFinance.GetMemberLedger,
  reconciliation: StaffLedger.GetReconciliation,
  announcements: StaffAnnouncement.List,
  news: StaffNews.List,
  newsEdit: StaffNews.Get,
  coupons: StaffCoupon.ListTemplates,
  memberGrade: StaffMemberGrade.Get,
  pointRules: StaffPoint.GetRules,
  shop: StaffShop.ListDeliveries,
  orders: StaffOrder.List,
  priceSheets: StaffPriceSheet.List,
  companyDirectory: StaffCompanyDirectory.List,
  staffAccounts: StaffAccount.List,
  auditLog: StaffAudit.List,
  smsOutbox: StaffOutbox.List,
  account: StaffAuth.ChangePassword,
};

describe('the route table', () => {
  it.each(Object.entries(routeTable))('%s opens to the roles of its first call', (key, row) => {
    const endpoint = firstCall[key as keyof typeof routeTable];
    if (!endpoint) {
      expect(row.access).toBe('guest');
      return;
    }
    expect(row.access).toBe('staff');
    const rowRoles = 'roles' in row ? [...row.roles].sort() : undefined;
    const anyStaff = [...(StaffAuth.Me.roles ?? [])].sort();
    expect(rowRoles ?? anyStaff).toEqual([...(endpoint.roles ?? [])].sort());
  });

  it('matches paths as the router does', () => {
    expect(routeForPath('/members')).toBe(routeTable.members);
    expect(routeForPath('/members/')).toBe(routeTable.members);
    expect(routeForPath('/')).toBe(routeTable.home);
    expect(routeForPath('/nothing')).toBeUndefined();
  });
});

describe('decideAccess', () => {
  const at = (pathname: string, search = '') => ({ pathname, search });

  it('sends every screen but the login to the login without a session', () => {
    expect(decideAccess(routeTable.login, null, at('/login'))).toEqual({ type: 'allow' });
    expect(decideAccess(routeTable.members, null, at('/members', '?member=7'))).toEqual({
      type: 'login',
      returnPath: '/members?member=7',
    });
    expect(decideAccess(routeTable.home, null, at('/'))).toEqual({
      type: 'login',
      returnPath: null,
    });
    expect(decideAccess(undefined, null, at('/x'))).toEqual({ type: 'login', returnPath: '/x' });
  });

  it('opens a screen to its roles only, and sends a session away from the login', () => {
    const sales = { roles: ['sales' as const] };
    expect(decideAccess(routeTable.members, sales, at('/members'))).toEqual({ type: 'allow' });
    expect(decideAccess(routeTable.auditLog, sales, at('/audit-log'))).toEqual({
      type: 'forbidden',
    });
    expect(decideAccess(routeTable.account, sales, at('/account'))).toEqual({ type: 'allow' });
    expect(decideAccess(routeTable.login, sales, at('/login'))).toEqual({ type: 'home' });
    expect(decideAccess(undefined, sales, at('/x'))).toEqual({ type: 'allow' });
  });
});
