import {
  reviewStatusLabels,
  type MemberRef,
  type ReviewRowBase,
  type ReviewStatus,
  type StaffRef,
} from '@pcb/contract';
import type { Tx } from '../db/client';
import { mapPage, type Page, type PageRequest } from '../db/paged-list';
import type { ReviewDecision, ReviewFilter } from '../db/review-queue';
import type { StaffWrite } from '../http/define-route';
import { AppError } from '../http/errors';
import { notInState, type TransitionRequest } from './workflow/transition';

export const REVIEW_NOT_FOUND_MESSAGE = '申请不存在';

/**
 * The one refusal of a decision on an application no longer pending (409, the workflow kit's
 * "not in this state"), naming the status it is in.
 */
export const reviewDecidedMessage = (status: ReviewStatus): string =>
  `该申请已处理（当前为「${reviewStatusLabels[status]}」），请刷新后查看`;
/** How many members a keyword may stand for in a queue's filter (the newest that match). */
export const REVIEW_KEYWORD_MEMBERS = 50;

/** What a queue reads from the member and staff modules' APIs. */
export interface ReviewNames {
  /** `member.namesOf`: every id answered. */
  members: (ids: Iterable<number>) => Promise<Map<number, MemberRef>>;
  /** `staff.namesOf`. */
  staff: (ids: Iterable<number | null>) => Promise<Map<number, StaffRef>>;
  /** `member.console.matchingIds`: the members a keyword finds. */
  matchingMembers: (keyword: string, limit: number) => Promise<number[]>;
}

/** The names from the member and staff modules' APIs, as a queue reads them. */
export const reviewNamesOf = (
  member: {
    namesOf: ReviewNames['members'];
    console: { matchingIds: ReviewNames['matchingMembers'] };
  },
  staff: { namesOf: ReviewNames['staff'] },
): ReviewNames => ({
  members: member.namesOf,
  staff: staff.namesOf,
  matchingMembers: member.console.matchingIds,
});

/** A stored application, as far as the queue reads it. */
export interface ReviewedRow {
  id: number;
  memberId: number;
  status: ReviewStatus;
  decidedBy: number | null;
  decidedAt: Date | null;
}

/** A decision as a queue's service asks for it. */
export interface ReviewDecisionRequest<Row> {
  status: ReviewDecision['status'];
  decidedAt: Date;
  /** Required to reject; null to approve. */
  rejectReason: string | null;
  /** The audit row's sides besides the status (`transition` adds it), from the pending row. */
  audit: (row: Row) => { before: Record<string, unknown>; after: Record<string, unknown> };
  /** The 409 when a unique index refuses the decision (a credit code certified elsewhere). */
  conflictMessage?: string;
}

/**
 * The service side of a review queue (decision 0041): the list with its filters, the rows
 * with their member's and reviewer's names in two queries for the whole page, and the decision
 * through the workflow kit (decision 0042): the application locked (404 when there is none),
 * refused with 409 naming its status unless pending, then the conditional update and the audit
 * row. What an approval does besides (a certified company, a new mobile) stays in each queue's
 * own service, in the same transaction.
 */
export function createReviewQueue<Row extends ReviewedRow, Asked extends object>(deps: {
  repository: {
    list: (filter: ReviewFilter, page: PageRequest) => Promise<Page<Row>>;
    findById: (id: number) => Promise<Row | undefined>;
    lock: (tx: Tx, id: number) => Promise<Row | null>;
    decide: (
      tx: Tx,
      id: number,
      decision: ReviewDecision,
      record: Pick<TransitionRequest<ReviewStatus, Row>, 'refuse' | 'audit'>,
    ) => Promise<Row | 'conflict'>;
  };
  names: ReviewNames;
  submittedAt: (row: Row) => Date;
  rejectReason: (row: Row) => string | null;
  /** The queue's own columns: what the member asks. */
  asked: (row: Row) => Asked;
  /** The audit rows' object type (`companyApply`). */
  objectType: string;
}) {
  const { repository, names } = deps;

  async function rows(list: Row[]): Promise<(ReviewRowBase & Asked)[]> {
    const [members, staff] = await Promise.all([
      names.members(list.map((r) => r.memberId)),
      names.staff(list.map((r) => r.decidedBy)),
    ]);
    return list.map((row) => ({
      id: row.id,
      submittedAt: deps.submittedAt(row).toISOString(),
      member: members.get(row.memberId) ?? { id: row.memberId, displayName: `#${row.memberId}` },
      ...deps.asked(row),
      status: row.status,
      decidedBy: row.decidedBy === null ? null : (staff.get(row.decidedBy) ?? null),
      decidedAt: row.decidedAt?.toISOString() ?? null,
      rejectReason: row.status === 'rejected' ? deps.rejectReason(row) : null,
    }));
  }

  return {
    rows,

    /** A status (none: every one, pending first) and a member keyword (mobile or name). */
    async list(
      input: { status?: ReviewStatus | undefined; keyword?: string | undefined },
      page: PageRequest,
    ) {
      const keyword = input.keyword?.trim();
      const memberIds = keyword
        ? await names.matchingMembers(keyword, REVIEW_KEYWORD_MEMBERS)
        : undefined;
      return mapPage(await repository.list({ status: input.status, memberIds }, page), rows);
    },

    /** The application and its row; 404 when there is none. */
    async get(id: number): Promise<{ row: Row; view: ReviewRowBase & Asked }> {
      const row = await repository.findById(id);
      if (!row) throw new AppError(404, REVIEW_NOT_FOUND_MESSAGE);
      const [view] = await rows([row]);
      return { row, view: view! };
    },

    /** Approves or rejects a pending application; answers the row as decided. */
    async decide(write: StaffWrite, id: number, request: ReviewDecisionRequest<Row>): Promise<Row> {
      const row = await deps.repository.lock(write.tx, id);
      if (!row) throw new AppError(404, REVIEW_NOT_FOUND_MESSAGE);
      if (row.status !== 'pending') throw notInState(reviewDecidedMessage(row.status));
      const decided = await deps.repository.decide(
        write.tx,
        id,
        {
          status: request.status,
          decidedBy: write.staff.id,
          decidedAt: request.decidedAt,
          rejectReason: request.rejectReason,
        },
        {
          refuse: (current) =>
            current === null ? REVIEW_NOT_FOUND_MESSAGE : reviewDecidedMessage(current),
          audit: { record: write.audit, objectType: deps.objectType, ...request.audit(row) },
        },
      );
      if (decided === 'conflict') {
        throw notInState(request.conflictMessage ?? reviewDecidedMessage(row.status));
      }
      return decided;
    },
  };
}
