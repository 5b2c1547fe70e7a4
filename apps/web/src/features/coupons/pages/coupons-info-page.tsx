import { Button } from 'antd-mobile';
import { Link, useSearchParams } from 'react-router';
import {
  couponStateNames,
  couponStates,
  type CouponState,
  type MemberCoupon,
} from '@pcb/contract/member-rebate';
import { errorMessage, showFail, showSuccess } from '../../../components/feedback';
import { PageHeader } from '../../../components/page-header';
import { PageEmpty, PageError, PageLoading } from '../../../components/page-status';
import { formatFen } from '../../../lib/money';
import { paths } from '../../../lib/paths';
import {
  useCouponCounts,
  useCoupons,
  useReceiveRebate,
  useRegisterRebates,
} from '../api/coupon-calls';
import { chinaMinute, CouponCard } from '../components/coupon-card';
import '../coupons.css';

/** Layout and BOM have no online order: sales take them off the quote (decision 0061). */
const offlineServices = new Set(['layout', 'bom']);

function CouponItem({ coupon }: { coupon: MemberCoupon }) {
  const validity =
    coupon.state !== 'used'
      ? `有效期至 ${chinaMinute(coupon.validTo)}`
      : coupon.quote
        ? `已抵扣线下报价 ${coupon.quote.ref}`
        : `已用于订单 ${coupon.orderNo ?? ''}`;
  return (
    <CouponCard
      coupon={coupon}
      validity={validity}
      dim={coupon.state !== 'unused'}
      testId={`coupon-${coupon.id}`}
      tag={
        <>
          {coupon.isExpiringSoon && (
            <span className="cp-tag cp-tag-soon" data-testid="coupon-expiring">
              即将过期
            </span>
          )}
          {coupon.state === 'unused' && offlineServices.has(coupon.serviceType) && (
            <span className="cp-card-note">报价时联系业务员抵扣</span>
          )}
          {coupon.quote && (
            <span className="cp-card-note" data-testid="coupon-quote">
              报价{formatFen(coupon.quote.amount)}，抵扣{formatFen(coupon.quote.deduction)}
              {coupon.usedAt ? `（${chinaMinute(coupon.usedAt)}）` : ''}
            </span>
          )}
        </>
      }
      action={
        coupon.state !== 'unused' ? (
          <span className="cp-stamp">{couponStateNames[coupon.state]}</span>
        ) : undefined
      }
    />
  );
}

function CouponList({ state }: { state: CouponState }) {
  const coupons = useCoupons(state);
  if (coupons.isPending) return <PageLoading />;
  if (coupons.isError) {
    return (
      <PageError
        message={errorMessage(coupons.error, '优惠券加载失败')}
        onRetry={() => void coupons.refetch()}
      />
    );
  }
  if (coupons.data.items.length === 0) {
    return (
      <PageEmpty text={`暂无${couponStateNames[state]}的优惠券`}>
        {state === 'unused' && (
          <Link to={paths.couponsRedemption} className="cp-link">
            去领券中心看看
          </Link>
        )}
      </PageEmpty>
    );
  }
  return (
    <>
      <ul className="cp-list" data-testid="coupon-list">
        {coupons.data.items.map((c) => (
          <CouponItem key={c.id} coupon={c} />
        ))}
      </ul>
      {coupons.data.total > coupons.data.items.length && (
        <p className="cp-more">
          显示最近{coupons.data.items.length}张，共{coupons.data.total}张
        </p>
      )}
    </>
  );
}

/** The registration bundle, while it is still to receive. */
function RegisterBundle() {
  const bundle = useRegisterRebates();
  const receive = useReceiveRebate();
  if (!bundle.data || bundle.data.isReceived || bundle.data.items.length === 0) return null;
  const count = bundle.data.items.reduce((n, i) => n + i.quantity, 0);
  return (
    <section className="cp-bundle" data-testid="register-bundle">
      <div>
        <div className="cp-bundle-title">新人礼包</div>
        <div className="cp-bundle-text">
          {bundle.data.items.map((i) => `${i.name}×${i.quantity}`).join('，')}
        </div>
      </div>
      <Button
        size="small"
        shape="rounded"
        color="primary"
        loading={receive.isPending}
        onClick={() =>
          receive.mutate(
            {},
            {
              onSuccess: (r) => showSuccess(`已领取${r.count}张优惠券`),
              onError: (e) => showFail(errorMessage(e, '领取失败，请稍后重试')),
            },
          )
        }
        data-testid="register-receive"
      >
        领取{count}张
      </Button>
    </section>
  );
}

/**
 * /couponsInfo: the member's coupons by state with counts (`GetList`, `GetNum`); unused ones
 * ending within 7 days first and marked; the registration bundle to receive; the claim centre.
 * `?state=` keeps the tab.
 */
export function CouponsInfoPage() {
  const [search, setSearch] = useSearchParams();
  const state = couponStates.find((s) => s === search.get('state')) ?? 'unused';
  const counts = useCouponCounts();
  return (
    <div className="cp-page" data-testid="coupons-info-page">
      <PageHeader>我的优惠券</PageHeader>
      <RegisterBundle />
      <Link to={paths.couponsRedemption} className="cp-center-link" data-testid="to-redemption">
        <span>领券中心</span>
        <span className="cp-center-hint">
          {counts.data && counts.data.expiringSoon > 0
            ? `${counts.data.expiringSoon}张即将过期 ›`
            : '领取更多优惠 ›'}
        </span>
      </Link>
      <div className="cp-tabs" role="tablist" aria-label="优惠券状态">
        {couponStates.map((s) => (
          <button
            key={s}
            type="button"
            role="tab"
            aria-selected={s === state}
            className="cp-tab"
            onClick={() => setSearch({ state: s }, { replace: true })}
            data-testid={`coupon-tab-${s}`}
          >
            {couponStateNames[s]}
            {counts.data ? `(${counts.data[s]})` : ''}
          </button>
        ))}
      </div>
      <CouponList state={state} />
    </div>
  );
}
