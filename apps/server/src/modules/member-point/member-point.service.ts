import {
  ALREADY_SIGNED_IN_MESSAGE,
  DEFAULT_POINTS_PER_YUAN,
  DEFAULT_SIGN_IN_REWARDS,
  pointEntryKindNames,
  POINTS_NOT_ENOUGH_MESSAGE,
  SIGN_IN_DAYS,
  type EarnedPoints,
  type PointEntry,
  type PointEntryKind,
  type PointRules,
  type PointSummary,
  type SignInCard,
} from '@pcb/contract';
import type { Tx } from '../../db/client';
import { mapPage, type PageRequest } from '../../db/paged-list';
import type { StaffWrite } from '../../http/define-route';
import { AppError } from '../../http/errors';
import type { Clock } from '../../lib/clock';
import type { MemberApi } from '../member/member.module';
import type { MemberPointRepository } from './member-point.repository';
import type { PointEntryRow } from './member-point.table';
import { addDays, chinaDayOf, dayStart, expiryOf, lastDayBefore } from './point-dates';

/** One change of a member's points. `ref` makes it happen at most once (per member and kind). */
export interface PointChange {
  memberId: number;
  delta: number;
  kind: PointEntryKind;
  ref: string | null;
  note?: string;
}

const EXPIRY_BATCH = 200;

const toEntry = (row: PointEntryRow): PointEntry => ({
  id: row.id,
  delta: row.delta,
  kind: row.kind,
  reason: row.note
    ? `${pointEntryKindNames[row.kind]} · ${row.note}`
    : pointEntryKindNames[row.kind],
  balanceAfter: row.balanceAfter,
  createdAt: row.createdAt.toISOString(),
});

/**
 * Points (decision 0073). Every change goes through `changeIn`, in the caller's transaction:
 * the member's row is locked first (so changes of one member queue), a change with a reference
 * already made is skipped, the balance moves by a conditional update that never goes below 0,
 * earned points join the lot of their expiry, taken points leave the oldest lots first, and the
 * entry records the balance after.
 */
