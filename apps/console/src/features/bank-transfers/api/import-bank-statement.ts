import { StaffBankTransfer } from '@pcb/contract/staff-bank-transfer';
import { useEndpointMutation } from '../../../lib/api';

/** A bank statement's lines recorded and credited; what became of each line is the answer. */
export const useImportBankStatement = () =>
  useEndpointMutation(StaffBankTransfer.Import, { invalidates: [StaffBankTransfer.List] });
