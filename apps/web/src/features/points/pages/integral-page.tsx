import { Button } from 'antd-mobile';
import { Link } from 'react-router';
import type { SignInCard } from '@pcb/contract/member-point';
import { errorMessage, showFail, showSuccess } from '../../../components/feedback';
import { PageHeader } from '../../../components/page-header';
import { PageError, PageLoading } from '../../../components/page-status';
import { paths } from '../../../lib/paths';
import { usePointSummary, useSignIn, useSignInCard } from '../api/point-calls';
import { ShopSection } from '../components/shop-section';
import '../points.css';

function SignInDays({ card }: { card: SignInCard }) {
  return (
    <ol className="pt-days" data-testid="sign-in-days">
      {card.days.map((d) => (
        <li
          key={d.day}
          className={`pt-day${d.isDone ? ' pt-day-done' : ''}${d.isToday ? ' pt-day-today' : ''}`}
          data-testid={`sign-in-day-${d.day}`}
          data-done={d.isDone}
        >
          <span className="pt-day-points">{d.isDone ? '✓' : `+${d.points}`}</span>
          <span className="pt-day-label">{d.isToday ? '今天' : `第${d.day}天`}</span>
        </li>
      ))}
    </ol>
  );
}

function SignInSection() {
  const card = useSignInCard();
  const signIn = useSignIn();
  if (card.isPending) return <PageLoading />;
  if (card.isError) {
    return (
      <PageError
        message={errorMessage(card.error, '签到信息加载失败')}
        onRetry={() => void card.refetch()}
      />
    );
  }
  const signed = card.data.isSignedToday;
  return (
    <section className="pt-card" data-testid="sign-in-card">
      <div className="pt-card-head">
        <h2 className="pt-card-title">每日签到</h2>
        <span className="pt-card-hint" data-testid="sign-in-streak">
          {card.data.streak > 0 ? `已连续签到${card.data.streak}天` : '连续签到奖励更多'}
        </span>
      </div>
      <SignInDays card={card.data} />
      <Button
        block
        shape="rounded"
        color="primary"
        disabled={signed}
        loading={signIn.isPending}
        onClick={() =>
          signIn.mutate(
            {},
            {
              onSuccess: (r) => showSuccess(`签到成功，获得${r.points}积分`),
              onError: (e) => showFail(errorMessage(e, '签到失败，请稍后重试')),
            },
          )
        }
        data-testid="sign-in-button"
      >
        {signed ? '今日已签到' : `签到 +${card.data.todayPoints}积分`}
      </Button>
      <p className="pt-note">断签后从第1天重新开始，满7天后开启新一轮</p>
    </section>
  );
}

/**
 * /integral: the balance, the points that expire next and when, the 7-day sign-in card with
 * its 签到 button, the points shop (decision 0074) and the ways to the history and the rules
 * (decision 0073).
 */
export function IntegralPage() {
  const summary = usePointSummary();
  return (
    <div className="pt-page" data-testid="integral-page">
      <PageHeader>我的积分</PageHeader>
      <section className="pt-hero">
        <div className="pt-hero-label">可用积分</div>
        <div className="pt-hero-balance" data-testid="points-balance">
          {summary.data ? summary.data.balance.toLocaleString('zh-CN') : '—'}
        </div>
        <div className="pt-hero-expiring" data-testid="points-expiring">
          {summary.isError
            ? '积分信息加载失败'
            : !summary.data
              ? '加载中…'
              : summary.data.expiringSoon > 0 && summary.data.expiresAt
                ? `${summary.data.expiringSoon.toLocaleString('zh-CN')}积分将于${summary.data.expiresAt}过期`
                : '暂无即将过期的积分'}
        </div>
        <nav className="pt-hero-links">
          <Link to={paths.integralList} data-testid="to-integral-list">
            积分明细 ›
          </Link>
          <Link to={paths.integralRules} data-testid="to-integral-rules">
            积分规则 ›
          </Link>
        </nav>
      </section>
      <SignInSection />
      {summary.data && <ShopSection balance={summary.data.balance} />}
    </div>
  );
}
