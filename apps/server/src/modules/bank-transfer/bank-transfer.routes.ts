import { StaffBankTransfer } from '@pcb/contract/staff-bank-transfer';
import type { DefineRoute } from '../../http/define-route';
import type { BankTransferService } from './bank-transfer.service';

/** Finance's bank transfers (decision 0055): list, record, import a statement, assign. */
export function registerBankTransferRoutes(
  route: DefineRoute,
  transfers: BankTransferService,
): void {
  route(StaffBankTransfer.List, async ({ input }) => transfers.list(input));
  route(StaffBankTransfer.Record, async ({ input, write }) => transfers.record(write(), input));
  route(StaffBankTransfer.Import, async ({ input, write }) => transfers.import(write(), input));
  route(StaffBankTransfer.Assign, async ({ input, write }) => transfers.assign(write(), input), {
    // A read of another module, before the write's transaction holds a connection.
    beforeWrite: async ({ input }) => transfers.assertMember(input.memberId),
  });
}
