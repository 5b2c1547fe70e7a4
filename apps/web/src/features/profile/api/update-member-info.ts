import { MemberInfo } from '@pcb/contract/member-info';
import { useEndpointMutation } from '../../../lib/api';
import { patchMemberInfo } from '../../../lib/member-info';

/** Saves the member's own fields; every screen shows the answer at once, then refetches. */
export const useUpdateMemberInfo = () =>
  useEndpointMutation(MemberInfo.update, {
    invalidates: [MemberInfo.Get],
    onSuccess: (info) => patchMemberInfo(info),
    awaitRefetch: false,
  });
