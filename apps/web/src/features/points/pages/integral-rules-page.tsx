import { errorMessage } from '../../../components/feedback';
import { PageHeader } from '../../../components/page-header';
import { PageError, PageLoading } from '../../../components/page-status';
import { usePointRules } from '../api/point-calls';
import '../points.css';

function Rules() {
  const rules = usePointRules();
  if (rules.isPending) return <PageLoading />;
  if (rules.isError) {
    return (
      <PageError
        message={errorMessage(rules.error, '积分规则加载失败')}
        onRetry={() => void rules.refetch()}
      />
    );
  }
  const { pointsPerYuan, signInRewards } = rules.data;
  return (
    <div className="pt-rules" data-testid="point-rules">
      <section className="pt-card">
        <h2 className="pt-card-title">如何获得积分</h2>
        <ul className="pt-rule-list">
          <li data-testid="rule-order">
            {pointsPerYuan > 0
              ? `订单完成后，按实际支付金额每1元获得${pointsPerYuan}积分（优惠券、赠送金额抵扣的部分不计）。`
              : '订单完成暂不赠送积分。'}
          </li>
          <li>每日签到可获得积分，连续签到奖励逐日增加：</li>
        </ul>
        <table className="pt-rule-table" data-testid="rule-sign-in">
          <thead>
            <tr>
              {signInRewards.map((_, i) => (
                <th key={i}>第{i + 1}天</th>
              ))}
            </tr>
          </thead>
          <tbody>
            <tr>
              {signInRewards.map((points, i) => (
                <td key={i}>+{points}</td>
              ))}
            </tr>
          </tbody>
        </table>
        <p className="pt-note">
          每天（北京时间）可签到一次；断签后从第1天重新开始，满7天后开启新一轮。
        </p>
      </section>
      <section className="pt-card">
        <h2 className="pt-card-title">积分有效期</h2>
        <ul className="pt-rule-list">
          <li>积分有效期至获得年度的次年12月31日，到期未使用的积分自动清零。</li>
          <li>使用积分时，优先使用最早获得的积分。</li>
        </ul>
      </section>
      <section className="pt-card">
        <h2 className="pt-card-title">其他说明</h2>
        <ul className="pt-rule-list">
          <li>积分的每次变动都可在“积分明细”中查看。</li>
          <li>订单在完成前取消并退款的，不产生积分。</li>
        </ul>
      </section>
    </div>
  );
}

/** /integral/integralRules: the rates and rewards as 运营 set them (MemberPointHistory/GetRules). */
export function IntegralRulesPage() {
  return (
    <div className="pt-page" data-testid="integral-rules-page">
      <PageHeader>积分规则</PageHeader>
      <Rules />
    </div>
  );
}
