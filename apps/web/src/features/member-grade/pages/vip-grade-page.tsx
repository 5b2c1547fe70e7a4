import { ProgressBar } from 'antd-mobile';
import { discountText, type MemberGradeView } from '@pcb/contract/member-grade';
import { errorMessage } from '../../../components/feedback';
import { PageHeader } from '../../../components/page-header';
import { PageEmpty, PageError, PageLoading } from '../../../components/page-status';
import { formatFen } from '../../../lib/money';
import { useMemberGrade } from '../api/member-grade-calls';
import '../member-grade.css';

/** Whole yuan when the amount has no fen: thresholds read ¥5,000, not ¥5,000.00. */
const yuanShort = (fen: number) => (fen % 100 === 0 ? formatFen(fen).slice(0, -3) : formatFen(fen));

const perksOf = (discountBp: number, freeShipping: boolean) =>
  [discountBp > 0 ? `PCB ${discountText(discountBp)}折扣` : null, freeShipping ? '包邮' : null]
    .filter(Boolean)
    .join('，') || '—';

function GradeCard({ grade }: { grade: MemberGradeView }) {
  const current = grade.levels.find((l) => l.level === grade.level);
  const percent = grade.next
    ? Math.min(
        100,
        Math.floor(
          ((grade.paidFen - (current?.thresholdFen ?? 0)) * 100) /
            Math.max(1, grade.next.thresholdFen - (current?.thresholdFen ?? 0)),
        ),
      )
    : 100;
  return (
    <section className="mg-card" data-testid="grade-card">
      <div className="mg-card-level">
        <span className="mg-card-name" data-testid="grade-name">
          {grade.name}
        </span>
        <span className="mg-card-sub">会员</span>
      </div>
      <div className="mg-paid">
        近12个月实付 <strong data-testid="grade-paid">{formatFen(grade.paidFen)}</strong>
        <div className="mg-card-sub">
          {grade.windowFrom.replace('-', '年')}月 至 {grade.windowTo.replace('-', '年')}
          月，已扣除退款
        </div>
      </div>
      <div
        role="progressbar"
        aria-label={grade.next ? `距${grade.next.name}的进度` : '已是最高等级'}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
        data-testid="grade-progress"
      >
        <ProgressBar className="mg-progress" percent={percent} />
      </div>
      <div className="mg-next" data-testid="grade-next">
        {grade.next
          ? `再消费 ${formatFen(grade.next.neededFen)} 升级为${grade.next.name}（门槛 ${yuanShort(grade.next.thresholdFen)}）`
          : '您已是最高等级'}
      </div>
    </section>
  );
}

/**
 * /vipGrade: the member's grade from the last 12 months' paid amount (MemberGrade/Get,
 * decision 0071), the progress to the next level in ¥, and every level's perks.
 */
export function VipGradePage() {
  const grade = useMemberGrade();
  return (
    <div className="mg-page" data-testid="vip-grade-page">
      <PageHeader>会员等级</PageHeader>
      {grade.isPending ? (
        <PageLoading />
      ) : grade.isError ? (
        <PageError
          message={errorMessage(grade.error, '会员等级加载失败')}
          onRetry={() => void grade.refetch()}
        />
      ) : grade.data.levels.length === 0 ? (
        <PageEmpty text="暂未设置会员等级" />
      ) : (
        <>
          <GradeCard grade={grade.data} />
          <section className="mg-section">
            <h2>等级权益</h2>
            <table className="mg-table" data-testid="grade-levels">
              <thead>
                <tr>
                  <th style={{ width: '22%' }}>等级</th>
                  <th style={{ width: '33%' }}>近12个月实付</th>
                  <th>权益</th>
                </tr>
              </thead>
              <tbody>
                {grade.data.levels.map((l) => (
                  <tr
                    key={l.level}
                    aria-current={l.level === grade.data.level ? 'true' : undefined}
                    data-testid={`grade-level-${l.level}`}
                  >
                    <td>{l.name}</td>
                    <td>{l.thresholdFen === 0 ? '—' : `满${yuanShort(l.thresholdFen)}`}</td>
                    <td>{perksOf(l.discountBp, l.freeShipping)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </section>
          <section className="mg-section">
            <h2>等级说明</h2>
            <ul className="mg-rules">
              <li>等级按近12个月（含本月，北京时间）订单实付金额计算，退款订单不计入。</li>
              <li>实付金额不含赠送金额和优惠券抵扣。</li>
              <li>PCB折扣在登录后计价和下单时自动计入，下单后等级变化不影响已下订单。</li>
            </ul>
          </section>
        </>
      )}
    </div>
  );
}
