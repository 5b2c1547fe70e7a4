import { lazy, Suspense, useEffect, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import type { MemberOrderDetail, OrderStatus } from '@pcb/contract';

import { yuan, orderKindNames } from '@pcb/pricing';
import { errorMessage } from '../../../components/feedback';
import { PageHeader } from '../../../components/page-header';
import { PageEmpty, PageError, PageLoading } from '../../../components/page-status';
import { formatDate, formatDateTime } from '../../../lib/date';
import { orderHref, paths } from '../../../lib/paths';
import { useOrderDetail, useOrderProcess } from '../api/get-order-detail';
import { FeeLines } from '../components/fee-lines';
import { FileSection } from '../components/file-section';
import { PaidWithSection } from '../components/paid-with';
import { OrderStatusTag } from '../components/order-status-tag';
import { ParamList } from '../components/param-list';
import { ReceiverSection } from '../components/receiver-section';
import {
  awaitsPayment,
  barActionsOf,
  factsOfDetail,
  hasShipped,
  isPaid,
  memberActionsOf,
} from '../order-actions';
import { idFrom, kindFrom } from '../order-screens';
import type { ParamEditor } from '../param-editor';
import type { PaySheet } from '../pay-sheet-slot';
import '../../../components/screen.css';
import '../order-summary.css';
import '../order-screens.css';

// The sheets (antd-mobile's Popup and its animation library) load on their first open and stay
// mounted after it, so they close with their animation.
const CancelSheet = lazy(() => import('../components/cancel-sheet'));
const EditOrderSheet = lazy(() => import('../components/edit-order-sheet'));
// Sections of some statuses only (questions or a new price to answer, a payment due), loaded for
// an order in one: the others never download the price table, the transfer account or their calls.
const EqPrompt = lazy(() => import('../components/eq-prompt'));
const PriceChangePrompt = lazy(() => import('../components/price-change-prompt'));
const PaymentByTransfer = lazy(() => import('../components/payment-by-transfer'));

// The timeline (the page's last section) and the action bar with its commands: their code is
// asked for while the order loads (DetailQuery), so it is there with the order, outside the
// screen's first bytes (decision 0012's budgets).
const loadTimeline = () => import('../components/order-timeline');
const OrderTimeline = lazy(loadTimeline);
const loadActionBar = () => import('../components/order-action-bar');
const OrderActionBar = lazy(loadActionBar);

/** What the status means for the member, under it. */
const statusHints: Record<OrderStatus, string> = {
  pendingReview: '工程师正在审核您的文件和参数，审核通过后即可付款',
  awaitingConfirmation: '工程师需要您确认，请处理下方事项',
  awaitingPayment: '审核已通过，付款后安排生产',
  inProduction: '订单生产中，可在下方查看每道工序的进度',
  shipped: '包裹已发出，收到货品后请确认收货',
  completed: '订单已完成，感谢您的信任',
  cancelled: '订单已取消',
};

function Timeline({ order }: { order: MemberOrderDetail }) {
  // PCB reads its process from GetOrderProcess (the spec's call); SMT and stencil from the detail.
  const process = useOrderProcess(order.id, order.kind === 'pcb');
  if (order.kind !== 'pcb') {
    return <OrderTimeline timeline={order.timeline} steps={order.productionSteps} />;
  }
  if (process.isPending) return <p className="ol-hint">加载中…</p>;
  if (process.isError) {
    return (
      <p className="ol-error" role="alert">
        {errorMessage(process.error, '订单进度加载失败')}
        <button type="button" className="ol-link" onClick={() => void process.refetch()}>
          重试
        </button>
      </p>
    );
  }
  return <OrderTimeline timeline={process.data.timeline} steps={process.data.productionSteps} />;
}

function ParcelsSummary({ order }: { order: MemberOrderDetail }) {
  const navigate = useNavigate();
  const latest = order.parcels[0];
  return (
    <button
      type="button"
      className="ol-card ol-parcels-link"
      onClick={() => void navigate(orderHref(paths.orderTracker, order))}
      data-testid="order-parcels"
    >
      <span className="ol-card-title">物流信息</span>
      <span className="ol-hint">
        {order.parcels.length > 0
          ? `${order.parcels.length}个包裹 · ${latest?.courierName ?? ''} ${latest?.events[0]?.text ?? '已发货'}`
          : '查看包裹与物流'}
      </span>
      <span className="ol-link" aria-hidden="true">
        查看物流 ›
      </span>
    </button>
  );
}

function Detail({
  order,
  paramEditor,
  paySheet: PaySheetComponent,
}: {
  order: MemberOrderDetail;
  paramEditor?: ParamEditor;
  paySheet?: PaySheet;
}) {
  const navigate = useNavigate();
  const [search, setSearch] = useSearchParams();
  const facts = factsOfDetail(order);
  const actions = memberActionsOf(facts);
  const bar = barActionsOf(facts).filter((a) => a !== 'edit' || paramEditor);
  const canPay = awaitsPayment(facts) && PaySheetComponent !== undefined;
  const [cancelling, setCancelling] = useState(false);
  const [editing, setEditing] = useState(false);
  // Which sheets have been opened once (and are mounted from then on).
  const [opened, setOpened] = useState({ cancel: false, edit: false });
  // `?pay=1` (重新支付 on payFail) opens the sheet at once.
  const [paying, setPaying] = useState(() => canPay && search.get('pay') === '1');
  const closePay = () => {
    setPaying(false);
    if (search.has('pay')) {
      const next = new URLSearchParams(search);
      next.delete('pay');
      setSearch(next, { replace: true });
    }
  };

  return (
    <>
      <section className="ol-band" aria-label="订单状态" data-testid="order-band">
        <div className="ol-band-status">
          <OrderStatusTag status={order.status} />
          <span className="ol-band-total">{yuan(order.total)}</span>
        </div>
        <p className="ol-band-hint">{statusHints[order.status]}</p>
        {order.cancelReason && (
          <p className="ol-band-hint" data-testid="order-cancel-reason">
            取消原因：{order.cancelReason}
          </p>
        )}
      </section>

      {actions.includes('replyEq') && (
        <Suspense fallback={null}>
          <EqPrompt order={order} />
        </Suspense>
      )}
      {(actions.includes('acceptPrice') || actions.includes('refusePrice')) && (
        <Suspense fallback={null}>
          <PriceChangePrompt order={order} actions={actions} />
        </Suspense>
      )}
      {awaitsPayment(facts) && (
        <Suspense fallback={null}>
          <PaymentByTransfer orderNo={order.orderNo} total={order.total} />
        </Suspense>
      )}
      {hasShipped(facts) && <ParcelsSummary order={order} />}

      <section className="ol-card" aria-label="订单信息">
        <h2 className="ol-card-title">{orderKindNames[order.kind].name}订单</h2>
        <dl className="ol-facts">
          <div>
            <dt>订单号</dt>
            <dd data-testid="order-no">{order.orderNo}</dd>
          </div>
          <div>
            <dt>下单时间</dt>
            <dd>{formatDateTime(order.createdAt)}</dd>
          </div>
          {order.shipDate && (
            <div>
              <dt>预计发货</dt>
              <dd>{formatDate(order.shipDate)}</dd>
            </div>
          )}
          {order.reorderOf && (
            <div>
              <dt>返单自</dt>
              <dd>
                <button
                  type="button"
                  className="ol-link"
                  onClick={() =>
                    void navigate(
                      orderHref(paths.orderDetail, { id: order.reorderOf!.id, kind: order.kind }),
                    )
                  }
                >
                  {order.reorderOf.orderNo}
                </button>
              </dd>
            </div>
          )}
        </dl>
        <ParamList kind={order.kind} params={order.params} paramString={order.paramString} />
      </section>

      <section className="ol-card" aria-label="费用明细">
        <h2 className="ol-card-title">费用明细</h2>
        <FeeLines lines={order.lines} total={order.total} />
      </section>
      {order.paidWith && <PaidWithSection paidWith={order.paidWith} />}

      <FileSection order={order} canReplace={actions.includes('updateFile')} />
      <ReceiverSection order={order} canChange={actions.includes('updateReceiver')} />

      <section className="ol-card" aria-label="订单进度">
        <h2 className="ol-card-title">订单进度</h2>
        <Suspense fallback={<p className="ol-hint">加载中…</p>}>
          <Timeline order={order} />
        </Suspense>
      </section>

      {(bar.length > 0 || canPay) && (
        <Suspense fallback={null}>
          <OrderActionBar
            order={order}
            actions={bar}
            canPay={canPay}
            onPay={() => setPaying(true)}
            onCancel={() => {
              setOpened((o) => ({ ...o, cancel: true }));
              setCancelling(true);
            }}
            onEdit={() => {
              setOpened((o) => ({ ...o, edit: true }));
              setEditing(true);
            }}
          />
        </Suspense>
      )}

      {opened.cancel && (
        <Suspense fallback={null}>
          <CancelSheet
            order={order}
            visible={cancelling}
            refunds={isPaid(facts)}
            onClose={() => setCancelling(false)}
          />
        </Suspense>
      )}
      {PaySheetComponent && canPay && paying && (
        <Suspense fallback={null}>
          <PaySheetComponent order={order} visible={paying} onClose={closePay} />
        </Suspense>
      )}
      {paramEditor && bar.includes('edit') && opened.edit && (
        <Suspense fallback={null}>
          <EditOrderSheet
            order={order}
            visible={editing}
            onClose={() => setEditing(false)}
            paramEditor={paramEditor}
          />
        </Suspense>
      )}
    </>
  );
}

/**
 * /TheOrders/orderDetail?id=&kind=: everything about one order, the prompts that wait for the
 * member, and the actions the lifecycle table allows in its status.
 */
export function OrderDetailPage({
  paramEditor,
  paySheet,
}: {
  paramEditor?: ParamEditor;
  paySheet?: PaySheet;
}) {
  const [search] = useSearchParams();
  const id = idFrom(search.get('id'));
  const kind = kindFrom(search.get('kind'));
  return (
    <div className="screen screen-with-bar" data-testid="order-detail-page">
      <PageHeader>订单详情</PageHeader>
      {id === null ? (
        <PageEmpty text="订单链接不完整，请从我的订单进入" />
      ) : (
        <DetailQuery id={id} kind={kind} paramEditor={paramEditor} paySheet={paySheet} />
      )}
    </div>
  );
}

function DetailQuery({
  id,
  kind,
  paramEditor,
  paySheet,
}: {
  id: number;
  kind: ReturnType<typeof kindFrom>;
  paramEditor?: ParamEditor;
  paySheet?: PaySheet;
}) {
  const detail = useOrderDetail(kind, id);
  useEffect(() => {
    void loadTimeline();
    void loadActionBar();
  }, []);
  if (detail.isPending) return <PageLoading />;
  if (detail.isError) {
    return (
      <PageError
        message={errorMessage(detail.error, '订单加载失败')}
        onRetry={() => void detail.refetch()}
      />
    );
  }
  return <Detail order={detail.data} paramEditor={paramEditor} paySheet={paySheet} />;
}
