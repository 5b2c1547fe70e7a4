import { Button } from 'antd-mobile';
import { useNavigate } from 'react-router';
import type { MemberOrderDetail } from '@pcb/contract';
import { paths } from '../../../lib/paths';
import { actionLabel } from '../order-actions';

/** Open engineering questions: the first one, and the way to answer them all. */
export default function EqPrompt({ order }: { order: MemberOrderDetail }) {
  const navigate = useNavigate();
  const open = order.eqs.filter((eq) => eq.status === 'open');
  const first = open[0];
  if (!first) return null;
  return (
    <section className="ol-card ol-prompt" aria-label="工程问题" data-testid="eq-prompt">
      <h2 className="ol-card-title">工程师有{open.length}个问题需要您确认</h2>
      <p className="ol-eq-question">{first.question}</p>
      <p className="ol-hint">
        {order.pendingPriceChange
          ? '回复问题并确认下方的新价格后，工程师继续审核，订单才能进入下一步。'
          : '回复后工程师继续审核，订单才能进入下一步。'}
      </p>
      <div className="ol-row ol-row-end">
        <Button
          size="small"
          shape="rounded"
          color="primary"
          onClick={() => void navigate(`${paths.eqReply}?orderId=${order.id}`)}
          data-testid="eq-reply"
        >
          {actionLabel('replyEq')}
        </Button>
      </div>
    </section>
  );
}
