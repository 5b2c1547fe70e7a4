import { MemberAuth } from '@pcb/contract/member-auth';
import type { InputOf } from '@pcb/contract';
import { useEndpointQuery } from '../../../lib/endpoint-query';

export type AnnouncementType = InputOf<typeof MemberAuth.GetEffectiveAnnouncement>['type'];

export const useEffectiveAnnouncement = (type: AnnouncementType) =>
  useEndpointQuery(MemberAuth.GetEffectiveAnnouncement, { type }, { staleTime: 5 * 60_000 });
