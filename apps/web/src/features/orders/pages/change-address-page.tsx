import { useState } from 'react';
import { Button } from 'antd-mobile';
import { useNavigate, useSearchParams } from 'react-router';
import { maskMobile } from '@pcb/contract';
import type { Receiver } from '@pcb/contract/member-receiver';
import { errorMessage, showFail, showSuccess } from '../../../components/feedback';
import { PageHeader } from '../../../components/page-header';
import { PageEmpty, PageError, PageLoading } from '../../../components/page-status';
import { orderHref, paths } from '../../../lib/paths';
import { useOrderDetail } from '../api/get-order-detail';
import { useReceiverChoices, useUpdateReceiver } from '../api/update-receiver';
import { receiverText } from '../components/receiver-section';
import { actionLabel, factsOfDetail, memberActionsOf } from '../order-actions';
import { idFrom, kindFrom } from '../order-screens';
import '../../../components/screen.css';
import '../order-summary.css';
import '../order-screens.css';

const regionText = (r: Receiver) =>
  `${r.region.province}${r.region.city}${r.region.county} ${r.address}`;

/**
 * /TheOrders/changeAddress?id=&kind=: one of the member's receivers becomes the order's
 * (`UpdateReceiver`, the order keeps a copy of it as it is now).
 */
export function ChangeAddressPage() {
  const [search] = useSearchParams();
  const id = idFrom(search.get('id'));
  const kind = kindFrom(search.get('kind'));
  return (
    <div className="screen screen-with-bar" data-testid="change-address-page">
      <PageHeader>修改收货地址</PageHeader>
      {id === null ? (
        <PageEmpty text="订单链接不完整，请从订单详情进入" />
      ) : (
        <ChangeAddress id={id} kind={kind} />
      )}
    </div>
  );
}

function ChangeAddress({ id, kind }: { id: number; kind: ReturnType<typeof kindFrom> }) {
  const navigate = useNavigate();
  const detail = useOrderDetail(kind, id);
  const receivers = useReceiverChoices();
  const update = useUpdateReceiver(kind);
  const [chosen, setChosen] = useState<number | null>(null);

  if (detail.isPending || receivers.isPending) return <PageLoading />;
  const failed = detail.isError ? detail.error : receivers.isError ? receivers.error : null;
  if (failed || !detail.data || !receivers.data) {
    return (
      <PageError
        message={errorMessage(failed, '加载失败')}
        onRetry={() => {
          void detail.refetch();
          void receivers.refetch();
        }}
      />
    );
  }
  const order = detail.data;
  const detailHref = orderHref(paths.orderDetail, order);
  if (!memberActionsOf(factsOfDetail(order)).includes('updateReceiver')) {
    return (
      <PageEmpty text={`订单${order.orderNo}当前不能${actionLabel('updateReceiver')}`}>
        <Button shape="rounded" onClick={() => void navigate(detailHref, { replace: true })}>
          返回订单详情
        </Button>
      </PageEmpty>
    );
  }
  const current = order.receiver.receiverId;
  const selected = chosen ?? current;
  const newAddress = `${paths.editAddress.replace(':data', 'new')}?returnTo=${encodeURIComponent(
    orderHref(paths.changeAddress, order),
  )}`;

  const save = async () => {
    try {
      await update.mutateAsync({ id: order.id, value: selected });
      showSuccess('收货地址已修改');
      void navigate(detailHref, { replace: true });
    } catch (error) {
      showFail(errorMessage(error, '修改失败，请稍后重试'));
    }
  };

  return (
    <>
      <section className="ol-card" aria-label="当前收货地址">
        <h2 className="ol-card-title">订单 {order.orderNo} 当前收货地址</h2>
        <p>
          <strong>{order.receiver.receiverName}</strong> {maskMobile(order.receiver.mobile)}
        </p>
        <p className="ol-hint">{receiverText(order.receiver)}</p>
      </section>
      <section className="ol-card" aria-label="选择收货地址">
        <h2 className="ol-card-title">选择新的收货地址</h2>
        {receivers.data.items.length === 0 ? (
          <p className="ol-hint">还没有收货地址，请先新增</p>
        ) : (
          <div className="ol-choices" role="radiogroup" aria-label="收货地址">
            {receivers.data.items.map((r) => (
              <button
                key={r.id}
                type="button"
                role="radio"
                aria-checked={r.id === selected}
                className="ol-choice"
                onClick={() => setChosen(r.id)}
                data-testid="receiver-choice"
              >
                <span>
                  <strong>{r.receiverName}</strong> {maskMobile(r.mobile)}
                  {r.isDefault && <span className="ol-flag">默认</span>}
                  {r.id === current && <span className="ol-flag">当前</span>}
                </span>
                <span className="ol-hint">{regionText(r)}</span>
              </button>
            ))}
          </div>
        )}
        <div className="ol-row">
          <Button
            size="small"
            shape="rounded"
            fill="outline"
            color="primary"
            onClick={() => void navigate(newAddress)}
          >
            新增收货地址
          </Button>
        </div>
        <p className="ol-hint">修改地址不重新计价，运费按下单时的报价。</p>
      </section>
      <div className="ol-bar">
        <Button
          block
          shape="rounded"
          color="primary"
          disabled={selected === current}
          loading={update.isPending}
          onClick={() => void save()}
          data-testid="change-address-save"
        >
          确认修改
        </Button>
      </div>
    </>
  );
}
