import { z } from 'zod';
import { pageInput, pageOf, text } from '../common';
import { defineModule } from '../define';

export const outboxEntrySchema = z.object({
  id: z.number().int(),
  mobile: z.string(),
  kind: z.string(),
  text: z.string(),
  sentAt: z.string(),
});
export type OutboxEntry = z.infer<typeof outboxEntrySchema>;

/** The SMS the sandbox "sent", for trying flows: outside production only (404 there). */
export const StaffOutbox = defineModule('StaffOutbox', {
  List: {
    method: 'GET',
    summary: '短信发件箱（仅非生产环境）',
    access: 'staff',
    roles: ['admin'],
    input: z.object({
      mobile: text(11).trim().optional().meta({ title: '手机号' }),
      ...pageInput,
    }),
    output: pageOf(outboxEntrySchema),
  },
});
