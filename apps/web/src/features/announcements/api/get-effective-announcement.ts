import { useQuery } from '@tanstack/react-query';
import { MemberAuthSession } from '@pcb/contract/member-auth-session';
import type { InputOf } from '@pcb/contract';
import { endpointQueryOptions, queryClient } from '../../../lib/api';

export type AnnouncementType = InputOf<typeof MemberAuthSession.GetEffectiveAnnouncement>['type'];

const announcementQuery = (type: AnnouncementType) =>
  endpointQueryOptions(
    MemberAuthSession.GetEffectiveAnnouncement,
    { type },
    { staleTime: 5 * 60_000 },
  );

export const useEffectiveAnnouncement = (type: AnnouncementType) =>
  useQuery(announcementQuery(type));

/**
 * Asks for the announcement before its screen renders (a route module's `prefetch`), so the bar
 * is there in the screen's first paint instead of pushing the page down a moment later.
 */
export const prefetchEffectiveAnnouncement = (type: AnnouncementType) =>
  queryClient.prefetchQuery(announcementQuery(type));
