import { and, asc, eq, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client';
import type { InvoiceMailer } from '../../integrations/invoice-mail/invoice-mail';
import { ObjectStorageError } from '../../integrations/oss/object-storage';
import { staffWriteIn } from '../../lib/workflow/staff-write';
import type { ReviewNames } from '../../lib/review-queue';
import type { SeedContext } from '../app-module';
import { seedAuditRecorder } from '../audit/audit.module';
import { seedInvoiceProfiles } from '../member-invoice/member-invoice.module';
import { seedMessageSender } from '../member-message/member-message.module';
import { DEMO_MOBILE, memberIdByMobile } from '../member/member.module';
import { staffActorByUserName } from '../staff/staff.module';
import { createBillRepository } from './bill.repository';
import { createBillService, SELLER } from './bill.service';
import { bill, invoiceRequest } from './bill.table';

/** The demo finance account that issues the demo invoice (the seed's staff, 周会计). */
const DEMO_FINANCE = 'finance';
const HOUR_MS = 3_600_000;

const unused = (what: string) => () => {
  throw new Error(`the demo bill seed uses no ${what}`);
};

/**
 * The demo member's invoicing centre (开票中心, product decisions §6), made by the module's own
 * services once the orders placed with a 普票 are paid (their bills written by the database):
 * the two oldest bills requested and issued by finance (a generated PDF, decision 0069, not
 * mailed), the next two requested and waiting for finance, the rest left to request. Once: a
 * member with an invoice request keeps what they have.
 */
export async function seedBills({ tx, now, storage }: SeedContext): Promise<void> {
  const memberId = await memberIdByMobile(tx, DEMO_MOBILE);
  if (memberId === null) return;
  const [requested] = await tx
    .select({ id: invoiceRequest.id })
    .from(invoiceRequest)
    .where(eq(invoiceRequest.memberId, memberId))
    .limit(1);
  if (requested) return;
  const open = await tx
    .select({ orderId: bill.orderId, paidAt: bill.paidAt })
    .from(bill)
    .where(and(eq(bill.memberId, memberId), isNull(bill.requestId), isNull(bill.refundedAt)))
    .orderBy(asc(bill.paidAt), asc(bill.orderId));
  const [first, second, third, fourth] = open;
  const finance = await staffActorByUserName(tx, DEMO_FINANCE);
  const invoices = seedInvoiceProfiles(tx, () => now);
  const profile = await invoices.findDefault(memberId);
  if (!first || !second || !third || !fourth || !finance || !profile) return;

  let current = now;
  const clock = () => current;
  const db = tx as unknown as Db;
  const names: ReviewNames = {
    members: unused('member names'),
    staff: unused('staff names'),
    matchingMembers: unused('member search'),
  };
  const mailer: InvoiceMailer = { provider: 'sandbox', send: unused('mail') };
  const bills = createBillService({
    db,
    repository: createBillRepository(db),
    invoices,
    messages: { sendIn: seedMessageSender(tx, clock) },
    uploads: { assertUploadedByStaff: unused('uploaded PDF') },
    storage,
    store: { incr: unused('counter') },
    mailer,
    names,
    isProduction: false,
    seller: SELLER,
    now: clock,
    logError: () => () => undefined,
  });

  // Requested two days after the second was paid, issued by finance the next morning.
  current = new Date(second.paidAt.getTime() + 48 * HOUR_MS);
  const issued = await bills.save(memberId, [first.orderId, second.orderId], profile.id);
  current = new Date(current.getTime() + 20 * HOUR_MS);
  const w = staffWriteIn(tx, {
    actor: finance,
    action: 'StaffInvoice.Approve',
    origin: 'seed',
    record: seedAuditRecorder(tx, clock),
    afterCommit: () => undefined,
  });
  try {
    await bills.staff.issue(w.write, issued.id, {});
    w.finish();
  } catch (error) {
    // The object storage out of reach (offline with OSS configured): the request waits.
    if (!(error instanceof ObjectStorageError)) throw error;
  }
  // The next two requested a day after the later was paid (and not after now).
  current = new Date(Math.min(fourth.paidAt.getTime() + 24 * HOUR_MS, now.getTime()));
  await bills.save(memberId, [third.orderId, fourth.orderId], profile.id);
}
