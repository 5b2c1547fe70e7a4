import { Button } from 'antd-mobile';
import { useNavigate } from 'react-router';
import type { MemberOrderDetail } from '@pcb/contract';
import { paths } from '../../../lib/paths';
import { actionLabel, type BarAction } from '../order-actions';
import { useOrderCommands } from '../use-order-commands';

/**
 * The detail's bottom bar: 去付款 and the actions the lifecycle table allows, in the table's
 * order. Delete, confirm receipt and reorder run here; paying, cancelling and editing open the
 * page's sheets. Loaded while the order loads (order-detail-page.tsx), with its commands.
 */
export default function OrderActionBar({
  order,
  actions,
  canPay,
  onPay,
  onCancel,
  onEdit,
}: {
  order: MemberOrderDetail;
  actions: BarAction[];
  canPay: boolean;
  onPay: () => void;
  onCancel: () => void;
  onEdit: () => void;
}) {
  const navigate = useNavigate();
  const commands = useOrderCommands(order.kind);

  const run = (action: BarAction) => {
    if (action === 'cancel') return onCancel();
    if (action === 'edit') return onEdit();
    if (action === 'delete')
      return void commands.remove(order, () => void navigate(paths.theOrders, { replace: true }));
    if (action === 'confirmReceipt') return void commands.confirmReceipt(order);
    return void commands.reorder(order);
  };

  return (
    <div className="ol-bar" data-testid="order-actions">
      {canPay && (
        <Button
          size="small"
          shape="rounded"
          color="primary"
          fill="solid"
          disabled={commands.isPending}
          onClick={onPay}
          data-testid="order-pay"
        >
          去付款
        </Button>
      )}
      {actions.map((action, i) => (
        <Button
          key={action}
          size="small"
          shape="rounded"
          color={action === 'cancel' || action === 'delete' ? 'default' : 'primary'}
          fill={
            i === 0 && !canPay && action !== 'cancel' && action !== 'delete' ? 'solid' : 'outline'
          }
          disabled={commands.isPending}
          onClick={() => run(action)}
          data-testid={`order-action-${action}`}
        >
          {actionLabel(action)}
        </Button>
      ))}
    </div>
  );
}
