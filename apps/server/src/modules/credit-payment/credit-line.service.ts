import type { Db, Tx } from '../../db/client';
import type { StaffWrite } from '../../http/define-route';
import { AppError } from '../../http/errors';
import type { Clock } from '../../lib/clock';
import type { MemberMessageApi } from '../member-message/member-message.module';
import { accounts, type Ledger } from '../payment/payment.module';
import { creditMessages } from './credit-payment.messages';
import type { CreditRepository } from './credit-payment.repository';
import type { CreditApplyRow } from './credit-payment.table';

export const LINE_NOT_FOUND_MESSAGE = '该会员未开通月结';
export const LINE_CHANGED_MESSAGE = '月结额度刚被修改，请刷新后重试';
export const ALREADY_SUSPENDED_MESSAGE = '该会员的月结付款已暂停';
export const NOT_SUSPENDED_MESSAGE = '该会员的月结付款未暂停';
export const SUSPENDED_PREFIX = '月结付款已暂停：';
export const OVER_LIMIT_MESSAGE = '月结额度已下调，已用额度超出新额度，请先还款后再使用月结付款';
/** The note of the ledger's line changes: the credit log names them 额度调整. */
export const LINE_NOTE = '月结额度调整';

/**
 * The line as it stands: `mc` holds the available credit (never below zero); a limit lowered
 * below what was in use keeps the rest of its cut in `limit_cut_fen` (decision 0066). The
 * effective available credit is `mc − cut`: negative means in use above the limit.
 */
export function lineOf(row: Pick<CreditApplyRow, 'limitFen' | 'limitCutFen'>, mc: number) {
  const limit = row.limitFen ?? 0;
  const effective = mc - row.limitCutFen;
  return {
    limit,
    used: limit - effective,
    available: Math.max(0, effective),
    overLimit: Math.max(0, -effective),
  };
}

/**
 * Finance's changes of an approved line (decision 0066): the limit and the billing day, and
 * suspending credit payments. A change locks the ledger's credit accounts first (as a payment
 * does), then the application row, so it is one step against payments: the new limit moves the
 * difference between `credit` and the member's `mc` in the ledger (`creditGrant`, ref
 * `creditLine:<apply>:<version>`), and what `mc` cannot give — credit in use above the new
 * limit — is kept as the cut, taken back from what the member repays before credit pays again.
 */
