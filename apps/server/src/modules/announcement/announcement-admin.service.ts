import type { Announcement } from '@pcb/contract';
import type { StaffAnnouncement } from '@pcb/contract/staff-announcement';
import { mapPage, type PageRequest } from '../../db/paged-list';
import type { StaffWrite } from '../../http/define-route';
import { AppError } from '../../http/errors';
import type { Clock } from '../../lib/clock';
import type { AnnouncementAdminRepository, NewAnnouncement } from './announcement.repository';
import type { AnnouncementRow } from './announcement.table';
import { toAnnouncement } from './announcement.service';

const NOT_FOUND_MESSAGE = '公告不存在';

interface AnnouncementInput {
  type: Announcement['type'];
  title: string;
  content: string;
  linkUrl: string | null;
  startsAt: string;
  endsAt: string | null;
}

/** What GetEffectiveAnnouncement does with it at `at`: serves it later, now, or no more. */
export const stateAt = (row: Pick<AnnouncementRow, 'startsAt' | 'endsAt'>, at: Date) =>
  row.startsAt > at ? 'scheduled' : row.endsAt && row.endsAt <= at ? 'ended' : 'active';

const audited = (row: AnnouncementRow) => ({
  type: row.type,
  title: row.title,
  content: row.content,
  linkUrl: row.linkUrl,
  startsAt: row.startsAt.toISOString(),
  endsAt: row.endsAt?.toISOString() ?? null,
});

function valuesOf(input: AnnouncementInput): NewAnnouncement {
  const startsAt = new Date(input.startsAt);
  const endsAt = input.endsAt === null ? null : new Date(input.endsAt);
  if (endsAt && endsAt <= startsAt) {
    throw new AppError(400, '结束时间应晚于开始时间', { field: 'endsAt' });
  }
  return {
    type: input.type,
    title: input.title,
    content: input.content,
    linkUrl: input.linkUrl,
    startsAt,
    endsAt,
  };
}

/** Announcements as content staff manage them; GetEffectiveAnnouncement reads the same rows. */
export function createAnnouncementAdminService(
  repository: AnnouncementAdminRepository,
  now: Clock,
) {
  const toStaff = (row: AnnouncementRow): StaffAnnouncement => ({
    ...toAnnouncement(row),
    state: stateAt(row, now()),
    createdAt: row.createdAt.toISOString(),
  });

  const mustLock = async (write: StaffWrite, id: number) => {
    const row = await repository.lock(write.tx, id);
    if (!row) throw new AppError(404, NOT_FOUND_MESSAGE);
    return row;
  };

  return {
    async list(type: Announcement['type'] | undefined, page: PageRequest) {
      return mapPage(await repository.list(type, page), (rows) => rows.map(toStaff));
    },

    async create(write: StaffWrite, input: AnnouncementInput) {
      const row = await repository.insert(write.tx, { ...valuesOf(input), createdAt: now() });
      await write.audit('announcement', row.id, null, audited(row));
      return toStaff(row);
    },

    async update(write: StaffWrite, id: number, input: AnnouncementInput) {
      const before = await mustLock(write, id);
      const after = await repository.update(write.tx, id, valuesOf(input));
      if (!after) throw new AppError(404, NOT_FOUND_MESSAGE);
      await write.audit('announcement', id, audited(before), audited(after));
      return toStaff(after);
    },

    async delete(write: StaffWrite, id: number) {
      const before = await mustLock(write, id);
      await repository.delete(write.tx, id);
      await write.audit('announcement', id, audited(before), null);
      return { ok: true as const };
    },
  };
}

export type AnnouncementAdminService = ReturnType<typeof createAnnouncementAdminService>;
