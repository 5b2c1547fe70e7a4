import { useSearchParams } from 'react-router';
import type { Parcel } from '@pcb/contract';
import { errorMessage, showFail, showSuccess } from '../../../components/feedback';
import { PageHeader } from '../../../components/page-header';
import { PageEmpty, PageError, PageLoading } from '../../../components/page-status';
import { copyText } from '../../../lib/clipboard';
import { formatDateTime } from '../../../lib/date';
import { useExpressData } from '../api/get-express-data';
import { useOrderDetail } from '../api/get-order-detail';
import { useShips } from '../api/get-ships';
import { ParcelEvents } from '../components/parcel-events';
import { idFrom, kindFrom } from '../order-screens';
import '../../../components/screen.css';
import '../order-summary.css';
import '../order-screens.css';

function ParcelCard({
  parcel,
  orderNo,
  mobile,
  index,
}: {
  parcel: Parcel;
  orderNo: string;
  mobile: string | undefined;
  index: number;
}) {
  // The courier's own events when the tracking provider answers; the ones recorded with the
  // parcel otherwise.
  const live = useExpressData({
    orderNo,
    courier: parcel.courier,
    trackingNo: parcel.trackingNo,
    mobile,
  });
  const events = live.data
    ? live.data.events.map((e) => ({ at: e.time, place: e.place, text: e.text }))
    : parcel.events;
  const copy = async () => {
    try {
      await copyText(parcel.trackingNo);
      showSuccess('运单号已复制');
    } catch {
      showFail('复制失败，请长按选择文字');
    }
  };
  return (
    <section className="ol-card" aria-label={`包裹${index + 1}`} data-testid="parcel">
      <div className="ol-parcel-head">
        <h2 className="ol-card-title">
          包裹{index + 1} · {parcel.courierName}
        </h2>
        {live.data && (
          <span className="ol-status ol-status-shipped" data-testid="parcel-state">
            {live.data.stateName}
          </span>
        )}
      </div>
      <p className="ol-hint">
        运单号 <span data-testid="parcel-tracking-no">{parcel.trackingNo}</span>
        <button type="button" className="ol-copy" onClick={() => void copy()}>
          复制
        </button>
      </p>
      <p className="ol-hint">发货时间 {formatDateTime(parcel.shippedAt)}</p>
      {live.isError && (
        <p className="ol-hint" role="status">
          {errorMessage(live.error, '物流信息暂时无法查询')}，以下为发货记录
        </p>
      )}
      <ParcelEvents events={events} />
    </section>
  );
}

/** /TheOrders/orderDetail/orderTracker?id=&kind=: the order's parcels and where each is. */
export function OrderTrackerPage() {
  const [search] = useSearchParams();
  const id = idFrom(search.get('id'));
  const kind = kindFrom(search.get('kind'));
  return (
    <div className="screen" data-testid="order-tracker-page">
      <PageHeader>物流跟踪</PageHeader>
      {id === null ? (
        <PageEmpty text="订单链接不完整，请从订单详情进入" />
      ) : (
        <Parcels id={id} kind={kind} />
      )}
    </div>
  );
}

function Parcels({ id, kind }: { id: number; kind: ReturnType<typeof kindFrom> }) {
  const ships = useShips(kind, id);
  const detail = useOrderDetail(kind, id);
  if (ships.isPending || detail.isPending) return <PageLoading />;
  const failed = ships.isError ? ships.error : detail.isError ? detail.error : null;
  if (failed || !ships.data || !detail.data) {
    return (
      <PageError
        message={errorMessage(failed, '物流信息加载失败')}
        onRetry={() => {
          void ships.refetch();
          void detail.refetch();
        }}
      />
    );
  }
  if (ships.data.length === 0) return <PageEmpty text="订单还没有发货，发货后可在这里查看物流" />;
  return (
    <>
      <p className="ol-page-note">
        订单 {detail.data.orderNo} · 共{ships.data.length}个包裹
      </p>
      {ships.data.map((parcel, i) => (
        <ParcelCard
          key={parcel.id}
          parcel={parcel}
          index={i}
          orderNo={detail.data.orderNo}
          // Some couriers (顺丰) answer only with the receiver's phone; a masked one is no use.
          mobile={
            /^[\d-]{4,20}$/.test(detail.data.receiver.mobile)
              ? detail.data.receiver.mobile
              : undefined
          }
        />
      ))}
    </>
  );
}
