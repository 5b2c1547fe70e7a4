import { StaffBankTransfer } from '@pcb/contract/staff-bank-transfer';
import { useEndpointMutation } from '../../../lib/api';

/** An unmatched transfer given to a member, with the reason: credited at once. */
export const useAssignBankTransfer = () =>
  useEndpointMutation(StaffBankTransfer.Assign, { invalidates: [StaffBankTransfer.List] });
