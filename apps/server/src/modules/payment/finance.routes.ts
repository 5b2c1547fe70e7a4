import { StaffFinance } from '@pcb/contract/staff-finance';
import type { DefineRoute } from '../../http/define-route';
import type { FinanceService } from './finance.service';

/** Finance's lists (decision 0054): read only; adjustments are `StaffLedger/Adjust`. */
export function registerFinanceRoutes(route: DefineRoute, finance: FinanceService): void {
  route(StaffFinance.ListPayments, async ({ input }) => finance.payments(input));
  route(StaffFinance.ListRefunds, async ({ input }) => finance.refunds(input));
  route(StaffFinance.GetMemberLedger, async ({ input }) => finance.memberLedger(input));
}
