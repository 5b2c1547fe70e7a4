import { useState } from 'react';
import { Button, Popup, TextArea } from 'antd-mobile';
import type { OrderKind } from '@pcb/contract/order-life';
import { errorMessage, showFail, showSuccess } from '../../../components/feedback';
import { useCancelOrder } from '../api/cancel-order';
import { actionLabel } from '../order-actions';

/** Reasons a member picks from; 其他 asks for the member's own words. */
export const cancelReasons = [
  '参数填写有误，需重新下单',
  '文件有误，需重新下单',
  '交期不满足需求',
  '价格不合适',
  '重复下单',
  '项目取消或需求变更',
] as const;
const OTHER = '其他';

/**
 * The reason picker of 取消订单: one of the common reasons, or the member's own. Loaded on the
 * first 取消订单 (antd-mobile's Popup brings its animation library: decision 0012).
 */
export default function CancelSheet({
  order,
  visible,
  refunds = false,
  onClose,
}: {
  order: { id: number; kind: OrderKind };
  visible: boolean;
  /** The order is paid: cancelling refunds it to where the money came from. */
  refunds?: boolean;
  onClose: () => void;
}) {
  const cancel = useCancelOrder(order.kind);
  const confirm = async (reason: string) => {
    try {
      await cancel.mutateAsync({ id: order.id, reason });
      showSuccess('订单已取消');
      onClose();
    } catch (error) {
      showFail(errorMessage(error, '取消失败，请稍后重试'));
    }
  };
  const [choice, setChoice] = useState<string | null>(null);
  const [other, setOther] = useState('');
  const reason = choice === OTHER ? other.trim() : choice;
  return (
    <Popup
      visible={visible}
      onMaskClick={onClose}
      onClose={onClose}
      bodyClassName="ol-sheet"
      destroyOnClose
    >
      <h2 className="ol-sheet-title">请选择取消原因</h2>
      <div
        className="ol-reasons"
        role="radiogroup"
        aria-label="取消原因"
        data-testid="cancel-reasons"
      >
        {[...cancelReasons, OTHER].map((r) => (
          <button
            key={r}
            type="button"
            role="radio"
            aria-checked={choice === r}
            className="ol-reason"
            onClick={() => setChoice(r)}
          >
            {r}
          </button>
        ))}
      </div>
      {choice === OTHER && (
        <>
          <label className="ol-label" htmlFor="cancel-other-reason">
            取消原因
          </label>
          <TextArea
            id="cancel-other-reason"
            className="ol-textarea"
            placeholder="请填写取消原因"
            maxLength={200}
            showCount
            value={other}
            onChange={setOther}
          />
        </>
      )}
      {refunds && (
        <p className="ol-hint" data-testid="cancel-refund-note">
          订单已付款：取消后原路退款，余额和赠送金额退回账户，在线支付退回原支付账户。
        </p>
      )}
      <p className="ol-hint">取消后不可恢复；已取消的订单可以返单或删除。</p>
      <div className="ol-sheet-actions">
        <Button shape="rounded" onClick={onClose}>
          暂不取消
        </Button>
        <Button
          shape="rounded"
          color="danger"
          disabled={!reason}
          loading={cancel.isPending}
          onClick={() => {
            if (reason) void confirm(reason);
          }}
          data-testid="cancel-confirm"
        >
          确认{actionLabel('cancel')}
        </Button>
      </div>
    </Popup>
  );
}
