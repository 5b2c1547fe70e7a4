import { randomUUID } from 'node:crypto';
import {
  billRefusals,
  INVOICE_MAX_BILLS,
  INVOICE_MIN_TOTAL,
  type Bill,
  type BillCheck,
  type BillState,
  type InvoiceProfile,
  type InvoiceRequest,
  type InvoiceRequestDetail,
  type ProfileSnapshot,
  type ReviewRowBase,
  type ReviewStatus,
  type StaffInvoiceRequest,
} from '@pcb/contract';
import { yuan } from '@pcb/pricing';
import type { Db, Tx } from '../../db/client';
import { mapPage, type PageRequest } from '../../db/paged-list';
import type { StaffWrite } from '../../http/define-route';
import { AppError } from '../../http/errors';
import type { InvoiceMailer } from '../../integrations/invoice-mail/invoice-mail';
import type { ObjectStorage } from '../../integrations/oss/object-storage';
import type { EphemeralStore } from '../../integrations/store/store';
import type { Clock } from '../../lib/clock';
import {
  createReviewQueue,
  REVIEW_NOT_FOUND_MESSAGE,
  reviewDecidedMessage,
  type ReviewNames,
} from '../../lib/review-queue';
import { notInState, transition } from '../../lib/workflow/transition';
import type { MemberInvoiceApi } from '../member-invoice/member-invoice.module';
import type { MemberMessageApi } from '../member-message/member-message.module';
import type { UploadApi } from '../upload/upload.module';
import { billMessages } from './bill.messages';
import type { BillFilterValues, BillRepository, BillWithStatus } from './bill.repository';
import { invoiceRequest, type InvoiceRequestRow } from './bill.table';
import { renderGeneratedInvoice } from './invoice-pdf';

/** Who sells: the generated (sandbox) e-invoice names it. */
export const SELLER = '会员中心示例电路板有限公司';

export const REQUEST_NOT_FOUND_MESSAGE = '开票申请不存在';
export const REQUEST_NOT_DELETABLE_MESSAGE = '该申请已处理，不能删除';
export const REQUEST_NOT_ISSUED_MESSAGE = '发票尚未开具';
export const ISSUE_REFUNDED_MESSAGE = '申请中有账单已退款，请驳回，由会员重新申请';
export const PDF_REQUIRED_MESSAGE = '请上传税务机关开具的电子发票PDF';
export const INVOICE_NO_REQUIRED_MESSAGE = '请填写发票号码';
export const RESEND_LIMIT_MESSAGE = '发送过于频繁，请稍后再试';
export const MAIL_FAILED_MESSAGE = '邮件发送失败，请稍后再试';
/** A member may have an issued invoice mailed again this many times an hour. */
const RESEND_PER_HOUR = 3;
/** How long a signed link to a PDF lives: the page's download; the mail's fetch. */
const PDF_LINK_MS = 5 * 60_000;
const MAIL_LINK_MS = 24 * 3600_000;

const stateOf = (b: BillWithStatus): BillState => {
  if (b.refundedAt) return 'refunded';
  if (b.requestId !== null && b.requestStatus === 'approved') return 'invoiced';
  if (b.requestId !== null) return 'requested';
  return 'open';
};

const toBill = (b: BillWithStatus): Bill => ({
  id: b.orderId,
  orderNo: b.orderNo,
  orderKind: b.orderKind,
  invoiceType: b.invoiceType,
  title: b.title,
  paid: b.paidFen,
  excluded: b.excludedFen,
  refunded: b.refundedFen,
  amount: b.amountFen - b.refundedFen,
  state: stateOf(b),
  requestId: b.requestId,
  paidAt: b.paidAt.toISOString(),
});

const toRequest = (r: InvoiceRequestRow): InvoiceRequest => ({
  id: r.id,
  invoiceType: r.invoiceType,
  title: r.profile.title,
  total: r.totalFen,
  billCount: r.billCount,
  status: r.status,
  rejectReason: r.status === 'rejected' ? r.rejectReason : null,
  invoiceNo: r.invoiceNo,
  needsRedLetter: r.redLetterAt !== null,
  createdAt: r.createdAt.toISOString(),
  decidedAt: r.decidedAt?.toISOString() ?? null,
});

