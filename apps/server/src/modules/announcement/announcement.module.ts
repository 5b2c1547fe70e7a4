import type { Platform } from '../../platform';
import { appModule } from '../app-module';
import { seedAnnouncements } from './announcement.seed';
import { createAnnouncementAdminService } from './announcement-admin.service';
import {
  createAnnouncementAdminRepository,
  createAnnouncementRepository,
} from './announcement.repository';
import { registerAnnouncementRoutes } from './announcement.routes';
import { createAnnouncementService } from './announcement.service';

/** The notices shown on the home, member, login and register screens, and their editing. */
export const announcementModule = appModule({
  seed: seedAnnouncements,
  create: ({ db, now }: Pick<Platform, 'db' | 'now'>) => {
    const announcements = createAnnouncementService(createAnnouncementRepository(db), now);
    const admin = createAnnouncementAdminService(createAnnouncementAdminRepository(db), now);
    return { routes: (route) => registerAnnouncementRoutes(route, announcements, admin) };
  },
});
