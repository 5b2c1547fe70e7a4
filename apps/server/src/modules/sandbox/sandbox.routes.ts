import { api } from '@pcb/contract';
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
}
