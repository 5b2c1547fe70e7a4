import type { Clock } from '../../lib/clock';
import type { SmsSender } from './sms';
import type { SmsOutbox } from './sms-outbox';

/** Sends nothing: records the text in the outbox (read via Sandbox/SmsOutbox) and the log. */
export function createSandboxSms(
  outbox: SmsOutbox,
  now: Clock,
  log: (entry: { mobile: string; text: string }) => void,
): SmsSender {
  return {
    provider: 'sandbox',
    async send(message) {
      await outbox.add(message, now());
      log({ mobile: message.mobile, text: message.text });
    },
  };
}
