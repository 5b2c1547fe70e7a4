import type { Platform } from '../../platform';
import { appModule } from '../app-module';
import type { MemberApi } from '../member/member.module';
import {
  POINT_EXPIRY_BACKFILL_MS,
  POINT_EXPIRY_SCHEDULE,
  pointExpiryJob,
} from './member-point.jobs';
import { createMemberPointRepository } from './member-point.repository';
import { registerMemberPointRoutes } from './member-point.routes';
import { seedMemberPoints } from './member-point.seed';
import { createMemberPointService, type MemberPointService } from './member-point.service';

/** What other modules use of points (decision 0073). */
export interface MemberPointApi {
  /** The one way points change, in the caller's transaction. */
  changeIn: MemberPointService['changeIn'];
  /** A completed order's points (once per order), in the completion's transaction. */
  earnForOrderIn: MemberPointService['earnForOrderIn'];
  /** The expiry job's work, callable at once (tests, a run by hand). */
  expireDue: MemberPointService['expireDue'];
}

/**
 * Points and the daily sign-in (issue 23, decision 0073): the ledger of changes with its yearly
 * lots, earning on completed orders (the order module calls in), the 7-day sign-in card, the
 * expiry job, and 运营's rules. Listed above the order module, which calls it.
 */
export const memberPointModule = appModule({
  seed: seedMemberPoints,
  create: ({ db, now }: Pick<Platform, 'db' | 'now'>, deps: { member: MemberApi }) => {
    const points = createMemberPointService({
      repository: createMemberPointRepository(db),
      members: deps.member.points,
      now,
    });
    return {
      api: {
        changeIn: points.changeIn,
        earnForOrderIn: points.earnForOrderIn,
        expireDue: points.expireDue,
      } satisfies MemberPointApi,
      routes: (route) => registerMemberPointRoutes(route, points),
      jobs: (registry) => {
        registry.handle(pointExpiryJob, async (_payload, run) => {
          run.log.info(await points.expireDue(), 'points: expired');
        });
        registry.schedule(pointExpiryJob, POINT_EXPIRY_SCHEDULE, {
          backfillMs: POINT_EXPIRY_BACKFILL_MS,
        });
      },
    };
  },
});
