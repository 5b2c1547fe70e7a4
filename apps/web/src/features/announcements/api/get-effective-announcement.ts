import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, type InputOf } from '@pcb/contract';
import { apiCall } from '../../../lib/api-client';

export type AnnouncementType = InputOf<typeof api.MemberAuth.GetEffectiveAnnouncement>['type'];

export const getEffectiveAnnouncement = (type: AnnouncementType, signal?: AbortSignal) =>
  apiCall(api.MemberAuth.GetEffectiveAnnouncement, { type }, { signal });

export const effectiveAnnouncementQueryOptions = (type: AnnouncementType) =>
  queryOptions({
    queryKey: ['MemberAuth', 'GetEffectiveAnnouncement', { type }],
    queryFn: ({ signal }) => getEffectiveAnnouncement(type, signal),
    staleTime: 5 * 60_000,
  });

export const useEffectiveAnnouncement = (type: AnnouncementType) =>
  useQuery(effectiveAnnouncementQueryOptions(type));
