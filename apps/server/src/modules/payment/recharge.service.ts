import { BALANCE_MAX, onlinePaymentSchema, type OnlinePayment, type PayScene } from '@pcb/contract';
import { yuan } from '@pcb/pricing';
import type { AuthMember } from '../../http/auth';
import { AppError } from '../../http/errors';
import type { PaymentChannel } from '../../integrations/payment/payment-provider';
import type { Ledger } from './ledger.repository';
import { RECHARGE_SUBJECT, type OnlinePayments } from './online-payments';
import type { PaymentRepository } from './payment.repository';
import type { PaymentAttemptRow } from './payment.table';
import {
  digestOf,
  REQUEST_IN_PROGRESS_MESSAGE,
  type RequestIds,
  type RequestKey,
} from './request-ids';
import { rechargeResultPages } from './result-pages';

export const BALANCE_MAX_MESSAGE = `充值后余额不能超过${yuan(BALANCE_MAX)}`;

/**
 * `MemberAdvancePayment/Recharge` (decision 0051): a top-up online, credited to the balance
 * only when the provider's verified notify or our query says it was paid. The limits are the
 * contract's (¥1 to ¥50,000 a time, a balance of at most ¥1,000,000 after it).
 */
export function createRechargeService(deps: {
  repository: PaymentRepository;
  ledger: Ledger;
  online: OnlinePayments;
  requests: RequestIds;
}) {
  const { online, requests } = deps;
  const page = (channel: PaymentChannel, outTradeNo: string) => ({
    subject: RECHARGE_SUBJECT,
    ...rechargeResultPages({ channel, outTradeNo }),
  });

  return {
    async recharge(
      member: AuthMember,
      input: {
        requestId: string;
        amount: number;
        channel: PaymentChannel;
        scene: PayScene;
        wxOpenId?: string | undefined;
      },
      ip: string,
    ): Promise<OnlinePayment> {
      const key: RequestKey = {
        memberId: member.id,
        requestId: input.requestId,
        action: 'Recharge',
        digest: digestOf('Recharge', {
          amount: input.amount,
          channel: input.channel,
          scene: input.scene,
        }),
      };
      const choice = online.resolve(input);
      const replay = async (row: { response: unknown; attemptId: number | null }) => {
        if (row.response) return onlinePaymentSchema.parse(row.response);
        const attempt =
          row.attemptId === null ? null : await deps.repository.attempt(row.attemptId);
        if (!attempt || attempt.status !== 'open') {
          throw new AppError(409, REQUEST_IN_PROGRESS_MESSAGE);
        }
        const payment = await online.launch(attempt, choice, {
          ...page(choice.channel, attempt.outTradeNo),
          clientIp: ip,
        });
        await requests.complete(key, payment);
        return payment;
      };
      const earlier = await requests.prior(key);
      if (earlier) return replay(earlier);
      const { balance } = await deps.ledger.balancesOf(member.id);
      if (balance + input.amount > BALANCE_MAX) {
        throw new AppError(400, BALANCE_MAX_MESSAGE, { field: 'amount' });
      }
      let attempt: PaymentAttemptRow | null = null;
      const answer = await requests.once<OnlinePayment | null>(
        key,
        async (tx) => {
          attempt = await online.insertIn(tx, {
            purpose: 'recharge',
            memberId: member.id,
            payerMemberId: member.id,
            channel: choice.channel,
            scene: choice.scene,
            balanceFen: 0,
            onlineFen: input.amount,
          });
          return { answer: null, stored: null, attemptId: attempt.id };
        },
        replay,
      );
      if (!attempt) return answer!;
      let payment: OnlinePayment;
      try {
        payment = await online.launch(attempt, choice, {
          ...page(choice.channel, (attempt as PaymentAttemptRow).outTradeNo),
          clientIp: ip,
        });
      } catch (error) {
        await requests.drop(key);
        throw error;
      }
      await requests.complete(key, payment);
      return payment;
    },
  };
}

export type RechargeService = ReturnType<typeof createRechargeService>;
