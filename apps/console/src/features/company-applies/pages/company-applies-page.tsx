import { Typography } from 'antd';
import type { StaffCompanyApply } from '@pcb/contract/staff-company-apply';
import { ReviewQueuePage } from '../../../components/review-queue/review-queue-page';
import { useReviewQueue } from '../../../components/review-queue/use-review-queue';
import { useCompanyApplies } from '../api/list-company-applies';
import { CompanyApplyDrawer } from '../components/company-apply-drawer';

/** Enterprise certifications: a review queue (pending oldest first); review one in the drawer. */
export default function CompanyAppliesPage() {
  const queue = useReviewQueue();
  const applies = useCompanyApplies(queue.input);

  return (
    <ReviewQueuePage<StaffCompanyApply>
      title="企业认证审核"
      queue={queue}
      query={applies}
      pendingEmptyText="没有待审核的企业认证"
      asked={{
        title: '认证企业',
        render: (row) => (
          <>
            <div>{row.companyName}</div>
            <Typography.Text type="secondary">
              {row.creditCode} · 法人 {row.legalPerson}
            </Typography.Text>
          </>
        ),
      }}
    >
      <CompanyApplyDrawer id={queue.openId} onClose={queue.close} />
    </ReviewQueuePage>
  );
}
