import { maskMobile, type StaffCreditApply } from '@pcb/contract';
import type { StaffWrite } from '../../http/define-route';
import { AppError } from '../../http/errors';
import type { Clock } from '../../lib/clock';
import {
  createReviewQueue,
  REVIEW_NOT_FOUND_MESSAGE,
  reviewDecidedMessage,
  reviewNamesOf,
} from '../../lib/review-queue';
import { notInState, transition } from '../../lib/workflow/transition';
import type { MemberApi } from '../member/member.module';
import type { MemberMessageApi } from '../member-message/member-message.module';
import { accounts, type Ledger } from '../payment/payment.module';
import type { StaffApi } from '../staff/staff.module';
import type { CreditRepository, CreditReviewRepository } from './credit-payment.repository';
import { outstandingOf } from './credit-views';

/** The most overdue bills the console home lists. */
const OVERDUE_LIST_MAX = 200;
import { creditApply, type CreditApplyRow } from './credit-payment.table';
import { creditMessages } from './credit-payment.messages';

const asked = (row: CreditApplyRow) => ({
  companyName: row.companyName,
  contactName: row.contactName,
  contactPhone: maskMobile(row.contactPhone),
  expectedMonthly: row.expectedMonthlyFen,
  limit: row.limitFen,
  billingDay: row.billingDay,
});

/**
 * Credit applications as finance reviews them (a review queue, decision 0041): approving names
 * the limit and the billing day and grants the limit in the ledger (`creditGrant:<id>`, from
 * the `credit` account to the member's `memberCredit`), in the decision's transaction.
 */
export function createCreditReviewService(deps: {
  repository: CreditReviewRepository;
  bills: Pick<CreditRepository, 'overdueBills'>;
  ledger: Ledger;
  member: Pick<MemberApi, 'namesOf' | 'console'>;
  staff: Pick<StaffApi, 'namesOf'>;
  messages: Pick<MemberMessageApi, 'sendIn'>;
  now: Clock;
}) {
  const { repository, ledger } = deps;
  const queue = createReviewQueue<CreditApplyRow, ReturnType<typeof asked>>({
    repository,
    names: reviewNamesOf(deps.member, deps.staff),
    submittedAt: (row) => row.updatedAt,
    rejectReason: (row) => row.rejectReason,
    asked,
    objectType: 'creditApply',
  });

  return {
    list: queue.list,

    /**
     * Overdue bills for the console home (decision 0060): sales see their own members' only
     * (the member's account manager), admin and finance all of them.
     */
    async overdue(staff: { id: number; roles: readonly string[] }, today: string) {
      const bills = await deps.bills.overdueBills(today, OVERDUE_LIST_MAX);
      const all = staff.roles.includes('admin') || staff.roles.includes('finance');
      const ids = bills.map((b) => b.memberId);
      const [names, managers] = await Promise.all([
        deps.member.namesOf(ids),
        deps.member.console.managersOf(ids),
      ]);
      return bills
        .filter((bill) => all || managers.get(bill.memberId)?.staffId === staff.id)
        .map((bill) => ({
          billId: bill.id,
          member: names.get(bill.memberId)!,
          period: bill.period,
          dueDate: bill.dueDate,
          outstanding: outstandingOf(bill),
          manager: managers.get(bill.memberId)?.realName ?? null,
        }));
    },

    async get(id: number) {
      const { row, view } = await queue.get(id);
      return { ...(view satisfies StaffCreditApply), remark: row.remark };
    },

    async approve(write: StaffWrite, id: number, line: { limit: number; billingDay: number }) {
      const { tx } = write;
      const pending = await repository.lock(tx, id);
      if (!pending) throw new AppError(404, REVIEW_NOT_FOUND_MESSAGE);
      if (pending.status !== 'pending') throw notInState(reviewDecidedMessage(pending.status));
      const at = deps.now();
      const row = await transition<'pending' | 'approved' | 'rejected', CreditApplyRow>(
        tx,
        { table: creditApply, id: creditApply.id, status: creditApply.status },
        {
          id,
          from: 'pending',
          to: 'approved',
          set: {
            decidedBy: write.staff.id,
            decidedAt: at,
            rejectReason: null,
            limitFen: line.limit,
            billingDay: line.billingDay,
          },
          refuse: (current) =>
            current === null ? REVIEW_NOT_FOUND_MESSAGE : reviewDecidedMessage(current),
          audit: {
            record: write.audit,
            objectType: 'creditApply',
            before: { memberId: pending.memberId },
            after: { limit: line.limit, billingDay: line.billingDay },
          },
        },
      );
      await ledger.ensureMember(tx, row.memberId);
      await ledger.ensureCredit(tx, row.memberId);
      await ledger.post(tx, {
        kind: 'creditGrant',
        ref: `creditGrant:${row.id}`,
        memberId: row.memberId,
        staffId: write.staff.id,
        note: '开通月结额度',
        at,
        legs: [
          { key: accounts.creditSource, amount: -line.limit },
          { key: accounts.credit(row.memberId), amount: line.limit },
        ],
      });
      await deps.messages.sendIn(tx, creditMessages.decided(row));
      return { ok: true as const };
    },

    async reject(write: StaffWrite, id: number, reason: string) {
      const row = await queue.decide(write, id, {
        status: 'rejected',
        decidedAt: deps.now(),
        rejectReason: reason,
        audit: (pending) => ({
          before: { memberId: pending.memberId },
          after: { rejectReason: reason },
        }),
      });
      await deps.messages.sendIn(write.tx, creditMessages.decided(row));
      return { ok: true as const };
    },
  };
}

export type CreditReviewService = ReturnType<typeof createCreditReviewService>;