/** Whom an invoice is made out to: a company by its tax number, a person by name. */
const partyOf = (p: { titleType: string; title: string; taxNumber: string | null }) =>
  p.titleType === 'company' && p.taxNumber ? `c:${p.taxNumber}` : `p:${p.title.trim()}`;

const snapshotOf = (p: InvoiceProfile): ProfileSnapshot => ({
  invoiceType: p.invoiceType,
  titleType: p.titleType,
  title: p.title,
  taxNumber: p.taxNumber,
  registeredAddress: p.registeredAddress,
  registeredPhone: p.registeredPhone,
  bankName: p.bankName,
  bankAccount: p.bankAccount,
  email: p.email,
});

type Verdict =
  | { ok: true; bills: BillWithStatus[]; profile: InvoiceProfile; total: number }
  | { ok: false; reason: string; total: number; count: number };

/** The China day of a moment, YYYY-MM-DD. */
const chinaDay = (at: Date) => new Date(at.getTime() + 8 * 3600_000).toISOString().slice(0, 10);

/**
 * What issues an invoice (decision 0069): the tax bureau's PDF finance uploads, or outside
 * production one the server generates. An e-invoicing provider's API would be a third.
 */
export interface InvoiceIssuer {
  issue(
    request: InvoiceRequestRow,
    lines: { orderNo: string; amount: number }[],
    input: { invoiceNo?: string | undefined; pdfKey?: string | undefined },
    write: StaffWrite,
  ): Promise<{ invoiceNo: string; pdfKey: string; source: 'upload' | 'generated' }>;
}

