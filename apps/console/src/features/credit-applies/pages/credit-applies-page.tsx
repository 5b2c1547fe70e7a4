import { Button, Typography, message } from 'antd';
import type { StaffCreditApply } from '@pcb/contract/member-credit-payment';
import { ReviewQueuePage } from '../../../components/review-queue/review-queue-page';
import { useReviewQueue } from '../../../components/review-queue/use-review-queue';
import { formatYuan } from '../../../lib/money';
import { useCreditApplies, useRunCreditBills } from '../api/credit-applies';
import { CreditApplyDrawer } from '../components/credit-apply-drawer';

/** Credit applications (finance): a review queue; 立即出账 runs today's bills at once. */
export default function CreditAppliesPage() {
  const queue = useReviewQueue();
  const applies = useCreditApplies(queue.input);
  const run = useRunCreditBills();
  return (
    <>
      <ReviewQueuePage<StaffCreditApply>
        title="月结审核"
        queue={queue}
        query={applies}
        pendingEmptyText="没有待审核的月结申请"
        asked={{
          title: '申请',
          render: (row) => (
            <>
              <div>{row.companyName}</div>
              <Typography.Text type="secondary">
                预计月结 {formatYuan(row.expectedMonthly)}
                {row.limit !== null && ` · 额度 ${formatYuan(row.limit)} · 每月${row.billingDay}日`}
              </Typography.Text>
            </>
          ),
        }}
      >
        <CreditApplyDrawer id={queue.openId} onClose={queue.close} />
      </ReviewQueuePage>
      <div style={{ padding: '0 24px 24px' }}>
        <Button
          loading={run.isPending}
          onClick={() =>
            void run.mutateAsync({}).then(
              (r) => void message.success(`出账完成：生成 ${r.created} 张账单`),
              () => void message.error('出账失败，请稍后重试'),
            )
          }
          data-testid="run-credit-bills"
        >
          立即出账（今天为账单日的会员）
        </Button>
      </div>
    </>
  );
}
