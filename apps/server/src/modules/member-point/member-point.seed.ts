import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import type { SeedContext } from '../app-module';
import { DEMO_MOBILE, memberIdByMobile, memberPoints } from '../member/member.module';
import { createMemberPointRepository } from './member-point.repository';
import { createMemberPointService } from './member-point.service';
import { pointEntry, signIn } from './member-point.table';
import { addDays, chinaDayOf, dayStart } from './point-dates';

/** Days the demo member signed in before today: the card shows day 4 waiting. */
const SIGNED_DAYS = 3;
const DEFAULT_REWARDS = [1, 2, 3];

/**
 * The demo member's points (product decisions §6): three days signed in up to yesterday, so
 * /integral shows a streak and today's 签到 waiting, and the history has entries. Once: a member
 * with any points entry is left alone.
 */
export async function seedMemberPoints({ tx, now }: SeedContext): Promise<void> {
  const memberId = await memberIdByMobile(tx, DEMO_MOBILE);
  if (memberId === null) return;
  const [any] = await tx
    .select({ id: pointEntry.id })
    .from(pointEntry)
    .where(eq(pointEntry.memberId, memberId))
    .limit(1);
  if (any) return;
  const today = chinaDayOf(now);
  for (let i = SIGNED_DAYS; i >= 1; i--) {
    const day = addDays(today, -i);
    const at = new Date(dayStart(day).getTime() + 9 * 3600_000);
    const streak = SIGNED_DAYS - i + 1;
    const points = DEFAULT_REWARDS[streak - 1]!;
    await tx.insert(signIn).values({ memberId, day, streak, points, createdAt: at });
    const service = createMemberPointService({
      repository: createMemberPointRepository(tx as unknown as Db),
      members: memberPoints,
      now: () => at,
    });
    await service.changeIn(tx, {
      memberId,
      delta: points,
      kind: 'signIn',
      ref: day,
      note: `连续第${streak}天`,
    });
  }
}
