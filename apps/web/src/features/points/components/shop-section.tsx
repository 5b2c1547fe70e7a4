import { useState } from 'react';
import { Button, Popup } from 'antd-mobile';
import { Link } from 'react-router';
import { couponServiceNames } from '@pcb/contract/member-rebate';
import { deliveryStatusNames, type ShopItem } from '@pcb/contract/shop-product';
import { errorMessage, showFail, showSuccess } from '../../../components/feedback';
import { PageError, PageLoading } from '../../../components/page-status';
import { newGuid } from '../../../lib/guid';
import { formatFen } from '../../../lib/money';
import { paths } from '../../../lib/paths';
import { useExchange, useExchanges, useShopItems, useShopReceivers } from '../api/point-calls';

function ExchangeSheet({
  item,
  balance,
  onClose,
}: {
  item: ShopItem;
  balance: number;
  onClose: () => void;
}) {
  // One request id per sheet: a second tap or a retry of a lost answer is the same exchange.
  const [requestId] = useState(() => newGuid());
  const goods = item.kind === 'goods';
  const receivers = useShopReceivers(goods);
  const [chosen, setChosen] = useState<number | null>(null);
  const exchange = useExchange();
  const list = receivers.data?.items ?? [];
  const receiverId = chosen ?? list.find((r) => r.isDefault)?.id ?? list[0]?.id ?? null;
  const short = balance < item.pointsPrice;
  const submit = () =>
    exchange.mutate(
      { id: item.id, requestId, ...(goods && receiverId ? { receiverId } : {}) },
      {
        onSuccess: () => {
          showSuccess(goods ? '兑换成功，等待发货' : '兑换成功，优惠券已发放');
          onClose();
        },
        onError: (e) => showFail(errorMessage(e, '兑换失败，请稍后重试')),
      },
    );
  return (
    <Popup visible onMaskClick={onClose} onClose={onClose} showCloseButton destroyOnClose>
      <div className="pt-sheet" data-testid="exchange-sheet">
        <h2 className="pt-card-title">兑换 {item.name}</h2>
        <p className="pt-sheet-line">
          需要 <strong>{item.pointsPrice}</strong> 积分，当前可用 {balance} 积分
        </p>
        {goods && (
          <fieldset className="pt-receivers">
            <legend>收货地址</legend>
            {receivers.isPending ? (
              <PageLoading />
            ) : list.length === 0 ? (
              <p className="pt-sheet-line">
                暂无收货地址，<Link to={paths.shippingAddress}>去添加</Link>
              </p>
            ) : (
              list.map((r) => (
                <label key={r.id} className="pt-receiver">
                  <input
                    type="radio"
                    name="receiver"
                    checked={r.id === receiverId}
                    onChange={() => setChosen(r.id)}
                  />
                  <span>
                    {r.receiverName} {r.mobile}
                    <br />
                    {r.region.province}
                    {r.region.city}
                    {r.region.county}
                    {r.address}
                  </span>
                </label>
              ))
            )}
          </fieldset>
        )}
        <Button
          block
          shape="rounded"
          color="primary"
          disabled={short || (goods && !receiverId)}
          loading={exchange.isPending}
          onClick={submit}
          data-testid="exchange-confirm"
        >
          {short ? '积分不足' : `确认兑换（${item.pointsPrice}积分）`}
        </Button>
      </div>
    </Popup>
  );
}

function ItemCard({ item, onExchange }: { item: ShopItem; onExchange: () => void }) {
  return (
    <li className="pt-item" data-testid={`shop-item-${item.id}`}>
      <div className="pt-item-main">
        <div className="pt-item-name">{item.name}</div>
        <div className="pt-item-note">
          {item.coupon
            ? `${couponServiceNames[item.coupon.serviceType]} ${formatFen(item.coupon.amount)}${
                item.coupon.minOrderAmount > 0
                  ? `，满${formatFen(item.coupon.minOrderAmount)}可用`
                  : ''
              }，${item.coupon.validity}`
            : item.description || '实物，兑换后寄送'}
        </div>
        <div className="pt-item-price">
          {item.pointsPrice}积分 <span className="pt-item-stock">剩余{item.stock}</span>
        </div>
      </div>
      <Button
        size="small"
        shape="rounded"
        color="primary"
        disabled={item.stock === 0}
        onClick={onExchange}
        data-testid={`exchange-${item.id}`}
      >
        {item.stock === 0 ? '已兑完' : '兑换'}
      </Button>
    </li>
  );
}

function MyExchanges() {
  const exchanges = useExchanges();
  if (!exchanges.data || exchanges.data.items.length === 0) return null;
  return (
    <section className="pt-card" data-testid="my-exchanges">
      <h2 className="pt-card-title">我的兑换</h2>
      <ul className="pt-exchanges">
        {exchanges.data.items.map((e) => (
          <li key={e.id} className="pt-exchange">
            <span>{e.itemName}</span>
            <span className="pt-item-note">
              −{e.points}积分 ·{' '}
              {e.status === null
                ? '已发放'
                : e.status === 'shipped'
                  ? `${deliveryStatusNames.shipped} ${e.courier ?? ''} ${e.trackingNo ?? ''}`
                  : deliveryStatusNames.pending}
            </span>
          </li>
        ))}
      </ul>
    </section>
  );
}

/** 积分商城 on /integral: coupons and goods to exchange for points (decision 0074). */
export function ShopSection({ balance }: { balance: number }) {
  const items = useShopItems();
  const [open, setOpen] = useState<ShopItem | null>(null);
  return (
    <>
      <section className="pt-card" data-testid="points-shop">
        <h2 className="pt-card-title">积分商城</h2>
        {items.isPending ? (
          <PageLoading />
        ) : items.isError ? (
          <PageError
            message={errorMessage(items.error, '商品加载失败')}
            onRetry={() => void items.refetch()}
          />
        ) : items.data.items.length === 0 ? (
          <p className="pt-note">暂无可兑换的商品，敬请期待</p>
        ) : (
          <ul className="pt-items">
            {items.data.items.map((i) => (
              <ItemCard key={i.id} item={i} onExchange={() => setOpen(i)} />
            ))}
          </ul>
        )}
      </section>
      <MyExchanges />
      {open && <ExchangeSheet item={open} balance={balance} onClose={() => setOpen(null)} />}
    </>
  );
}
