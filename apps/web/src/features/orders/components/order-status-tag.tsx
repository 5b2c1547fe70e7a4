import { orderStatusNames, type OrderStatus } from '@pcb/contract/order-life';
import '../order-summary.css';

/** The status as a small tag; what waits for the member stands out. */
export function OrderStatusTag({ status }: { status: OrderStatus }) {
  return (
    <span className={`ol-status ol-status-${status}`} data-testid="order-status">
      {orderStatusNames[status]}
    </span>
  );
}
