import { StaffBankTransfer } from '@pcb/contract/staff-bank-transfer';
import type { InputOf } from '@pcb/contract';
import { useEndpointQuery } from '../../../lib/api';

/** One page of the transfers received, by state, member, days and keyword. */
export const useBankTransfers = (input: InputOf<typeof StaffBankTransfer.List>) =>
  useEndpointQuery(StaffBankTransfer.List, input, { keepPrevious: true });
