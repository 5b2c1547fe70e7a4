import { createHash } from 'node:crypto';
import type { Tx } from '../../db/client';
import { AppError } from '../../http/errors';
import type { Clock } from '../../lib/clock';
import type { PaymentRepository } from './payment.repository';
import type { MoneyRequestRow } from './payment.table';

export const REQUEST_REUSED_MESSAGE = '请求编号已用于其他操作，请刷新后重试';
export const REQUEST_IN_PROGRESS_MESSAGE = '该支付请求正在处理中，请稍后查看订单';

/** What a request asked, without its secrets: a second use of the id must ask the same. */
export const digestOf = (action: string, asked: Record<string, unknown>): string =>
  createHash('sha256')
    .update(JSON.stringify({ action, ...asked }))
    .digest('hex');

/** Another call holds the request id: its answer is the answer (thrown out of the transaction). */
class RequestTaken extends Error {}

export interface RequestKey {
  memberId: number;
  requestId: string;
  action: string;
  digest: string;
}

/**
 * Money calls carry a request id (decision 0051): a retry with it answers what the first call
 * answered and does nothing again. The id is claimed first in the call's own transaction, so
 * a concurrent retry waits for that transaction and then reads its answer; a call that failed
 * (rolled back) leaves nothing, and its retry runs afresh.
 */
export function createRequestIds(deps: { repository: PaymentRepository; now: Clock }) {
  const { repository } = deps;

  /** The earlier call's row, refused when it asked for something else. */
  async function prior(key: RequestKey): Promise<MoneyRequestRow | null> {
    const row = await repository.request(key.memberId, key.requestId);
    if (row && (row.digest !== key.digest || row.action !== key.action)) {
      throw new AppError(409, REQUEST_REUSED_MESSAGE, { field: 'requestId' });
    }
    return row;
  }

  return {
    prior,

    /**
     * Runs `work` in a transaction that first claims the id; `work` answers what is stored for
     * a retry (null while an online payment waits for its provider). When a concurrent call
     * holds the id, `replay` answers from its row once it committed.
     */
    async once<T>(
      key: RequestKey,
      work: (tx: Tx) => Promise<{ answer: T; stored: T | null; attemptId?: number }>,
      replay: (row: MoneyRequestRow) => Promise<T>,
    ): Promise<T> {
      try {
        return await repository.transaction(async (tx) => {
          const claimed = await repository.claimRequest(tx, {
            memberId: key.memberId,
            requestId: key.requestId,
            action: key.action,
            digest: key.digest,
            createdAt: deps.now(),
          });
          if (!claimed) throw new RequestTaken();
          const { answer, stored, attemptId } = await work(tx);
          await repository.completeRequest(
            key,
            {
              ...(stored !== null ? { response: stored } : {}),
              ...(attemptId !== undefined ? { attemptId } : {}),
            },
            tx,
          );
          return answer;
        });
      } catch (error) {
        if (!(error instanceof RequestTaken)) throw error;
        const row = await prior(key);
        if (!row) throw new AppError(409, REQUEST_IN_PROGRESS_MESSAGE);
        return replay(row);
      }
    },

    /** Stores the answer once the provider gave it. */
    async complete(key: RequestKey, response: unknown): Promise<void> {
      await repository.completeRequest(key, { response });
    },

    /** Forgets a call whose online payment could not be started: its retry starts afresh. */
    async drop(key: RequestKey): Promise<void> {
      await repository.dropRequest(key);
    },
  };
}

export type RequestIds = ReturnType<typeof createRequestIds>;
