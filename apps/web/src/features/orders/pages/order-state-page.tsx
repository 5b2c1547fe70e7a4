import { orderKindNames } from '@pcb/pricing';
import { useState } from 'react';
import type { PublicOrderState } from '@pcb/contract';
import { orderStatusNames } from '@pcb/contract/order-life';
import { OrderState } from '@pcb/contract/order-state';
import { SubmitButton } from '../../../components/form/submit-button';
import { TextField } from '../../../components/form/text-field';
import { useContractForm } from '../../../components/form/use-contract-form';
import { PageHeader } from '../../../components/page-header';
import { ApiError } from '@pcb/client';
import { formatDate, formatDateTime } from '../../../lib/date';
import { useQueryOrderState } from '../api/query-order-state';
import { OrderStatusTag } from '../components/order-status-tag';
import { ParcelEvents } from '../components/parcel-events';
import '../../../components/screen.css';
import '../order-summary.css';
import '../order-screens.css';

interface Refusal {
  message: string;
  retryAfterSeconds: number | null;
}

function Result({ state }: { state: PublicOrderState }) {
  return (
    <>
      <section className="ol-card" aria-label="订单状态" data-testid="order-state-result">
        <div className="ol-card-head">
          <h2 className="ol-card-title">
            {orderKindNames[state.kind].name}订单 {state.orderNo}
          </h2>
          <OrderStatusTag status={state.status} />
        </div>
        <p className="ol-param-string">{state.paramString}</p>
        <dl className="ol-facts">
          <div>
            <dt>下单日期</dt>
            <dd>{formatDate(state.createdAt)}</dd>
          </div>
          <div>
            <dt>收货人</dt>
            <dd data-testid="order-state-receiver">
              {state.receiver.receiverName} {state.receiver.mobile}
            </dd>
          </div>
          <div>
            <dt>收货地区</dt>
            <dd>{state.receiver.regionText}</dd>
          </div>
        </dl>
      </section>
      <section className="ol-card" aria-label="订单进度">
        <h2 className="ol-card-title">订单进度</h2>
        <ol className="ol-timeline" data-testid="order-state-timeline">
          {state.timeline.map((entry, i) => (
            <li
              key={`${entry.at}-${i}`}
              className={`ol-tl-item${i === state.timeline.length - 1 ? ' ol-tl-current' : ''}`}
            >
              <div className="ol-tl-head">
                <span className="ol-tl-title">
                  {entry.fromStatus === null ? '提交订单' : orderStatusNames[entry.toStatus]}
                </span>
              </div>
              <div className="ol-hint">{formatDateTime(entry.at)}</div>
            </li>
          ))}
        </ol>
        {state.productionSteps.some((s) => s.doneAt) && (
          <ol className="ol-steps" aria-label="生产工序">
            {state.productionSteps.map((s) => (
              <li key={s.step} className={s.doneAt ? 'ol-step-done' : 'ol-step-todo'}>
                <span>{s.name}</span>
                <span className="ol-hint">{s.doneAt ? formatDateTime(s.doneAt) : '待完成'}</span>
              </li>
            ))}
          </ol>
        )}
      </section>
      {state.parcels.map((parcel, i) => (
        <section key={`${parcel.trackingNo}-${i}`} className="ol-card" aria-label={`包裹${i + 1}`}>
          <h2 className="ol-card-title">
            包裹{i + 1} · {parcel.courierName}
          </h2>
          <p className="ol-hint">
            运单号 {parcel.trackingNo} · 发货 {formatDateTime(parcel.shippedAt)}
          </p>
          <ParcelEvents events={parcel.events} />
        </section>
      ))}
    </>
  );
}

/**
 * /orderState (public): the order number and the receiver's mobile show the order's masked
 * state, timeline and parcels. A wrong number and a wrong mobile read the same; too many
 * look-ups are refused for a while, and the page says so.
 */
export function OrderStatePage() {
  const query = useQueryOrderState();
  const [state, setState] = useState<PublicOrderState | null>(null);
  const [refusal, setRefusal] = useState<Refusal | null>(null);
  const form = useContractForm({
    schema: OrderState.Query.input,
    defaultValues: { orderNo: '', mobile: '' },
    failMessage: '查询失败，请稍后重试',
    submit: async (values) => {
      setRefusal(null);
      setState(null);
      setState(await query.mutateAsync(values));
    },
    onRefused: (error) => {
      // Not found and too many look-ups are the answer, shown where the result would be.
      if (
        error instanceof ApiError &&
        error.field === null &&
        error.status >= 400 &&
        error.status < 500
      ) {
        setRefusal({ message: error.message, retryAfterSeconds: error.retryAfterSeconds });
        return true;
      }
      return false;
    },
  });

  return (
    <div className="screen" data-testid="order-state-page">
      <PageHeader>订单查询</PageHeader>
      <form className="ol-card ol-form" onSubmit={form.onSubmit} noValidate>
        <p className="ol-hint">无需登录：输入订单号和收货人手机号，查看订单进度与物流。</p>
        <TextField
          form={form}
          name="orderNo"
          id="order-state-no"
          label="订单号"
          placeholder="如 P2026112400001"
          autoComplete="off"
        />
        <TextField
          form={form}
          name="mobile"
          id="order-state-mobile"
          label="手机号"
          placeholder="订单收货人的手机号"
          autoComplete="tel"
        />
        <SubmitButton form={form} loadingText="查询中" testId="order-state-submit">
          查询
        </SubmitButton>
      </form>
      {refusal && (
        <p className="ol-card ol-error" role="alert" data-testid="order-state-refusal">
          {refusal.message}
          {refusal.retryAfterSeconds
            ? `（约${Math.ceil(refusal.retryAfterSeconds / 60)}分钟后可再查询）`
            : ''}
        </p>
      )}
      {state && <Result state={state} />}
    </div>
  );
}
