import { StaffOrder, type StaffOrderDetail } from '@pcb/contract/staff-order';
import { ReasonModal } from '../../../../components/form/reason-modal';
import { useCancelOrder } from '../../api/cancel-order';
import { refreshOnConflict } from '../../api/desk-queries';

/** The reasons staff cancel an order for most often. */
export const CANCEL_PRESETS = [
  '会员要求取消订单',
  '设计文件无法生产，请修改后重新下单',
  '重复下单',
  '会员长时间未确认工程问题',
  '超过付款期限未付款',
] as const;

/** 取消订单 (before payment) with the reason the member reads. */
export function CancelOrderModal({
  detail,
  onClose,
}: {
  detail: StaffOrderDetail;
  onClose: () => void;
}) {
  const cancel = useCancelOrder();
  return (
    <ReasonModal
      title={`取消订单：${detail.orderNo}`}
      okText="取消订单"
      success="订单已取消，会员将收到通知"
      reason={StaffOrder.Cancel.input.shape.reason}
      maxLength={200}
      presets={CANCEL_PRESETS}
      placeholder="会员将看到取消原因"
      pending={cancel.isPending}
      onSubmit={(reason) => cancel.mutateAsync({ id: detail.id, reason })}
      onRefused={refreshOnConflict}
      onClose={onClose}
    />
  );
}
