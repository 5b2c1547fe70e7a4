import type { Announcement } from '@pcb/contract';
import type { Clock } from '../../lib/clock';
import type { AnnouncementRepository } from './announcement.repository';
import type { AnnouncementRow } from './announcement.table';

/** An announcement as members read it (staff see it with its state too). */
export const toAnnouncement = (row: AnnouncementRow): Announcement => ({
  id: row.id,
  type: row.type,
  title: row.title,
  content: row.content,
  linkUrl: row.linkUrl,
  startsAt: row.startsAt.toISOString(),
  endsAt: row.endsAt?.toISOString() ?? null,
});

export function createAnnouncementService(repository: AnnouncementRepository, now: Clock) {
  return {
    async getEffective(type: Announcement['type']): Promise<Announcement | null> {
      const row = await repository.findEffective(type, now());
      return row ? toAnnouncement(row) : null;
    },
  };
}

export type AnnouncementService = ReturnType<typeof createAnnouncementService>;
