import { MemberUpMobileApply } from '@pcb/contract/member-up-mobile-apply';
import { useEndpointMutation } from '../../../lib/api';

/** Files a manual mobile change for staff to review (the old mobile is out of reach). */
export const useCreateMobileApply = () =>
  useEndpointMutation(MemberUpMobileApply.Create, {
    // The latest application, now this one; the mobile changes only once staff approve it.
    invalidates: [MemberUpMobileApply.GetLatest],
  });
