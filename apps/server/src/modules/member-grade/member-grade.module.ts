import type { Platform } from '../../platform';
import { appModule } from '../app-module';
import { createMemberGradeRepository } from './member-grade.repository';
import { registerMemberGradeRoutes } from './member-grade.routes';
import { createMemberGradeService, type MemberGradeService } from './member-grade.service';

export interface MemberGradeApi {
  /** A member's grade name now (the /member header, the console's lists). */
  nameOf: MemberGradeService['nameOf'];
  namesOf: MemberGradeService['namesOf'];
  /** The perks a quote or an order is priced with (decision 0071). */
  perkOf: MemberGradeService['perkOf'];
}

/**
 * Member grades (会员等级, decision 0071): monthly paid sums kept by the database with the
 * payments, the grade computed on read, the levels' thresholds and perks set by admin.
 */
export const memberGradeModule = appModule({
  create: ({ db, now }: Pick<Platform, 'db' | 'now'>) => {
    const grades = createMemberGradeService({
      repository: createMemberGradeRepository(db),
      now,
    });
    return {
      api: {
        nameOf: grades.nameOf,
        namesOf: grades.namesOf,
        perkOf: grades.perkOf,
      } satisfies MemberGradeApi,
      routes: (route) => registerMemberGradeRoutes(route, grades),
    };
  },
});
