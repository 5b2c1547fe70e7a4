import { randomBytes } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { Tx } from '../../db/client';
import type {
  PaymentChannel,
  PaymentProvider,
  ProviderRefund,
} from '../../integrations/payment/payment-provider';
import type { Clock } from '../../lib/clock';
import type { JobQueue } from '../../lib/jobs/job';
import type { MemberMessageApi } from '../member-message/member-message.module';
import { accounts, type Ledger } from './ledger.repository';
import { paymentMessages } from './payment-messages';
import { refundJob, refundJobKey } from './payment-jobs';
import type { PaymentRepository } from './payment.repository';
import type { PaymentAttemptRow, PaymentRefundRow, RefundStatus } from './payment.table';

/** Our refund number: `RF` + time + random, 32 characters at most of [0-9A-Za-z]. */
export const newOutRefundNo = (at: Date) =>
  `RF${at.toISOString().replace(/\D/g, '').slice(0, 14)}${randomBytes(8).toString('hex')}`;

/** How long the poll waits after its n-th look at a refund still processing (1 min … 6 h). */
const pollDelayMs = (round: number) => Math.min(60_000 * 2 ** round, 6 * 3_600_000);
/** After this many looks the job stops polling; the sweep keeps asking every 10 minutes. */
const MAX_POLL_ROUNDS = 12;

/**
 * Refunds through a provider (decision 0051). The money has already left the order (or the
 * duplicate's receipt) for `refundPending:<channel>` in the ledger when the refund row is
 * written; the provider is then asked by a job, after the commit, and the refund is settled
 * by the provider's notify or our query: confirmed (`refundPending` → the provider's clearing)
 * or failed for good (→ the member's balance, so the money is never stuck).
 */
export function createRefunds(deps: {
  repository: PaymentRepository;
  ledger: Ledger;
  payments: Partial<Record<PaymentChannel, PaymentProvider>>;
  jobs: JobQueue;
  messages: Pick<MemberMessageApi, 'sendIn'>;
  notifyUrl: (channel: PaymentChannel) => string;
  now: Clock;
  log: FastifyBaseLogger;
}) {
  const { repository, ledger } = deps;

  const providerOf = (channel: string): PaymentProvider => {
    const provider = deps.payments[channel as PaymentChannel];
    if (!provider) throw new Error(`no payment provider for ${channel}`);
    return provider;
  };

  /** Settles a pending refund with the provider's answer; its status after. */
  async function settle(refund: PaymentRefundRow, answer: ProviderRefund | null) {
    if (!answer || answer.status === 'processing') return 'pending' as const;
    if (
      answer.outRefundNo !== refund.outRefundNo ||
      answer.outTradeNo !== refund.outTradeNo ||
      answer.refundFen !== refund.amountFen
    ) {
      deps.log.warn(
        { refundId: refund.id, answer },
        'payment: a refund answer does not match the refund; ignored',
      );
      return 'pending' as const;
    }
    return repository.transaction(async (tx): Promise<RefundStatus> => {
      const row = await repository.lockRefund(tx, refund.id);
      if (!row || row.status !== 'pending') return row?.status ?? 'pending';
      const at = deps.now();
      const channel = row.channel as PaymentChannel;
      await repository.updateRefund(tx, row.id, {
        status: answer.status === 'success' ? 'success' : 'failed',
        providerRefundNo: answer.providerRefundNo ?? row.providerRefundNo,
        submittedAt: row.submittedAt ?? at,
        settledAt: at,
      });
      const common = {
        memberId: row.memberId,
        orderId: row.orderId,
        attemptId: row.attemptId,
        at,
      };
      if (answer.status === 'success') {
        await ledger.post(tx, {
          ...common,
          kind: row.orderId === null ? 'duplicateRefunded' : 'refundSent',
          ref: `refundSent:${row.id}`,
          note: row.reason,
          legs: [
            { key: accounts.refundPending(channel), amount: -row.amountFen },
            { key: accounts.clearing(channel), amount: row.amountFen },
          ],
        });
        return 'success';
      }
      await ledger.ensureMember(tx, row.memberId);
      await ledger.post(tx, {
        ...common,
        kind: 'refundFailed',
        ref: `refundFailed:${row.id}`,
        note: '原路退款失败，转入余额',
        legs: [
          { key: accounts.refundPending(channel), amount: -row.amountFen },
          { key: accounts.balance(row.memberId), amount: row.amountFen },
        ],
      });
      await deps.messages.sendIn(
        tx,
        paymentMessages.refundToBalance(row.memberId, channel, row.amountFen),
      );
      return 'failed';
    });
  }

  return {
    /**
     * In the caller's transaction, after the ledger moved the money to `refundPending`: the
     * refund of `attempt`'s online money, asked of the provider by a job once this commits.
     */
    async createIn(
      tx: Tx,
      attempt: PaymentAttemptRow,
      options: { orderId: number | null; reason: string },
    ): Promise<PaymentRefundRow> {
      const at = deps.now();
      const refund = await repository.insertRefund(tx, {
        outRefundNo: newOutRefundNo(at),
        attemptId: attempt.id,
        orderId: options.orderId,
        memberId: attempt.memberId,
        channel: attempt.channel,
        outTradeNo: attempt.outTradeNo,
        amountFen: attempt.onlineFen,
        totalFen: attempt.onlineFen,
        reason: options.reason,
        createdAt: at,
      });
      await deps.jobs.add(
        refundJob,
        { refundId: refund.id, round: 0 },
        { key: refundJobKey(refund.id), tx },
      );
      return refund;
    },

    settle,

    /**
     * Asks the provider to refund (the first time) or how the refund stands (afterwards); the
     * refund's status after. A provider that cannot be reached throws (the job tries again).
     */
    async process(refundId: number): Promise<RefundStatus> {
      const refund = await repository.refund(refundId);
      if (!refund || refund.status !== 'pending') return refund?.status ?? 'pending';
      const provider = providerOf(refund.channel);
      if (refund.submittedAt === null) {
        // The same out_refund_no again after a crash is one refund at the provider.
        const answer = await provider.refund({
          outTradeNo: refund.outTradeNo,
          outRefundNo: refund.outRefundNo,
          refundFen: refund.amountFen,
          totalFen: refund.totalFen,
          reason: refund.reason,
          notifyUrl: deps.notifyUrl(refund.channel as PaymentChannel),
        });
        return settleSubmitted(refund, answer);
      }
      return settle(refund, await provider.queryRefund(refund.outTradeNo, refund.outRefundNo));
    },

    /** The job again in a while for a refund still processing; false once it gives up. */
    async pollLater(refundId: number, round: number): Promise<boolean> {
      if (round >= MAX_POLL_ROUNDS) return false;
      await deps.jobs.add(
        refundJob,
        { refundId, round: round + 1 },
        { key: refundJobKey(refundId), delayMs: pollDelayMs(round) },
      );
      return true;
    },
  };

  async function settleSubmitted(refund: PaymentRefundRow, answer: ProviderRefund) {
    await repository.transaction(async (tx) => {
      const row = await repository.lockRefund(tx, refund.id);
      if (row && row.submittedAt === null) {
        await repository.updateRefund(tx, row.id, {
          submittedAt: deps.now(),
          providerRefundNo: answer.providerRefundNo,
        });
      }
    });
    return settle({ ...refund, submittedAt: deps.now() }, answer);
  }
}

export type Refunds = ReturnType<typeof createRefunds>;
