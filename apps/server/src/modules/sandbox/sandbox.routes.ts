import { api } from '@pcb/contract';
import { StaffOutbox } from '@pcb/contract/staff-outbox';
import { mapPage } from '../../db/paged-list';
import type { DefineRoute } from '../../http/define-route';
import { AppError, messages } from '../../http/errors';
import type { SmsOutbox } from '../../integrations/sms/sms-outbox';

/** Lets developers and end-to-end tests read the texts the SMS sandbox "sent". */
export function registerSandboxRoutes(
  route: DefineRoute,
  outbox: SmsOutbox,
  isProduction: boolean,
): void {
  route(
    api.Sandbox.SmsOutbox,
    async ({ input }) => {
      if (isProduction) throw new AppError(404, messages.notFound);
      const sent = await outbox.list(input.mobile);
      return sent.map((s) => ({ mobile: s.mobile, text: s.text, sentAt: s.sentAt.toISOString() }));
    },
    { hidden: isProduction },
  );

  // The same texts in the console, for staff trying flows: 404 in production, like the above.
  route(
    StaffOutbox.List,
    async ({ input }) => {
      if (isProduction) throw new AppError(404, messages.notFound);
      return mapPage(await outbox.page(input.mobile || undefined, input), (rows) =>
        rows.map((r) => ({ ...r, sentAt: r.sentAt.toISOString() })),
      );
    },
    { hidden: isProduction },
  );
}