export function createBillService(deps: {
  db: Db;
  repository: BillRepository;
  invoices: Pick<MemberInvoiceApi, 'findOwned'>;
  messages: Pick<MemberMessageApi, 'sendIn'>;
  uploads: Pick<UploadApi, 'assertUploadedByStaff'>;
  storage: ObjectStorage;
  store: Pick<EphemeralStore, 'incr'>;
  mailer: InvoiceMailer;
  names: ReviewNames;
  isProduction: boolean;
  seller: string;
  now: Clock;
  logError: (message: string) => (err: unknown) => void;
}) {
  const { repository, db } = deps;

  /** Every rule of CheckBillStandard, in the order a member meets them. */
  async function judge(
    ex: Db | Tx,
    memberId: number,
    billIds: number[],
    profileId: number,
  ): Promise<Verdict> {
    const ids = [...new Set(billIds)];
    const refuse = (reason: string, total = 0): Verdict => ({
      ok: false,
      reason,
      total,
      count: ids.length,
    });
    if (ids.length === 0) return refuse(billRefusals.noBills);
    if (ids.length > INVOICE_MAX_BILLS) return refuse(billRefusals.tooMany);
    const bills = await repository.owned(ex, memberId, ids);
    if (bills.length !== ids.length) return refuse(billRefusals.notFound);
    const total = bills.reduce((sum, b) => sum + b.amountFen - b.refundedFen, 0);
    for (const b of bills) {
      if (b.refundedAt) return refuse(billRefusals.refunded(b.orderNo), total);
      if (b.amountFen <= 0) return refuse(billRefusals.nothingToInvoice(b.orderNo), total);
      if (b.requestId !== null && b.requestStatus === 'approved') {
        return refuse(billRefusals.invoiced(b.orderNo), total);
      }
      if (b.requestId !== null) return refuse(billRefusals.requested(b.orderNo), total);
    }
    const type = bills[0]!.invoiceType;
    if (bills.some((b) => b.invoiceType !== type)) return refuse(billRefusals.mixedTypes, total);
    const profile = await deps.invoices.findOwned(memberId, profileId);
    if (!profile) return refuse(billRefusals.profileNotFound, total);
    if (profile.invoiceType !== type) return refuse(billRefusals.typeMismatch(type), total);
    if (!profile.isUsable) return refuse(billRefusals.specialNotAllowed, total);
    const party = partyOf(bills[0]!);
    if (bills.some((b) => partyOf(b) !== party)) return refuse(billRefusals.mixedCompanies, total);
    if (partyOf(profile) !== party)
      return refuse(billRefusals.otherCompany(bills[0]!.title), total);
    if (total < INVOICE_MIN_TOTAL)
      return refuse(billRefusals.belowMinimum(yuan(INVOICE_MIN_TOTAL)), total);
    return { ok: true, bills, profile, total };
  }

  const queue = createReviewQueue<
    InvoiceRequestRow,
    Omit<StaffInvoiceRequest, keyof ReviewRowBase>
  >({
    repository: repository.review,
    names: deps.names,
    submittedAt: (row) => row.createdAt,
    rejectReason: (row) => row.rejectReason,
    asked: (row) => ({
      invoiceType: row.invoiceType,
      title: row.profile.title,
      taxNumber: row.profile.taxNumber,
      total: row.totalFen,
      billCount: row.billCount,
      invoiceNo: row.invoiceNo,
      needsRedLetter: row.redLetterAt !== null,
      hasRefundedBill: false,
    }),
    objectType: 'invoiceRequest',
  });

  /** The queue's rows, each told whether a bill of it was refunded. */
  async function staffRows(rows: InvoiceRequestRow[]) {
    const [views, refunded] = await Promise.all([
      queue.rows(rows),
      repository.withRefundedBill(rows.map((r) => r.id)),
    ]);
    return views.map((v) => ({ ...v, hasRefundedBill: refunded.has(v.id) }));
  }

  const pdfName = (row: InvoiceRequestRow) => `电子发票-${row.invoiceNo ?? row.id}.pdf`;

  /** E-mails the PDF to the profile's address; records when. Failures are logged, not thrown. */
  async function mail(row: InvoiceRequestRow): Promise<boolean> {
    if (!row.pdfKey) return false;
    const at = deps.now();
    try {
      await deps.mailer.send({
        to: row.profile.email,
        subject: `您的电子发票（${row.invoiceNo}）已开具`,
        text: `您好，${row.profile.title}：\n\n您申请的电子发票已开具，发票号码 ${row.invoiceNo}，价税合计 ${yuan(row.totalFen)}。电子发票PDF见附件，也可在会员中心「开票中心」下载。\n`,
        attachment: {
          filename: pdfName(row),
          url: deps.storage.signedGetUrl(row.pdfKey, new Date(at.getTime() + MAIL_LINK_MS)),
        },
        requestId: row.id,
      });
      await repository.markMailed(row.id, at);
      return true;
    } catch (error) {
      deps.logError('invoice mail failed')(error);
      return false;
    }
  }

  const uploadIssuer: InvoiceIssuer = {
    async issue(_request, _lines, input, write) {
      if (!input.invoiceNo) {
        throw new AppError(400, INVOICE_NO_REQUIRED_MESSAGE, { field: 'invoiceNo' });
      }
      await deps.uploads.assertUploadedByStaff(
        write.staff.id,
        input.pdfKey!,
        'invoicePdf',
        PDF_REQUIRED_MESSAGE,
        'pdfKey',
        write.tx,
      );
      return { invoiceNo: input.invoiceNo, pdfKey: input.pdfKey!, source: 'upload' };
    },
  };

  const generatedIssuer: InvoiceIssuer = {
    async issue(request, lines, input) {
      if (deps.isProduction) throw new AppError(400, PDF_REQUIRED_MESSAGE, { field: 'pdfKey' });
      const at = deps.now();
      const invoiceNo =
        input.invoiceNo ??
        `${chinaDay(at).replaceAll('-', '')}${String(request.id).padStart(12, '0')}`;
      const bytes = await renderGeneratedInvoice({
        invoiceNo,
        date: chinaDay(at),
        profile: request.profile,
        lines,
        total: request.totalFen,
        seller: deps.seller,
      });
      const pdfKey = `invoicePdf/generated/${request.id}-${randomUUID()}.pdf`;
      await deps.storage.put(pdfKey, bytes, 'application/pdf');
      return { invoiceNo, pdfKey, source: 'generated' };
    },
  };

  return {
    async list(memberId: number, filter: BillFilterValues, page: PageRequest) {
      return mapPage(await repository.list(memberId, filter, page), (rows) => rows.map(toBill));
    },

    async total(memberId: number, params: BillFilterValues & { ids?: number[] | undefined }) {
      const { ids, ...filter } = params;
      return repository.total(memberId, filter, ids);
    },

    async check(memberId: number, billIds: number[], profileId: number): Promise<BillCheck> {
      const v = await judge(db, memberId, billIds, profileId);
      return v.ok
        ? { ok: true, reason: null, total: v.total, count: v.bills.length }
        : { ok: false, reason: v.reason, total: v.total, count: v.count };
    },

    /**
     * A request: the rules checked, then in one transaction the request written and its bills
     * claimed by a conditional update; a bill another request took meanwhile rolls it back.
     */
    async save(memberId: number, billIds: number[], profileId: number): Promise<InvoiceRequest> {
      const v = await judge(db, memberId, billIds, profileId);
      if (!v.ok) throw new AppError(400, v.reason, { field: 'billIds' });
      const row = await db.transaction(async (tx) => {
        const request = await repository.insertRequest(tx, {
          memberId,
          invoiceType: v.profile.invoiceType,
          profileId: v.profile.id,
          profile: snapshotOf(v.profile),
          totalFen: v.total,
          billCount: v.bills.length,
          createdAt: deps.now(),
        });
        const ids = v.bills.map((b) => b.orderId);
        const taken = await repository.claim(tx, memberId, ids, request.id);
        if (taken.length !== ids.length) {
          const lost = v.bills.find((b) => !taken.includes(b.orderId))!;
          throw new AppError(409, billRefusals.requested(lost.orderNo), { field: 'billIds' });
        }
        await repository.insertLines(
          tx,
          request.id,
          v.bills.map((b) => ({ orderId: b.orderId, amountFen: b.amountFen })),
        );
        return request;
      });
      return toRequest(row);
    },

    async requests(memberId: number, status: ReviewStatus | undefined, page: PageRequest) {
      return mapPage(await repository.requests(memberId, status, page), (rows) =>
        rows.map(toRequest),
      );
    },

    /** The member's own request (another's is not found); the PDF's link once issued. */
    async detail(memberId: number, id: number): Promise<InvoiceRequestDetail> {
      const row = await repository.findRequest(memberId, id);
      if (!row) throw new AppError(404, REQUEST_NOT_FOUND_MESSAGE);
      const lines = await repository.lines(db, id);
      return {
        ...toRequest(row),
        profile: row.profile,
        bills: lines.map((l) => ({ id: l.id, orderNo: l.orderNo, amount: l.amount })),
        pdfUrl:
          row.status === 'approved' && row.pdfKey
            ? deps.storage.signedGetUrl(row.pdfKey, new Date(deps.now().getTime() + PDF_LINK_MS))
            : null,
        mailedAt: row.mailedAt?.toISOString() ?? null,
      };
    },

    async delete(memberId: number, id: number) {
      const deleted = await db.transaction((tx) => repository.deletePending(tx, memberId, id));
      if (deleted) return { ok: true as const };
      const row = await repository.findRequest(memberId, id);
      if (!row) throw new AppError(404, REQUEST_NOT_FOUND_MESSAGE);
      throw notInState(REQUEST_NOT_DELETABLE_MESSAGE);
    },

    async resend(memberId: number, id: number) {
      const row = await repository.findRequest(memberId, id);
      if (!row) throw new AppError(404, REQUEST_NOT_FOUND_MESSAGE);
      if (row.status !== 'approved') throw notInState(REQUEST_NOT_ISSUED_MESSAGE);
      const tries = await deps.store.incr(`invoiceMail:${id}`, 3600_000);
      if (tries > RESEND_PER_HOUR) throw new AppError(429, RESEND_LIMIT_MESSAGE);
      if (!(await mail(row))) throw new AppError(503, MAIL_FAILED_MESSAGE);
      return { ok: true as const };
    },

    staff: {
      async list(
        input: { status?: ReviewStatus | undefined; keyword?: string | undefined },
        page: PageRequest,
      ) {
        const keyword = input.keyword?.trim();
        const memberIds = keyword ? await deps.names.matchingMembers(keyword, 50) : undefined;
        return mapPage(
          await repository.review.list({ status: input.status, memberIds }, page),
          staffRows,
        );
      },

      async get(id: number) {
        const { row } = await queue.get(id);
        const [view] = await staffRows([row]);
        const lines = await repository.lines(db, id);
        return {
          ...view!,
          profile: row.profile,
          bills: lines,
          pdfUrl: row.pdfKey
            ? deps.storage.signedGetUrl(row.pdfKey, new Date(deps.now().getTime() + PDF_LINK_MS))
            : null,
          mailedAt: row.mailedAt?.toISOString() ?? null,
          canGenerate: !deps.isProduction,
        };
      },

      /** Issues: the PDF (uploaded or generated), the number, the message; the mail after commit. */
      async issue(
        write: StaffWrite,
        id: number,
        input: { invoiceNo?: string | undefined; pdfKey?: string | undefined },
      ) {
        const { tx } = write;
        const pending = await repository.review.lock(tx, id);
        if (!pending) throw new AppError(404, REVIEW_NOT_FOUND_MESSAGE);
        if (pending.status !== 'pending') throw notInState(reviewDecidedMessage(pending.status));
        const lines = await repository.lines(tx, id);
        if (lines.some((l) => l.refunded)) throw notInState(ISSUE_REFUNDED_MESSAGE);
        const issuer = input.pdfKey ? uploadIssuer : generatedIssuer;
        const issued = await issuer.issue(pending, lines, input, write);
        const row = await transition<ReviewStatus, InvoiceRequestRow>(
          tx,
          { table: invoiceRequest, id: invoiceRequest.id, status: invoiceRequest.status },
          {
            id,
            from: 'pending',
            to: 'approved',
            set: {
              decidedBy: write.staff.id,
              decidedAt: deps.now(),
              rejectReason: null,
              invoiceNo: issued.invoiceNo,
              pdfKey: issued.pdfKey,
              pdfSource: issued.source,
            },
            refuse: (current) =>
              current === null ? REVIEW_NOT_FOUND_MESSAGE : reviewDecidedMessage(current),
            audit: {
              record: write.audit,
              objectType: 'invoiceRequest',
              before: { memberId: pending.memberId, total: pending.totalFen },
              after: { invoiceNo: issued.invoiceNo, pdfKey: issued.pdfKey, source: issued.source },
            },
          },
        );
        await deps.messages.sendIn(tx, billMessages.issued(row));
        write.afterCommit(async () => {
          await mail(row);
        });
        return { ok: true as const };
      },

      async reject(write: StaffWrite, id: number, reason: string) {
        const row = await queue.decide(write, id, {
          status: 'rejected',
          decidedAt: deps.now(),
          rejectReason: reason,
          audit: (pending) => ({
            before: { memberId: pending.memberId, total: pending.totalFen },
            after: { rejectReason: reason },
          }),
        });
        await repository.release(write.tx, id);
        await deps.messages.sendIn(write.tx, billMessages.rejected(row));
        return { ok: true as const };
      },

      /** Mails the PDF again now; a failed send is a 503 and leaves no audit row. */
      async resend(write: StaffWrite, id: number) {
        const row = await repository.review.findById(id);
        if (!row) throw new AppError(404, REVIEW_NOT_FOUND_MESSAGE);
        if (row.status !== 'approved') throw notInState(REQUEST_NOT_ISSUED_MESSAGE);
        await write.audit('invoiceRequest', id, null, { resendTo: row.profile.email });
        if (!(await mail(row))) throw new AppError(503, MAIL_FAILED_MESSAGE);
        return { ok: true as const };
      },

      async redLetters(page: PageRequest) {
        return mapPage(await repository.redLetters(page), staffRows);
      },
    },
  };
}

export type BillService = ReturnType<typeof createBillService>;
