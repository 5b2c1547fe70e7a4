import { desc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { pagedList, type PageRequest } from '../../db/paged-list';
import type { SmsMessage } from './sms';
import { smsOutbox } from './sms-outbox.table';

const OUTBOX_PAGE = 20;

export function createSmsOutbox(db: Db) {
  return {
    async add(message: SmsMessage, sentAt: Date): Promise<void> {
      await db.insert(smsOutbox).values({
        mobile: message.mobile,
        kind: message.kind,
        params: message.params,
        text: message.text,
        sentAt,
      });
    },
    /** Newest first, for the console (StaffOutbox), all numbers or one. */
    page: (mobile: string | undefined, page: PageRequest) =>
      pagedList<{ id: number; mobile: string; kind: string; text: string; sentAt: Date }>(
        db,
        {
          from: smsOutbox,
          fields: {
            id: smsOutbox.id,
            mobile: smsOutbox.mobile,
            kind: smsOutbox.kind,
            text: smsOutbox.text,
            sentAt: smsOutbox.sentAt,
          },
          where: mobile ? eq(smsOutbox.mobile, mobile) : undefined,
          orderBy: [desc(smsOutbox.id)],
        },
        page,
      ),
    /** Newest first. */
    async list(mobile: string): Promise<{ mobile: string; text: string; sentAt: Date }[]> {
      return db
        .select({ mobile: smsOutbox.mobile, text: smsOutbox.text, sentAt: smsOutbox.sentAt })
        .from(smsOutbox)
        .where(eq(smsOutbox.mobile, mobile))
        .orderBy(desc(smsOutbox.id))
        .limit(OUTBOX_PAGE);
    },
  };
}

export type SmsOutbox = ReturnType<typeof createSmsOutbox>;
