import {
  BILL_ALREADY_REPAID_MESSAGE,
  onlinePaymentSchema,
  type OnlinePayment,
  type PayScene,
} from '@pcb/contract';
import type { AuthMember } from '../../http/auth';
import { AppError } from '../../http/errors';
import type { PaymentChannel } from '../../integrations/payment/payment-provider';
import type { CreditBillPayee } from './credit-payer';
import type { OnlinePayments } from './online-payments';
import type { OrderMoney } from './order-money';
import type { PaymentRepository } from './payment.repository';
import type { PaymentAttemptRow } from './payment.table';
import {
  digestOf,
  REQUEST_IN_PROGRESS_MESSAGE,
  type RequestIds,
  type RequestKey,
} from './request-ids';
import { billResultPages } from './result-pages';

export const BILL_NOT_FOUND = '账单不存在';
export const billSubject = (period: string) =>
  period ? `月结账单 ${period} 还款` : '月结账单还款';

export interface BillPaymentInput {
  id: number;
  requestId: string;
  channel: PaymentChannel;
  scene: PayScene;
  wxOpenId?: string | undefined;
}

/**
 * `MemberCreditPayment/RepayBillOnline` (decision 0065): a bill's whole outstanding sum through
 * Alipay or WeChat Pay, the same machinery as an order's online part — an attempt (purpose
 * `bill`) written under the bill's lock, one open per bill (a new one replaces the last), the
 * provider asked after the commit, the bill repaid only by the verified notify or our query.
 */
export function createBillPayments(deps: {
  repository: PaymentRepository;
  online: OnlinePayments;
  orderMoney: Pick<OrderMoney, 'closeAttemptIn'>;
  requests: RequestIds;
  bills: () => CreditBillPayee;
}) {
  const { online, requests, repository } = deps;
  const page = (billId: number, period: string, channel: PaymentChannel, outTradeNo: string) => ({
    subject: billSubject(period),
    ...billResultPages(billId, { channel, outTradeNo }),
  });

  return {
    async start(member: AuthMember, input: BillPaymentInput, ip: string): Promise<OnlinePayment> {
      const key: RequestKey = {
        memberId: member.id,
        requestId: input.requestId,
        action: 'RepayBillOnline',
        digest: digestOf('RepayBillOnline', {
          id: input.id,
          channel: input.channel,
          scene: input.scene,
        }),
      };
      const choice = online.resolve(input);
      let period = '';
      const replay = async (row: { response: unknown; attemptId: number | null }) => {
        if (row.response) return onlinePaymentSchema.parse(row.response);
        const attempt = row.attemptId === null ? null : await repository.attempt(row.attemptId);
        if (!attempt || attempt.status !== 'open' || attempt.billId === null) {
          throw new AppError(409, REQUEST_IN_PROGRESS_MESSAGE);
        }
        const payment = await online.launch(attempt, choice, {
          ...page(attempt.billId, period, choice.channel, attempt.outTradeNo),
          clientIp: ip,
        });
        await requests.complete(key, payment);
        return payment;
      };
      const earlier = await requests.prior(key);
      if (earlier) return replay(earlier);
      let attempt: PaymentAttemptRow | null = null;
      const answer = await requests.once<OnlinePayment | null>(
        key,
        async (tx) => {
          const bill = await deps.bills().lockIn(tx, input.id);
          if (!bill || bill.memberId !== member.id) throw new AppError(404, BILL_NOT_FOUND);
          if (bill.isPaid || bill.outstanding <= 0) {
            throw new AppError(409, BILL_ALREADY_REPAID_MESSAGE);
          }
          period = bill.period;
          // One repayment under way per bill: a new one replaces the last.
          for (const open of await repository.lockOpenBillAttempts(tx, bill.id)) {
            await deps.orderMoney.closeAttemptIn(tx, open, 'replaced', true);
          }
          attempt = await online.insertIn(tx, {
            purpose: 'bill',
            memberId: member.id,
            payerMemberId: member.id,
            billId: bill.id,
            channel: choice.channel,
            scene: choice.scene,
            balanceFen: 0,
            onlineFen: bill.outstanding,
          });
          return { answer: null, stored: null, attemptId: attempt.id };
        },
        replay,
      );
      if (!attempt) return answer!;
      const started: PaymentAttemptRow = attempt;
      let payment: OnlinePayment;
      try {
        payment = await online.launch(started, choice, {
          ...page(input.id, period, choice.channel, started.outTradeNo),
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

export type BillPayments = ReturnType<typeof createBillPayments>;
