import type { Tx } from '../../db/client';
import type { AuthMember } from '../../http/auth';
import type { PaymentChannel } from '../../integrations/payment/payment-provider';

/**
 * What paying on credit (月结, decision 0059) asks of the credit-payment module, which is
 * listed below this one and connects it when it is built (as the order module connects its
 * orders). The ledger posting itself is the pay service's, like the balance's: the member's
 * `memberCredit` account, which never goes below zero, pays the order.
 */
export interface CreditPayer {
  /**
   * Before the payment's transaction: the member has an approved line and no overdue bill, the
   * mobile is one of theirs and the code texted to it is right (it is used up).
   */
  authorize: (
    member: AuthMember,
    input: { creditMobile?: string | undefined; smsCode?: string | undefined },
    ip: string,
  ) => Promise<void>;
  /**
   * In the payment's transaction: the order is paid on credit (to be billed), `amount` of it
   * (its total less a coupon's deduction).
   */
  paidIn: (
    tx: Tx,
    order: { id: number; memberId: number; orderNo: string },
    amount: number,
    at: Date,
  ) => Promise<void>;
  /**
   * In a cancellation's transaction: the credit part of a refund goes back to the credit line,
   * or to the balance when the bill it was on was already repaid.
   */
  refundIn: (
    tx: Tx,
    order: { id: number; memberId: number },
    amount: number,
    at: Date,
  ) => Promise<'credit' | 'balance'>;
}

/** One slot the credit module fills when it is built. */
export function creditPayerSlot() {
  let connected: CreditPayer | null = null;
  return {
    connect: (payer: CreditPayer) => {
      connected = payer;
    },
    get: (): CreditPayer => {
      if (!connected) throw new Error('payment: the credit module has not connected');
      return connected;
    },
  };
}

/** A credit bill as an online repayment reads it under its lock (decision 0065). */
export interface CreditBillRef {
  id: number;
  memberId: number;
  period: string;
  /** What is left to repay, fen. */
  outstanding: number;
  isPaid: boolean;
}

/**
 * What repaying a bill online asks of the credit-payment module (decision 0065), which connects
 * it when it is built; the ledger posting (the provider's clearing → the credit line) is the
 * settlement's.
 */
export interface CreditBillPayee {
  /** The bill, locked (the first lock a repayment takes, as an order's is for its payment). */
  lockIn: (tx: Tx, billId: number) => Promise<CreditBillRef | null>;
  /**
   * The bill repaid by `amount` (its whole outstanding sum) through `channel`, if still unpaid;
   * once, the member told in the same transaction.
   */
  repaidIn: (
    tx: Tx,
    billId: number,
    amount: number,
    at: Date,
    channel: PaymentChannel,
  ) => Promise<boolean>;
}

/** One slot the credit module fills with its bills' side. */
export function creditBillSlot() {
  let connected: CreditBillPayee | null = null;
  return {
    connect: (payee: CreditBillPayee) => {
      connected = payee;
    },
    get: (): CreditBillPayee => {
      if (!connected) throw new Error('payment: the credit module has not connected its bills');
      return connected;
    },
  };
}
