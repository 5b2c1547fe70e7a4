import { api } from '@pcb/contract';
import { StaffAnnouncement } from '@pcb/contract/staff-announcement';
import type { DefineRoute } from '../../http/define-route';
import type { AnnouncementAdminService } from './announcement-admin.service';
import type { AnnouncementService } from './announcement.service';

export function registerAnnouncementRoutes(
  route: DefineRoute,
  announcements: AnnouncementService,
  admin: AnnouncementAdminService,
): void {
  route(api.MemberAuth.GetEffectiveAnnouncement, async ({ input }) =>
    announcements.getEffective(input.type),
  );

  route(StaffAnnouncement.List, async ({ input }) => admin.list(input.type, input));
  route(StaffAnnouncement.Create, async ({ input, write }) => admin.create(write(), input));
  route(StaffAnnouncement.Update, async ({ input, write }) => {
    const { id, ...values } = input;
    return admin.update(write(), id, values);
  });
  route(StaffAnnouncement.Delete, async ({ input, write }) => admin.delete(write(), input.id));
}
