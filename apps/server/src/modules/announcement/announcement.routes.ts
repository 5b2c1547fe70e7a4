import { api } from '@pcb/contract';
import type { DefineRoute } from '../../http/define-route';
import type { AnnouncementService } from './announcement.service';

export function registerAnnouncementRoutes(
  route: DefineRoute,
  announcements: AnnouncementService,
): void {
  route(api.MemberAuth.GetEffectiveAnnouncement, async ({ input }) =>
    announcements.getEffective(input.type),
  );
}
