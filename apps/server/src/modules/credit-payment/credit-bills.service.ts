import {
  BILL_ALREADY_REPAID_MESSAGE,
  BILL_DUE_DAYS,
  BILL_REMIND_DAYS,
  type CreditBill,
  type OnlinePayment,
} from '@pcb/contract';
import type { Db, Tx } from '../../db/client';
import type { AuthMember } from '../../http/auth';
import { AppError } from '../../http/errors';
import type { Clock } from '../../lib/clock';
import type { MemberMessageApi } from '../member-message/member-message.module';
import {
  accounts,
  LedgerShortfall,
  type CreditBillPayee,
  type Ledger,
  type PaymentApi,
} from '../payment/payment.module';
import { addDays, chinaDayOf, dayOfMonth, dayStart } from './credit-dates';
import { creditMessages } from './credit-payment.messages';
import type { CreditRepository } from './credit-payment.repository';
import type { CreditBillRow } from './credit-payment.table';
import { BILL_NOT_FOUND_MESSAGE } from './credit-payment.service';
import { outstandingOf, toBill } from './credit-views';

export const repayShortMessage = '余额不足，请先充值后再还款';

/**
 * Monthly bills (decision 0060): on each member's billing day the credit orders paid before it
 * and not billed become one bill (one per member and month: its unique key), due
 * BILL_DUE_DAYS later; reminders before and on the due day; repaying from the balance.
 */
export function createCreditBills(deps: {
  db: Db;
  repository: CreditRepository;
  ledger: Ledger;
  messages: Pick<MemberMessageApi, 'sendIn' | 'send'>;
  verifyPaymentPassword: (memberId: number, password: string) => Promise<void>;
  repayOnline: PaymentApi['credit']['repayOnline'];
  closeBillAttemptsIn: PaymentApi['credit']['closeBillAttemptsIn'];
  now: Clock;
}) {
  const { repository, ledger } = deps;

  /**
   * Bills every approved line whose billing day `day` is (`only` this member's, for the demo
   * seed); how many bills were made.
   */
  async function run(day: string, only?: number): Promise<number> {
    const members = await repository.approvedOnDay(dayOfMonth(day));
    let created = 0;
    for (const { memberId } of members) {
      if (only !== undefined && memberId !== only) continue;
      const bill = await repository.createBill(
        memberId,
        { period: day.slice(0, 7), billDate: day, dueDate: addDays(day, BILL_DUE_DAYS) },
        dayStart(day),
        deps.now(),
      );
      if (!bill) continue;
      created++;
      await deps.messages.send(creditMessages.billed(bill));
    }
    return created;
  }

  /** The reminders of `day`: bills due in BILL_REMIND_DAYS days, and bills due today; once. */
  async function remind(day: string): Promise<number> {
    return deps.db.transaction(async (tx) => {
      const at = deps.now();
      const soon = await repository.takeReminders(tx, addDays(day, BILL_REMIND_DAYS), 'before', at);
      const due = await repository.takeReminders(tx, day, 'due', at);
      for (const bill of soon) await deps.messages.sendIn(tx, creditMessages.dueSoon(bill));
      for (const bill of due) await deps.messages.sendIn(tx, creditMessages.dueToday(bill));
      return soon.length + due.length;
    });
  }

  /** The bills' side of an online repayment (decision 0065), for the payment module. */
  const payee: CreditBillPayee = {
    async lockIn(tx, billId) {
      const bill = await repository.lockBill(tx, billId);
      return bill
        ? {
            id: bill.id,
            memberId: bill.memberId,
            period: bill.period,
            outstanding: outstandingOf(bill),
            isPaid: bill.status === 'paid',
          }
        : null;
    },
    async repaidIn(tx, billId, amount, at, channel) {
      if (!(await repository.repayBillIn(tx, billId, amount, at))) return false;
      const bill = await repository.bill(billId, tx);
      await deps.messages.sendIn(tx, creditMessages.repaid(bill!, amount, channel));
      return true;
    },
  };

  /**
   * The whole outstanding sum of the member's locked, unpaid bill repaid from the balance, in
   * the caller's transaction: an online repayment still open for it is closed first (the
   * provider's page closed by a job; paid there late, refunded: decision 0065), then the balance
   * pays the credit line back (`creditRepay:<bill>`, once), the bill is paid and the member told.
   */
  async function repayFromBalanceIn(tx: Tx, bill: CreditBillRow): Promise<CreditBillRow> {
    const amount = outstandingOf(bill);
    const at = deps.now();
    await deps.closeBillAttemptsIn(tx, bill.id);
    await ledger.ensureMember(tx, bill.memberId);
    await ledger.ensureCredit(tx, bill.memberId);
    try {
      await ledger.post(tx, {
        kind: 'creditRepay',
        ref: `creditRepay:${bill.id}`,
        memberId: bill.memberId,
        note: `月结账单${bill.period}还款`,
        at,
        legs: [
          { key: accounts.balance(bill.memberId), amount: -amount },
          { key: accounts.credit(bill.memberId), amount },
        ],
      });
    } catch (error) {
      if (error instanceof LedgerShortfall) throw new AppError(400, repayShortMessage);
      throw error;
    }
    const row = await repository.updateBill(tx, bill.id, {
      repaidFen: bill.repaidFen + amount,
      status: 'paid',
      paidAt: at,
    });
    await deps.messages.sendIn(tx, creditMessages.repaid(row, amount, 'balance'));
    return row;
  }

  return {
    run,
    remind,
    payee,
    repayFromBalanceIn,
    /** The daily job's work: today's bills, then today's reminders. */
    async daily(day = chinaDayOf(deps.now())) {
      const created = await run(day);
      const reminded = await remind(day);
      return { created, reminded };
    },

    /**
     * Repays the whole bill from the balance, with the payment password: the balance pays the
     * credit line back (`creditRepay:<bill>`, once), the bill is paid. A bill repaid already
     * answers as it is (a repeated click pays once).
     */
    async repay(member: AuthMember, billId: number, password: string): Promise<CreditBill> {
      const found = await repository.bill(billId);
      if (!found || found.memberId !== member.id) throw new AppError(404, BILL_NOT_FOUND_MESSAGE);
      await deps.verifyPaymentPassword(member.id, password);
      const row = await deps.db.transaction(async (tx) => {
        const bill = await repository.lockBill(tx, billId);
        if (!bill) throw new AppError(404, BILL_NOT_FOUND_MESSAGE);
        if (bill.status === 'paid') return bill;
        return repayFromBalanceIn(tx, bill);
      });
      return toBill(row, chinaDayOf(deps.now()));
    },

    /**
     * Starts repaying the whole bill through Alipay or WeChat Pay (decision 0065): another
     * member's bill is 404, a repaid one 409; the bill is repaid when the provider confirms.
     */
    async repayOnline(
      member: AuthMember,
      input: Parameters<PaymentApi['credit']['repayOnline']>[1],
      ip: string,
    ): Promise<OnlinePayment> {
      const found = await repository.bill(input.id);
      if (!found || found.memberId !== member.id) throw new AppError(404, BILL_NOT_FOUND_MESSAGE);
      if (found.status === 'paid') throw new AppError(409, BILL_ALREADY_REPAID_MESSAGE);
      return deps.repayOnline(member, input, ip);
    },
  };
}

export type CreditBills = ReturnType<typeof createCreditBills>;
