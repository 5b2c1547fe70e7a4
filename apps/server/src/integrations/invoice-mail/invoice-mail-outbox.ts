import { desc } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { pagedList, type PageRequest } from '../../db/paged-list';
import type { Clock } from '../../lib/clock';
import type { InvoiceMailer, InvoiceMailMessage } from './invoice-mail';
import { invoiceMailOutbox } from './invoice-mail-outbox.table';

export function createInvoiceMailOutbox(db: Db) {
  return {
    async add(message: InvoiceMailMessage, sentAt: Date): Promise<void> {
      await db.insert(invoiceMailOutbox).values({
        to: message.to,
        subject: message.subject,
        text: message.text,
        attachmentName: message.attachment.filename,
        attachmentUrl: message.attachment.url,
        requestId: message.requestId,
        sentAt,
      });
    },
    /** Newest first, for the console. */
    page: (page: PageRequest) =>
      pagedList<{
        id: number;
        to: string;
        subject: string;
        text: string;
        attachmentName: string;
        requestId: number | null;
        sentAt: Date;
      }>(
        db,
        {
          from: invoiceMailOutbox,
          fields: {
            id: invoiceMailOutbox.id,
            to: invoiceMailOutbox.to,
            subject: invoiceMailOutbox.subject,
            text: invoiceMailOutbox.text,
            attachmentName: invoiceMailOutbox.attachmentName,
            requestId: invoiceMailOutbox.requestId,
            sentAt: invoiceMailOutbox.sentAt,
          },
          orderBy: [desc(invoiceMailOutbox.id)],
        },
        page,
      ),
  };
}

export type InvoiceMailOutbox = ReturnType<typeof createInvoiceMailOutbox>;

/** Sends nothing: records the mail in the outbox (the console's 发票邮件 page shows it). */
export function createSandboxInvoiceMail(outbox: InvoiceMailOutbox, now: Clock): InvoiceMailer {
  return {
    provider: 'sandbox',
    async send(message) {
      await outbox.add(message, now());
    },
  };
}
