import { StaffVirtualAccount } from '@pcb/contract/staff-virtual-account';
import { useEndpointMutation } from '../../../lib/api';

/** Opens a transfer account for a member; the member sees it at once. */
export const useCreateVirtualAccount = () =>
  useEndpointMutation(StaffVirtualAccount.Create, {
    invalidates: [StaffVirtualAccount.List],
  });
