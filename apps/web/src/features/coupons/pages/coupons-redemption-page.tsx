import { Button } from 'antd-mobile';
import type { Campaign } from '@pcb/contract/member-rebate';
import { errorMessage, showFail, showSuccess } from '../../../components/feedback';
import { PageHeader } from '../../../components/page-header';
import { PageEmpty, PageError, PageLoading } from '../../../components/page-status';
import { useCampaigns, useClaimCampaign } from '../api/coupon-calls';
import { chinaMinute, CouponCard } from '../components/coupon-card';
import '../coupons.css';

function CampaignItem({ campaign }: { campaign: Campaign }) {
  const claim = useClaimCampaign();
  const soldOut = campaign.stockLeft <= 0;
  const full = campaign.remaining <= 0;
  return (
    <CouponCard
      coupon={campaign.coupon}
      validity={campaign.coupon.validity}
      testId={`campaign-${campaign.id}`}
      tag={
        <div className="cp-card-note">
          {campaign.name} · 剩余{campaign.stockLeft}张 · 每人限领{campaign.perMemberLimit}张
          {!full && !soldOut && `，还可领${campaign.remaining}张`} · {chinaMinute(campaign.endsAt)}
          截止
        </div>
      }
      action={
        <Button
          size="mini"
          shape="rounded"
          color={soldOut || full ? 'default' : 'primary'}
          fill={soldOut || full ? 'outline' : 'solid'}
          disabled={soldOut || full}
          loading={claim.isPending}
          onClick={() =>
            claim.mutate(
              { id: campaign.id },
              {
                onSuccess: () => showSuccess('领取成功'),
                onError: (e) => showFail(errorMessage(e, '领取失败，请稍后重试')),
              },
            )
          }
          data-testid={`claim-${campaign.id}`}
        >
          {soldOut ? '已领完' : full ? '已领取' : '领取'}
        </Button>
      }
    />
  );
}

/**
 * /couponsInfo/couponsRedemption, the claim centre (decision 0062): the campaigns open now with
 * their stock left and how many more the member may claim.
 */
export function CouponsRedemptionPage() {
  const campaigns = useCampaigns();
  return (
    <div className="cp-page" data-testid="coupons-redemption-page">
      <PageHeader>领券中心</PageHeader>
      {campaigns.isPending ? (
        <PageLoading />
      ) : campaigns.isError ? (
        <PageError
          message={errorMessage(campaigns.error, '活动加载失败')}
          onRetry={() => void campaigns.refetch()}
        />
      ) : campaigns.data.length === 0 ? (
        <PageEmpty text="暂无可领取的优惠券" />
      ) : (
        <ul className="cp-list" data-testid="campaign-list">
          {campaigns.data.map((c) => (
            <CampaignItem key={c.id} campaign={c} />
          ))}
        </ul>
      )}
    </div>
  );
}
