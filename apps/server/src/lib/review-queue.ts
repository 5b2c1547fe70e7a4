import type { MemberRef, ReviewRowBase, ReviewStatus, StaffRef } from '@pcb/contract';
import { mapPage, type Page, type PageRequest } from '../db/paged-list';
import type { ReviewFilter } from '../db/review-queue';
import { AppError } from '../http/errors';

export const REVIEW_NOT_FOUND_MESSAGE = '申请不存在';
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

/**
 * The service side of a review queue (decision 0041): the list with its filters, the rows
 * with their member's and reviewer's names in two queries for the whole page, and the refusal
 * of a decision that did not take (404, or 409 when decided or changed meanwhile). Approving
 * and rejecting stay in each queue's own service: what an approval does is the queue's.
 */
export function createReviewQueue<Row extends ReviewedRow, Asked extends object>(deps: {
  repository: {
    list: (filter: ReviewFilter, page: PageRequest) => Promise<Page<Row>>;
    findById: (id: number) => Promise<Row | undefined>;
  };
  names: ReviewNames;
  submittedAt: (row: Row) => Date;
  rejectReason: (row: Row) => string | null;
  /** The queue's own columns: what the member asks. */
  asked: (row: Row) => Asked;
  /** The 409 of a decision on an application no longer pending. */
  decidedMessage: string;
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

    /** Why a conditional decision changed nothing: gone (404), or no longer pending (409). */
    async refusal(id: number): Promise<AppError> {
      return (await repository.findById(id))
        ? new AppError(409, deps.decidedMessage)
        : new AppError(404, REVIEW_NOT_FOUND_MESSAGE);
    },
  };
}
