import { StaffBankTransfer } from '@pcb/contract/staff-bank-transfer';
import { useEndpointMutation } from '../../../lib/api';

/** One transfer typed from the bank's receipt: credited at once when its account is a member's. */
export const useRecordBankTransfer = () =>
  useEndpointMutation(StaffBankTransfer.Record, { invalidates: [StaffBankTransfer.List] });
