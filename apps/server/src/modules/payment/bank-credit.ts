import { INT4_MAX } from '@pcb/contract';
import type { Tx } from '../../db/client';
import { accounts, type Ledger } from './ledger.repository';

export interface BankCredit {
  /** The bank transfer's row: `bankTransfer:<id>` is the ledger transaction's key. */
  transferId: number;
  memberId: number;
  amount: number;
  bankReference: string;
  payerName: string | null;
  /** The staff member who recorded, imported or assigned it. */
  staffId: number;
  at: Date;
}

/** The ledger transaction of a bank transfer's credit (unique: a transfer is credited once). */
export const bankTransferRef = (transferId: number) => `bankTransfer:${transferId}`;

/**
 * Bank transfers to members' virtual accounts credited to their balances (decision 0055):
 * `bank` → `mb:<member>`, a `recharge` in the member's logs (对公转账), in the caller's
 * transaction. Every credit locks the `bank` account first, so crediting transactions queue on
 * it and never wait on each other crosswise; the members' accounts are made before (`prepare`),
 * as making one may wait for another transaction that is making it too.
 */
export function createBankCredits(deps: { ledger: Ledger }) {
  const { ledger } = deps;
  return {
    /** The members' ledger accounts, made in ascending order, before any credit. */
    async prepare(tx: Tx, memberIds: Iterable<number>): Promise<void> {
      for (const memberId of [...new Set(memberIds)].sort((a, b) => a - b)) {
        await ledger.ensureMember(tx, memberId);
      }
    },

    /**
     * Credits the transfer; false, writing nothing, when the balance would pass what its column
     * holds (the transfer then waits for finance). Throws when the transfer was credited
     * before: the caller decides on its row under a lock, so that is a bug, not a retry.
     */
    async credit(tx: Tx, credit: BankCredit): Promise<boolean> {
      const balanceKey = accounts.balance(credit.memberId);
      await ledger.lock(tx, [accounts.bank]);
      const locked = await ledger.lock(tx, [balanceKey]);
      if (locked.get(balanceKey)!.balance + credit.amount > INT4_MAX) return false;
      const posted = await ledger.post(tx, {
        kind: 'recharge',
        ref: bankTransferRef(credit.transferId),
        memberId: credit.memberId,
        note: `对公转账到账，流水号${credit.bankReference}${credit.payerName ? `，付款户名${credit.payerName}` : ''}`.slice(
          0,
          200,
        ),
        staffId: credit.staffId,
        at: credit.at,
        legs: [
          { key: accounts.bank, amount: -credit.amount },
          { key: balanceKey, amount: credit.amount },
        ],
      });
      if (posted === null)
        throw new Error(`bank transfer ${credit.transferId} was credited before`);
      return true;
    },
  };
}

export type BankCredits = ReturnType<typeof createBankCredits>;
