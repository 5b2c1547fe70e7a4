import {
  GRADE_LEVELS_ALL_MESSAGE,
  GRADE_THRESHOLDS_INCREASE_MESSAGE,
  gradeLevelNames,
  gradeLevels,
  type GradeConfig,
  type GradeLevelInput,
  type GradeLevelView,
  type MemberGradeView,
} from '@pcb/contract';
import type { MemberPerkOption } from '@pcb/pricing';
import type { Executor } from '../../db/client';
import type { StaffWrite } from '../../http/define-route';
import { AppError } from '../../http/errors';
import type { Clock } from '../../lib/clock';
import type { MemberGradeRepository } from './member-grade.repository';
import type { MemberGradeLevelRow } from './member-grade.table';

const CHINA_OFFSET_MS = 8 * 3_600_000;
/** The window's months: the current one in China time and the 11 before it (decision 0071). */
export const GRADE_WINDOW_MONTHS = 12;

const monthText = (index: number) =>
  `${Math.floor(index / 12)}-${String((index % 12) + 1).padStart(2, '0')}`;

/**
 * The months whose payments count at `at`: from the first day of the month 11 months before
 * the current month of China time (UTC+8, no summer time) to now. `fromMonth` is the first
 * counted month's first day, as `member_paid_month.month` stores it.
 */
export function gradeWindow(at: Date): { from: string; to: string; fromMonth: string } {
  const china = new Date(at.getTime() + CHINA_OFFSET_MS);
  const current = china.getUTCFullYear() * 12 + china.getUTCMonth();
  const first = current - (GRADE_WINDOW_MONTHS - 1);
  return { from: monthText(first), to: monthText(current), fromMonth: `${monthText(first)}-01` };
}

const toView = (row: MemberGradeLevelRow): GradeLevelView => ({
  level: row.level,
  name: gradeLevelNames[row.level],
  thresholdFen: row.thresholdFen,
  discountBp: row.discountBp,
  freeShipping: row.freeShipping,
});

/** The highest level whose threshold the paid amount reaches (the levels sorted by rank). */
export function levelFor<T extends { thresholdFen: number }>(levels: T[], paidFen: number): T {
  let found = levels[0];
  for (const level of levels) if (paidFen >= level.thresholdFen) found = level;
  if (!found) throw new Error('member_grade_level has no rows');
  return found;
}

/**
 * Member grades (decision 0071): computed whenever read from the monthly paid sums inside the
 * window and the configured levels, so a month leaving the window needs no event.
 */
export function createMemberGradeService(deps: { repository: MemberGradeRepository; now: Clock }) {
  const { repository } = deps;

  async function standing(memberId: number, ex?: Executor) {
    const window = gradeWindow(deps.now());
    const [levels, paidFen] = await Promise.all([
      repository.levels(ex),
      repository.paidSince(memberId, window.fromMonth, ex),
    ]);
    return { window, levels, paidFen, level: levelFor(levels, paidFen) };
  }

  return {
    /** The /vipGrade page: level, paid amount, the next level and what it still needs. */
    async get(memberId: number): Promise<MemberGradeView> {
      const { window, levels, paidFen, level } = await standing(memberId);
      const next = levels.find((l) => l.rank === level.rank + 1);
      return {
        level: level.level,
        name: gradeLevelNames[level.level],
        paidFen,
        windowFrom: window.from,
        windowTo: window.to,
        next: next
          ? {
              level: next.level,
              name: gradeLevelNames[next.level],
              thresholdFen: next.thresholdFen,
              neededFen: next.thresholdFen - paidFen,
            }
          : null,
        levels: levels.map(toView),
      };
    },

    async nameOf(memberId: number): Promise<string> {
      return gradeLevelNames[(await standing(memberId)).level.level];
    },

    /** Names for a page of members (the console's list). */
    async namesOf(memberIds: number[]): Promise<Map<number, string>> {
      const window = gradeWindow(deps.now());
      const [levels, paid] = await Promise.all([
        repository.levels(),
        repository.paidSinceMany(memberIds, window.fromMonth),
      ]);
      return new Map(
        memberIds.map((id) => [id, gradeLevelNames[levelFor(levels, paid.get(id) ?? 0).level]]),
      );
    },

    /** The perks a quote or an order of this member is priced with now; null for none. */
    async perkOf(memberId: number, ex?: Executor): Promise<MemberPerkOption | null> {
      const { level } = await standing(memberId, ex);
      if (level.discountBp === 0 && !level.freeShipping) return null;
      return {
        name: gradeLevelNames[level.level],
        discountBp: level.discountBp,
        freeShipping: level.freeShipping,
      };
    },

    async config(): Promise<GradeConfig> {
      const levels = await repository.levels();
      return configOf(levels);
    },

    /** All five levels at once; thresholds from 0 strictly increasing (400 otherwise). */
    async update(write: StaffWrite, input: GradeLevelInput[]): Promise<GradeConfig> {
      if (input.length !== gradeLevels.length || input.some((l, i) => l.level !== gradeLevels[i])) {
        throw new AppError(400, GRADE_LEVELS_ALL_MESSAGE, { field: 'levels' });
      }
      input.forEach((l, i) => {
        const before = input[i - 1];
        const ok = before ? l.thresholdFen > before.thresholdFen : l.thresholdFen === 0;
        if (!ok) {
          throw new AppError(400, GRADE_THRESHOLDS_INCREASE_MESSAGE, {
            field: `levels.${i}.thresholdFen`,
          });
        }
      });
      const before = await repository.lockLevels(write.tx);
      const at = deps.now();
      for (const l of input) {
        await repository.updateLevel(
          write.tx,
          l.level,
          { thresholdFen: l.thresholdFen, discountBp: l.discountBp, freeShipping: l.freeShipping },
          write.staff.id,
          at,
        );
      }
      const after = await repository.levels(write.tx);
      await write.audit(
        'memberGradeLevels',
        null,
        { levels: before.map(toView) },
        { levels: after.map(toView) },
      );
      return configOf(after);
    },
  };
}

function configOf(levels: MemberGradeLevelRow[]): GradeConfig {
  const times = levels.flatMap((l) => (l.updatedAt ? [l.updatedAt.getTime()] : []));
  return {
    levels: levels.map(toView),
    updatedAt: times.length ? new Date(Math.max(...times)).toISOString() : null,
  };
}

export type MemberGradeService = ReturnType<typeof createMemberGradeService>;
