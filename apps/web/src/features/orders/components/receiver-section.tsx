import { Button } from 'antd-mobile';
import { useNavigate } from 'react-router';
import { maskMobile, type MemberOrderDetail } from '@pcb/contract';
import { orderHref, paths } from '../../../lib/paths';
import { actionLabel } from '../order-actions';

export const receiverText = (r: MemberOrderDetail['receiver']) =>
  `${r.province}${r.city}${r.county} ${r.address}`;

/** Where the boards go, and the way to change it while the table allows. */
export function ReceiverSection({
  order,
  canChange,
}: {
  order: MemberOrderDetail;
  canChange: boolean;
}) {
  const navigate = useNavigate();
  const r = order.receiver;
  return (
    <section className="ol-card" aria-label="收货信息" data-testid="order-receiver">
      <h2 className="ol-card-title">收货信息</h2>
      <p className="ol-receiver-name">
        <strong data-testid="order-receiver-name">{r.receiverName}</strong> {maskMobile(r.mobile)}
      </p>
      <p className="ol-hint" data-testid="order-receiver-address">
        {receiverText(r)}
      </p>
      <dl className="ol-facts">
        <div>
          <dt>快递</dt>
          <dd>{order.courierName}</dd>
        </div>
        <div>
          <dt>发票</dt>
          <dd>
            {order.invoiceName}
            {order.invoiceTitle ? `（${order.invoiceTitle}）` : ''}
          </dd>
        </div>
        {order.contact && (
          <div>
            <dt>联系人</dt>
            <dd>
              {order.contact.contactName} {maskMobile(order.contact.mobile)}
            </dd>
          </div>
        )}
        {order.remark && (
          <div>
            <dt>备注</dt>
            <dd>{order.remark}</dd>
          </div>
        )}
      </dl>
      {canChange && (
        <div className="ol-row ol-row-end">
          <Button
            size="small"
            shape="rounded"
            color="primary"
            fill="outline"
            onClick={() => void navigate(orderHref(paths.changeAddress, order))}
            data-testid="order-change-receiver"
          >
            {actionLabel('updateReceiver')}
          </Button>
        </div>
      )}
    </section>
  );
}