export function createCreditLineService(deps: {
  db: Db;
  repository: CreditRepository;
  ledger: Ledger;
  messages: Pick<MemberMessageApi, 'sendIn'>;
  now: Clock;
}) {
  const { repository, ledger } = deps;

  /**
   * Sets the limit (and the billing day) under the locks: the ledger moves the member's `mc`
   * to the new effective available credit, or to zero with the rest kept as the cut.
   */
  async function apply(
    tx: Tx,
    memberId: number,
    change: { limit?: number; billingDay?: number; staffId?: number },
  ) {
    const first = await repository.applyOf(memberId, tx);
    if (!first || first.status !== 'approved') throw new AppError(404, LINE_NOT_FOUND_MESSAGE);
    await ledger.ensureMember(tx, memberId);
    await ledger.ensureCredit(tx, memberId);
    const locked = await ledger.lock(tx, [accounts.creditSource, accounts.credit(memberId)]);
    const row = (await repository.lockApply(tx, memberId, 'update'))!;
    const mc = locked.get(accounts.credit(memberId))!.balance;
    const before = lineOf(row, mc);
    const limit = change.limit ?? before.limit;
    const target = mc - row.limitCutFen + (limit - before.limit);
    const nextMc = Math.max(0, target);
    const cut = Math.max(0, -target);
    const updated = await repository.updateLine(tx, row.id, row.lineVersion, {
      limitFen: limit,
      billingDay: change.billingDay ?? row.billingDay,
      limitCutFen: cut,
    });
    if (!updated) throw new AppError(409, LINE_CHANGED_MESSAGE);
    const moved = nextMc - mc;
    await ledger.post(tx, {
      kind: 'creditGrant',
      ref: `creditLine:${row.id}:${updated.lineVersion}`,
      memberId,
      staffId: change.staffId ?? null,
      note: LINE_NOTE,
      at: deps.now(),
      legs: [
        { key: accounts.creditSource, amount: -moved },
        { key: accounts.credit(memberId), amount: moved },
      ],
    });
    return { row, updated, before, after: lineOf(updated, nextMc) };
  }

  return {
    async change(
      write: StaffWrite,
      memberId: number,
      input: { limit: number; billingDay: number; reason: string },
    ) {
      const { row, updated, before, after } = await apply(write.tx, memberId, {
        limit: input.limit,
        billingDay: input.billingDay,
        staffId: write.staff.id,
      });
      await write.audit(
        'creditLine',
        row.id,
        { memberId, limit: before.limit, billingDay: row.billingDay, used: before.used },
        {
          limit: after.limit,
          billingDay: updated.billingDay,
          used: after.used,
          overLimit: after.overLimit,
          reason: input.reason,
        },
      );
      await deps.messages.sendIn(write.tx, creditMessages.lineChanged(updated, after.overLimit));
    },

    /**
     * A cut waiting on credit repaid is taken (in its own transaction): the member who repaid
     * pays on credit again once the use is within the limit. Before a credit payment.
     */
    async settle(memberId: number) {
      const row = await repository.applyOf(memberId);
      if (!row || row.status !== 'approved' || row.limitCutFen === 0) return;
      if ((await ledger.balanceOf(accounts.credit(memberId))) === 0) return;
      await deps.db.transaction(async (tx) => {
        try {
          await apply(tx, memberId, {});
        } catch (error) {
          // A finance change at the same moment did it (or will): nothing to settle here.
          if (!(error instanceof AppError && error.statusCode === 409)) throw error;
        }
      });
    },

    async suspend(write: StaffWrite, memberId: number, reason: string) {
      const row = await repository.setSuspended(write.tx, memberId, {
        reason,
        staffId: write.staff.id,
        at: deps.now(),
      });
      if (!row) {
        const current = await repository.applyOf(memberId, write.tx);
        if (!current || current.status !== 'approved') {
          throw new AppError(404, LINE_NOT_FOUND_MESSAGE);
        }
        throw new AppError(409, ALREADY_SUSPENDED_MESSAGE);
      }
      await write.audit(
        'creditLine',
        row.id,
        { memberId, suspended: false },
        {
          suspended: true,
          reason,
        },
      );
      await deps.messages.sendIn(write.tx, creditMessages.suspended(row));
    },

    async resume(write: StaffWrite, memberId: number) {
      const before = await repository.applyOf(memberId, write.tx);
      const row = await repository.setSuspended(write.tx, memberId, null);
      if (!row) {
        if (!before || before.status !== 'approved') {
          throw new AppError(404, LINE_NOT_FOUND_MESSAGE);
        }
        throw new AppError(409, NOT_SUSPENDED_MESSAGE);
      }
      await write.audit(
        'creditLine',
        row.id,
        { memberId, suspended: true, reason: before?.suspendReason ?? null },
        { suspended: false },
      );
      await deps.messages.sendIn(write.tx, creditMessages.resumed(row));
    },

    /**
     * In the payment's transaction, after the ledger locked `mc`: the line is not suspended and
     * not in use above its limit (a change committed after the payment's checks is seen here).
     */
    async assertPayableIn(tx: Tx, memberId: number) {
      const row = await repository.lockApply(tx, memberId, 'share');
      if (!row || row.status !== 'approved') throw new AppError(400, LINE_NOT_FOUND_MESSAGE);
      if (row.suspendedAt) {
        throw new AppError(400, `${SUSPENDED_PREFIX}${row.suspendReason ?? ''}`, {
          field: 'method',
        });
      }
      if (row.limitCutFen > 0) throw new AppError(400, OVER_LIMIT_MESSAGE, { field: 'method' });
    },
  };
}

export type CreditLineService = ReturnType<typeof createCreditLineService>;