export function createMemberPointService(deps: {
  repository: MemberPointRepository;
  members: MemberApi['points'];
  now: Clock;
}) {
  const { repository, members } = deps;

  async function rules(): Promise<PointRules> {
    const row = await repository.rules();
    return row
      ? { pointsPerYuan: row.pointsPerYuan, signInRewards: row.signInRewards }
      : { pointsPerYuan: DEFAULT_POINTS_PER_YUAN, signInRewards: [...DEFAULT_SIGN_IN_REWARDS] };
  }

  /** The change applied: the balance after; null when its reference was already applied. */
  async function changeIn(tx: Tx, change: PointChange): Promise<number | null> {
    if (!Number.isInteger(change.delta) || change.delta === 0) {
      throw new Error(`points: a change must be a non-zero integer (${change.delta})`);
    }
    const at = deps.now();
    const held = await members.lockIn(tx, change.memberId);
    if (held === null) throw new Error(`points: no member ${change.memberId}`);
    if (
      change.ref !== null &&
      (await repository.hasEntry(tx, change.memberId, change.kind, change.ref))
    ) {
      return null;
    }
    const balance = await members.changeIn(tx, change.memberId, change.delta);
    if (balance === null) throw new AppError(409, POINTS_NOT_ENOUGH_MESSAGE);
    if (change.delta > 0) {
      await repository.addToLot(tx, change.memberId, expiryOf(at), change.delta);
    } else {
      let left = -change.delta;
      for (const lot of await repository.liveLotsForUpdate(tx, change.memberId)) {
        if (left === 0) break;
        const take = Math.min(left, lot.remaining);
        await repository.takeFromLot(tx, lot, take);
        left -= take;
      }
      if (left > 0) throw new Error(`points: member ${change.memberId}'s lots lack ${left}`);
    }
    await repository.insertEntry(tx, {
      memberId: change.memberId,
      delta: change.delta,
      kind: change.kind,
      ref: change.ref,
      note: change.note ?? '',
      balanceAfter: balance,
      createdAt: at,
    });
    return balance;
  }

  /** The sign-in card as of `today`: yesterday's and today's rows decide it. */
  function cardOf(
    today: string,
    rows: { day: string; streak: number; points: number }[],
    rewards: number[],
  ): SignInCard {
    const todays = rows.find((r) => r.day === today);
    const yesterdays = rows.find((r) => r.day === addDays(today, -1));
    // A full card (day 7 yesterday) starts a new one today; a missed day starts over.
    const before = yesterdays && yesterdays.streak < SIGN_IN_DAYS ? yesterdays.streak : 0;
    const done = todays ? todays.streak : before;
    const todayDay = todays ? todays.streak : before + 1;
    return {
      days: rewards.map((points, i) => ({
        day: i + 1,
        points,
        isDone: i + 1 <= done,
        isToday: i + 1 === todayDay,
      })),
      streak: todays ? todays.streak : yesterdays ? yesterdays.streak : 0,
      isSignedToday: todays !== undefined,
      todayPoints: todays ? todays.points : (rewards[todayDay - 1] ?? 0),
      today,
    };
  }

  return {
    changeIn,
    rules,

    async summary(memberId: number, balance: number): Promise<PointSummary> {
      const next = await repository.nextExpiring(memberId, deps.now());
      return {
        balance,
        expiringSoon: next?.remaining ?? 0,
        expiresAt: next ? lastDayBefore(next.expiresAt) : null,
      };
    },

    async history(memberId: number, page: PageRequest) {
      return mapPage(await repository.history(memberId, page), (rows) => rows.map(toEntry));
    },

    async earned(memberId: number, input: { start?: string; end?: string }): Promise<EarnedPoints> {
      const today = chinaDayOf(deps.now());
      const start = input.start ?? `${today.slice(0, 4)}-01-01`;
      const end = input.end ?? today;
      if (start > end) throw new AppError(400, '开始日期不能晚于结束日期', { field: 'start' });
      const sums = await repository.sums(memberId, dayStart(start), dayStart(addDays(end, 1)));
      return { start, end, ...sums };
    },

    /** Points for a completed order: once per order, by what was paid (fen) and the rate. */
    async earnForOrderIn(
      tx: Tx,
      order: { id: number; orderNo: string; memberId: number; paidFen: number },
    ) {
      const { pointsPerYuan } = await rules();
      const points = Math.floor((Math.max(0, order.paidFen) * pointsPerYuan) / 100);
      if (points <= 0) return null;
      return changeIn(tx, {
        memberId: order.memberId,
        delta: points,
        kind: 'order',
        ref: String(order.id),
        note: order.orderNo,
      });
    },

    async signIn(memberId: number) {
      const today = chinaDayOf(deps.now());
      const { signInRewards } = await rules();
      return repository.db.transaction(async (tx) => {
        const rows = await repository.signInsOn(tx, memberId, [addDays(today, -1)]);
        const card = cardOf(today, rows, signInRewards);
        const streak = card.days.find((d) => d.isToday)!.day;
        const points = signInRewards[streak - 1] ?? 0;
        const row = await repository.insertSignIn(tx, {
          memberId,
          day: today,
          streak,
          points,
          createdAt: deps.now(),
        });
        if (!row) throw new AppError(409, ALREADY_SIGNED_IN_MESSAGE);
        const balance =
          points > 0
            ? await changeIn(tx, {
                memberId,
                delta: points,
                kind: 'signIn',
                ref: today,
                note: `连续第${streak}天`,
              })
            : await members.lockIn(tx, memberId);
        return { points, streak, balance: balance ?? 0 };
      });
    },

    async card(memberId: number): Promise<SignInCard> {
      const today = chinaDayOf(deps.now());
      const [rows, { signInRewards }] = await Promise.all([
        repository.signInsOn(repository.db, memberId, [today, addDays(today, -1)]),
        rules(),
      ]);
      return cardOf(today, rows, signInRewards);
    },

    async signInEarned(memberId: number) {
      const today = chinaDayOf(deps.now());
      return repository.signInSums(memberId, `${today.slice(0, 7)}-01`);
    },

    /**
     * Takes the points of lots that have expired by `at`, member by member, each in its own
     * transaction; a member done already has nothing due, so a second run changes nothing.
     */
    async expireDue(at: Date = deps.now()) {
      let members = 0;
      let points = 0;
      for (;;) {
        const due = await repository.membersDue(at, EXPIRY_BATCH);
        if (due.length === 0) break;
        let progress = 0;
        for (const memberId of due) {
          const taken = await repository.db.transaction(async (tx) => {
            if ((await deps.members.lockIn(tx, memberId)) === null) return 0;
            const lot = await repository.dueOf(tx, memberId, at);
            if (lot.points === 0 || !lot.expiresAt) return 0;
            await changeIn(tx, {
              memberId,
              delta: -lot.points,
              kind: 'expire',
              ref: chinaDayOf(lot.expiresAt),
              note: `${lastDayBefore(lot.expiresAt).slice(0, 4)}年底到期`,
            });
            return lot.points;
          });
          if (taken > 0) members += 1;
          points += taken;
          progress += taken;
        }
        if (due.length < EXPIRY_BATCH || progress === 0) break;
      }
      return { members, points };
    },

    async setRules(w: StaffWrite, input: PointRules): Promise<PointRules> {
      const before = await rules();
      await repository.setRules(w.tx, input.pointsPerYuan, input.signInRewards, deps.now());
      await w.audit('pointRules', 1, before, input);
      return input;
    },
  };
}

export type MemberPointService = ReturnType<typeof createMemberPointService>;
