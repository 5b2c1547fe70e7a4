import { Alert } from 'antd';
import { orderActions, orderStatusNames, type OrderAction, type OrderStatus } from '@pcb/contract';

/** Where the action takes the order, as the lifecycle table says (nothing when it stays). */
export function StatusMove({
  action,
  from,
  extra,
}: {
  action: OrderAction;
  from: OrderStatus;
  /** What else the member or the next role will see. */
  extra?: string;
}) {
  const to = orderActions[action].to;
  const move =
    to === 'same' || to === from
      ? null
      : to === 'confirmed'
        ? '会员确认后订单继续处理'
        : `订单将由「${orderStatusNames[from]}」变为「${orderStatusNames[to]}」`;
  if (!move && !extra) return null;
  return (
    <Alert
      type="info"
      showIcon
      style={{ marginBottom: 16 }}
      title={[move, extra].filter(Boolean).join('；')}
    />
  );
}
