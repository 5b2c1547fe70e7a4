import { useRef } from 'react';
import { useNavigate } from 'react-router';
import type { OrderKind } from '@pcb/contract/order-life';
import { confirmDialog, errorMessage, showFail, showSuccess } from '../../components/feedback';
import { newGuid } from '../../lib/guid';
import { orderHref, paths } from '../../lib/paths';
import { useConfirmReceipt } from './api/confirm-receipt';
import { useDeleteOrder } from './api/delete-order';
import { useReorder } from './api/reorder';

interface OrderRef {
  id: number;
  kind: OrderKind;
  orderNo: string;
}

/**
 * The writes a card and the detail share, each with its confirmation, its toast and where the
 * member lands: delete, confirm receipt, reorder. Cancelling is the cancel sheet's (loaded when
 * the member opens it).
 */
export function useOrderCommands(kind: OrderKind) {
  const navigate = useNavigate();
  const remove = useDeleteOrder(kind);
  const confirmReceipt = useConfirmReceipt(kind);
  const reorder = useReorder();
  // One request id per order and visit: a retry after a lost answer never orders twice.
  const reorderIds = useRef(new Map<number, string>());

  return {
    isPending: remove.isPending || confirmReceipt.isPending || reorder.isPending,

    async remove(order: OrderRef, after?: () => void): Promise<void> {
      const confirmed = await confirmDialog({
        content: `删除后订单${order.orderNo}将不再显示，确定删除吗？`,
        confirmText: '删除',
      });
      if (!confirmed) return;
      try {
        await remove.mutateAsync(order.id);
        showSuccess('订单已删除');
        after?.();
      } catch (error) {
        showFail(errorMessage(error, '删除失败，请稍后重试'));
      }
    },

    async confirmReceipt(order: OrderRef): Promise<void> {
      const confirmed = await confirmDialog({
        content: '请确认已收到全部包裹且货品无误。确认收货后订单完成。',
        confirmText: '确认收货',
      });
      if (!confirmed) return;
      try {
        await confirmReceipt.mutateAsync(order.id);
        showSuccess('已确认收货');
      } catch (error) {
        showFail(errorMessage(error, '操作失败，请稍后重试'));
      }
    },

    async reorder(order: OrderRef): Promise<void> {
      const confirmed = await confirmDialog({
        content:
          '按这笔订单的参数和文件再下一单？新订单按当前价格表计价，参数未变免工程费，提交后需重新审核。',
        confirmText: '返单',
      });
      if (!confirmed) return;
      let requestId = reorderIds.current.get(order.id);
      if (!requestId) {
        requestId = newGuid();
        reorderIds.current.set(order.id, requestId);
      }
      try {
        const placed = await reorder.mutateAsync({ id: order.id, requestId });
        reorderIds.current.delete(order.id);
        showSuccess(`已返单：${placed.orderNo}`);
        void navigate(orderHref(paths.orderDetail, placed));
      } catch (error) {
        showFail(errorMessage(error, '返单失败，请稍后重试'));
      }
    },
  };
}
