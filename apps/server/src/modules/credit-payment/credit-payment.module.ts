import type { Platform } from '../../platform';
import { appModule } from '../app-module';
import type { MemberAuthApi } from '../member-auth/member-auth.module';
import type { MemberApi } from '../member/member.module';
import type { MemberMessageApi } from '../member-message/member-message.module';
import type { PaymentApi } from '../payment/payment.module';
import type { SmsCodeApi } from '../sms-code/sms-code.module';
import type { StaffApi } from '../staff/staff.module';
import { chinaDayOf } from './credit-dates';
import { createCreditBills } from './credit-bills.service';
import {
  CREDIT_DAILY_BACKFILL_MS,
  CREDIT_DAILY_SCHEDULE,
  creditDailyJob,
} from './credit-payment.jobs';
import { createCreditRepository, createCreditReviewRepository } from './credit-payment.repository';
import { registerCreditPaymentRoutes } from './credit-payment.routes';
import { createCreditPaymentService } from './credit-payment.service';
import { createCreditReviewService } from './credit-review.service';
import { createCreditLineService } from './credit-line.service';
import { seedCredit } from './credit-payment.seed';

export interface CreditPaymentApi {
  /** The daily job's work, callable at once (tests; the console's 立即出账). */
  daily: (day?: string) => Promise<{ created: number; reminded: number }>;
  /** Members with a bill past its due date (sales' 工作台). */
  overdueMembers: () => Promise<number[]>;
}

/**
 * Credit pay (月结, issue 21, decisions 0059 and 0060): the application finance reviews, the
 * credit line in the ledger, the mobiles that approve a payment, paying orders on credit
 * (through the payment module's `Pay`), monthly bills and their repayment.
 */
export const creditPaymentModule = appModule({
  redact: ['ownerCode', 'mobileCode'],
  seed: seedCredit,
  create: (
    { db, now }: Pick<Platform, 'db' | 'now'>,
    deps: {
      member: MemberApi;
      memberAuth: MemberAuthApi;
      memberMessage: MemberMessageApi;
      smsCode: SmsCodeApi;
      staff: StaffApi;
      payment: PaymentApi;
      order: {
        memberTotals: (
          memberId: number,
          from: Date,
          to: Date,
        ) => Promise<{ number: number; amount: number }>;
      };
    },
  ) => {
    const repository = createCreditRepository(db);
    const { ledger } = deps.payment.credit;
    const line = createCreditLineService({
      db,
      repository,
      ledger,
      messages: deps.memberMessage,
      now,
    });
    const credit = createCreditPaymentService({
      db,
      repository,
      ledger,
      members: deps.member.members,
      smsCodes: deps.smsCode,
      orderTotals: deps.order.memberTotals,
      line,
      now,
    });
    deps.payment.credit.connect(credit.payer);
    const bills = createCreditBills({
      db,
      repository,
      ledger,
      messages: deps.memberMessage,
      verifyPaymentPassword: deps.memberAuth.verifyPaymentPassword,
      repayOnline: deps.payment.credit.repayOnline,
      closeBillAttemptsIn: deps.payment.credit.closeBillAttemptsIn,
      now,
    });
    deps.payment.credit.connectBills(bills.payee);
    const review = createCreditReviewService({
      repository: createCreditReviewRepository(db),
      bills: repository,
      ledger,
      member: deps.member,
      staff: deps.staff,
      messages: deps.memberMessage,
      now,
    });
    return {
      api: {
        daily: bills.daily,
        overdueMembers: () => repository.overdueMembers(chinaDayOf(now())),
      } satisfies CreditPaymentApi,
      routes: (route) =>
        registerCreditPaymentRoutes(route, { credit, bills, review, line, today: now }),
      jobs: (registry) => {
        registry.handle(creditDailyJob, async (_payload, run) => {
          const day = chinaDayOf(run.scheduledFor ?? now());
          run.log.info({ day, ...(await bills.daily(day)) }, 'credit: daily bills and reminders');
        });
        registry.schedule(creditDailyJob, CREDIT_DAILY_SCHEDULE, {
          backfillMs: CREDIT_DAILY_BACKFILL_MS,
        });
      },
    };
  },
});
