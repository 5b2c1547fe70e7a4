import { StaffAccount } from '@pcb/contract/staff-account';
import { useEndpointMutation } from '../../../lib/api';

export const useCreateStaffAccount = () =>
  useEndpointMutation(StaffAccount.Create, { invalidates: [StaffAccount.List] });
