import type { Balances } from '@pcb/contract';
import { yuan } from '@pcb/pricing';
import type { StaffWrite } from '../../http/define-route';
import { AppError } from '../../http/errors';
import type { Clock } from '../../lib/clock';
import type { MemberMessageApi } from '../member-message/member-message.module';
import type { MemberApi } from '../member/member.module';
import { accounts, LedgerShortfall, type Ledger } from './ledger.repository';
import { paymentMessages } from './payment-messages';
import { REQUEST_REUSED_MESSAGE } from './request-ids';

export const MEMBER_NOT_FOUND_MESSAGE = '会员不存在';

/**
 * Finance's adjustments (decision 0051): only as a ledger transaction against `adjustment`,
 * with a reason, audited in the same transaction, the member told. The request id is the
 * transaction's key, so a retried request adjusts nothing twice.
 */
export function createAdjustments(deps: {
  ledger: Ledger;
  members: Pick<MemberApi['members'], 'findById'>;
  messages: Pick<MemberMessageApi, 'sendIn'>;
  now: Clock;
}) {
  const { ledger } = deps;

  return {
    /**
     * 404 unless the member exists: run before the write's transaction opens (`beforeWrite`),
     * since the member module reads on a connection of its own — inside the transaction, 60
     * adjustments at once held every connection and waited for one more.
     */
    async assertMember(memberId: number): Promise<void> {
      if (!(await deps.members.findById(memberId))) {
        throw new AppError(404, MEMBER_NOT_FOUND_MESSAGE);
      }
    },

    /** The member exists (`assertMember`, before the transaction). */
    async adjust(
      w: StaffWrite,
      input: {
        memberId: number;
        account: 'balance' | 'gift';
        amount: number;
        reason: string;
        requestId: string;
      },
    ): Promise<Balances> {
      const { tx } = w;
      const key =
        input.account === 'balance'
          ? accounts.balance(input.memberId)
          : accounts.gift(input.memberId);
      const name = input.account === 'balance' ? '余额' : '赠送金额';
      const ref = `adjust:${input.requestId}`;
      const note = `${name}调整：${input.reason}`;
      await ledger.ensureMember(tx, input.memberId);
      const before = await ledger.balancesOf(input.memberId, tx);
      let posted: number | null;
      try {
        posted = await ledger.post(tx, {
          kind: 'adjustment',
          ref,
          memberId: input.memberId,
          note,
          staffId: w.staff.id,
          at: deps.now(),
          legs: [
            { key: accounts.adjustment, amount: -input.amount },
            { key, amount: input.amount },
          ],
        });
      } catch (error) {
        if (!(error instanceof LedgerShortfall)) throw error;
        throw new AppError(400, `扣减金额超过会员当前${name}（${yuan(error.balance)}）`, {
          field: 'amount',
        });
      }
      if (posted === null) {
        // A retry answers the first answer only when it asks the same: the same member,
        // account, amount and reason; another adjustment under a used id is refused.
        const prior = await ledger.postedUnder(tx, ref);
        if (
          !prior ||
          prior.memberId !== input.memberId ||
          prior.note !== note ||
          prior.legs.size !== 2 ||
          prior.legs.get(key) !== input.amount
        ) {
          throw new AppError(409, REQUEST_REUSED_MESSAGE, { field: 'requestId' });
        }
      }
      const after = await ledger.balancesOf(input.memberId, tx);
      await w.audit(
        'member',
        input.memberId,
        { account: input.account, ...before },
        posted === null
          ? { replayed: input.requestId }
          : { account: input.account, amount: input.amount, reason: input.reason, ...after },
      );
      if (posted !== null) {
        await deps.messages.sendIn(
          tx,
          paymentMessages.adjusted(input.memberId, input.account, input.amount, input.reason),
        );
      }
      return after;
    },
  };
}

export type Adjustments = ReturnType<typeof createAdjustments>;
