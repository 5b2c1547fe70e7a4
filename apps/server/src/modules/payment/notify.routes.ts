import type { FastifyInstance } from 'fastify';
import {
  NotifyRejectedError,
  type PaymentChannel,
  type PaymentProvider,
} from '../../integrations/payment/payment-provider';
import type { PaymentRepository } from './payment.repository';
import type { Refunds } from './refunds';
import type { Settlement } from './settlement';

export const notifyPath = (channel: PaymentChannel) => `/api/payment-notify/${channel}`;

/**
 * The providers' notifies (decision 0051): raw routes, not contract endpoints — the body is the
 * provider's own (Alipay a form, WeChat Pay raw JSON whose signature covers the exact bytes),
 * and the answer is the provider's exact reply. The provider's adapter verifies and decodes;
 * we then check the report against our attempt and settle it. Answered "accepted" once handled
 * (also when it changed nothing: a duplicate, a late one); "not accepted" when forged, not
 * ours, or when we failed — the provider then sends it again.
 */
export async function registerNotifyRoutes(
  app: FastifyInstance,
  deps: {
    payments: Partial<Record<PaymentChannel, PaymentProvider>>;
    settlement: Settlement;
    refunds: Refunds;
    repository: PaymentRepository;
  },
): Promise<void> {
  await app.register(async (scope) => {
    // Whatever the provider sends, as the exact text it signed.
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', { parseAs: 'string' }, (_request, body, done) =>
      done(null, body),
    );
    for (const channel of ['alipay', 'wechat'] as const) {
      scope.post(notifyPath(channel), { helmet: false }, async (request, reply) => {
        const provider = deps.payments[channel];
        if (!provider) return reply.code(404).type('text/plain').send('not found');
        const headers: Record<string, string | undefined> = {};
        for (const [name, value] of Object.entries(request.headers)) {
          headers[name] = Array.isArray(value) ? value.join(',') : value;
        }
        const rawBody = typeof request.body === 'string' ? request.body : '';
        let accepted = false;
        try {
          const event = await provider.verifyNotify({ headers, rawBody });
          if (event.kind === 'payment') {
            accepted =
              (await deps.settlement.settle(channel, event.transaction, 'notify')) !== 'rejected';
          } else {
            const refund = await deps.repository.refundByOutRefundNo(event.refund.outRefundNo);
            if (refund && refund.channel === channel) {
              await deps.refunds.settle(refund, event.refund);
              accepted = true;
            } else {
              request.log.warn(
                { channel, outRefundNo: event.refund.outRefundNo },
                'payment: a refund notify for a refund we never asked for; nothing changed',
              );
            }
          }
        } catch (error) {
          if (error instanceof NotifyRejectedError) {
            request.log.warn(
              { channel, reason: error.message },
              'payment: a notify failed verification; nothing changed',
            );
          } else {
            request.log.error({ err: error, channel }, 'payment: a notify could not be handled');
          }
        }
        const answer = provider.notifyReply(accepted);
        return reply
          .code(answer.status)
          .header('content-type', answer.contentType)
          .send(answer.body);
      });
    }
  });
}
