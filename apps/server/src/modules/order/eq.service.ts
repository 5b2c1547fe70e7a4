import type { EqListItem, EqOrderProgress } from '@pcb/contract';
import type { AuthMember } from '../../http/auth';
import { AppError } from '../../http/errors';
import type { Clock } from '../../lib/clock';
import { notInState } from '../../lib/workflow/transition';
import type { UploadApi } from '../upload/upload.module';
import { ORDER_NOT_FOUND_MESSAGE, type OrderLifecycle } from './order-lifecycle';
import type { OrderLifecycleRepository } from './order-lifecycle.repository';
import type { OrderViews } from './order-views';

export const EQ_NOT_FOUND_MESSAGE = '工程问题不存在';
export const EQ_ANSWERED_MESSAGE = '该工程问题已回复';
export const EQ_EMPTY_REPLY_MESSAGE = '请选择或填写回复';
export const EQ_CHOICE_MESSAGE = '请从建议选项中选择';
export const EQ_REPLY_IMAGE_MESSAGE = '请上传回复的图片';

/** Where an order stands for its questions: what the member's answer leads to. */
const progressOf = (order: {
  status: EqOrderProgress['status'];
  pendingPriceChangeId: number | null;
  openEqCount: number;
}): EqOrderProgress => ({
  status: order.status,
  openEqs: order.openEqCount,
  pendingPriceChange: order.pendingPriceChangeId !== null,
});

/**
 * Engineering questions as the member sees and answers them (EqQuestion, decision 0042). The
 * answer is an order action (`replyEq` of the lifecycle table): the last one, with no price
 * change waiting, sends the order back to the engineer (待审核).
 */
export function createEqService(deps: {
  lifecycle: OrderLifecycle;
  repository: OrderLifecycleRepository;
  views: OrderViews;
  uploads: Pick<UploadApi, 'assertUploaded'>;
  now: Clock;
}) {
  const { repository } = deps;

  return {
    async list(
      member: AuthMember,
      input: { orderId?: number | undefined; page: number; pageSize: number },
    ): Promise<{ items: EqListItem[]; total: number; page: number; pageSize: number }> {
      if (input.orderId !== undefined) {
        const order = await repository.find(input.orderId);
        if (!order || order.memberId !== member.id || order.deletedAt) {
          throw new AppError(404, ORDER_NOT_FOUND_MESSAGE);
        }
      }
      const { rows, total } = await repository.eqsForMember(member.id, input.orderId ?? null, {
        offset: (input.page - 1) * input.pageSize,
        limit: input.pageSize,
      });
      return {
        items: rows.map((r) => ({ ...deps.views.eqOf(r.eq, r), orderProgress: progressOf(r) })),
        total,
        page: input.page,
        pageSize: input.pageSize,
      };
    },

    async reply(
      member: AuthMember,
      input: {
        id: number;
        choice?: string | undefined;
        text?: string | undefined;
        images?: string[] | undefined;
      },
    ): Promise<{ ok: true; orderProgress: EqOrderProgress }> {
      const found = await repository.eq(input.id);
      if (!found || found.memberId !== member.id) throw new AppError(404, EQ_NOT_FOUND_MESSAGE);
      const choice = input.choice || null;
      const text = input.text || null;
      const images = input.images ?? [];
      if (!choice && !text && images.length === 0) {
        throw new AppError(400, EQ_EMPTY_REPLY_MESSAGE, { field: 'choice' });
      }
      if (choice && !found.options.includes(choice)) {
        throw new AppError(400, EQ_CHOICE_MESSAGE, { field: 'choice' });
      }
      for (const key of images) {
        await deps.uploads.assertUploaded(
          member.id,
          key,
          'eqReply',
          EQ_REPLY_IMAGE_MESSAGE,
          'images',
        );
      }
      const after = await repository.transaction(async (tx) => {
        // The order first, then the question: the order its staff lock when raising one.
        const order = await deps.lifecycle.lock(tx, found.orderId);
        const eq = await repository.eqForUpdate(tx, found.id);
        if (!eq || eq.status !== 'open') {
          throw notInState(eq?.status === 'withdrawn' ? '该工程问题已撤回' : EQ_ANSWERED_MESSAGE);
        }
        deps.lifecycle.assertAllowed('replyEq', order);
        await repository.answerEq(tx, eq.id, {
          answerChoice: choice,
          answerText: text,
          answerImages: images,
          answeredAt: deps.now(),
          answeredByMemberId: member.mainMemberId ?? member.id,
        });
        return deps.lifecycle.act(
          tx,
          order,
          'replyEq',
          { kind: 'member', member },
          {
            set: {
              openEqCount: order.openEqCount - 1,
              answeredEqCount: order.answeredEqCount + 1,
            },
            note: `回复工程问题：${choice ?? text ?? '（图片）'}`.slice(0, 500),
          },
        );
      });
      return { ok: true, orderProgress: progressOf(after) };
    },
  };
}

export type EqService = ReturnType<typeof createEqService>;
