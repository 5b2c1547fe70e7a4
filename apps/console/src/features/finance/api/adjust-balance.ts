import { StaffFinance } from '@pcb/contract/staff-finance';
import { StaffLedger } from '@pcb/contract/staff-ledger';
import { StaffMember } from '@pcb/contract/staff-member';
import { useEndpointMutation } from '../../../lib/api';

/** An adjustment of a member's balance or gift balance: a ledger entry with its reason. */
export const useAdjustBalance = () =>
  useEndpointMutation(StaffLedger.Adjust, {
    // The ledger shows it; the member's detail shows the balance; payments are untouched.
    invalidates: [StaffFinance.GetMemberLedger, StaffMember.Get],
  });
