import { StaffAuth } from '@pcb/contract/staff-auth';
import { useEndpointMutation } from '../../../lib/api';
import { startSession } from '../../../lib/staff-session';

/** First login of a role that needs a second factor: the first code binds the app. */
export const useEnrollTotp = () =>
  useEndpointMutation(StaffAuth.EnrollTotp, { invalidates: [], onSuccess: startSession });
