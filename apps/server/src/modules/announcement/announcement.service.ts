import type { Announcement } from '@pcb/contract';
import type { Clock } from '../../lib/clock';
import type { AnnouncementRepository } from './announcement.repository';

export function createAnnouncementService(repository: AnnouncementRepository, now: Clock) {
  return {
    async getEffective(type: Announcement['type']): Promise<Announcement | null> {
      const row = await repository.findEffective(type, now());
      if (!row) return null;
      return {
        id: row.id,
        type: row.type,
        title: row.title,
        content: row.content,
        linkUrl: row.linkUrl,
        startsAt: row.startsAt.toISOString(),
        endsAt: row.endsAt?.toISOString() ?? null,
      };
    },
  };
}

export type AnnouncementService = ReturnType<typeof createAnnouncementService>;
