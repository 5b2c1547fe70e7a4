import { z } from 'zod';
import { defineModule } from '../define';
import { mobileSchema } from '../common';

export const sandboxSmsSchema = z.object({
  mobile: z.string(),
  text: z.string(),
  sentAt: z.string(),
});
export type SandboxSms = z.infer<typeof sandboxSmsSchema>;

/** Only outside production: what the SMS sandbox "sent", newest first. */
export const Sandbox = defineModule('Sandbox', {
  SmsOutbox: {
    method: 'GET',
    summary: '沙箱短信发件箱（仅非生产环境）',
    access: 'public',
    input: z.object({ mobile: mobileSchema }),
    output: z.array(sandboxSmsSchema),
  },
});
