import { Typography } from 'antd';
import type { StaffMobileApply } from '@pcb/contract/staff-mobile-apply';
import { ReviewQueuePage } from '../../../components/review-queue/review-queue-page';
import { useReviewQueue } from '../../../components/review-queue/use-review-queue';
import { useMobileApplies } from '../api/list-mobile-applies';
import { ApplyDetailDrawer } from '../components/apply-detail-drawer';

/** Mobile-change applications: a review queue (pending oldest first); review one in the drawer. */
export default function MobileAppliesPage() {
  const queue = useReviewQueue();
  const applies = useMobileApplies(queue.input);

  return (
    <ReviewQueuePage<StaffMobileApply>
      title="换绑手机审核"
      queue={queue}
      query={applies}
      pendingEmptyText="没有待审核的申请"
      asked={{
        title: '换绑手机号',
        render: (row) => (
          <>
            <div>
              {row.oldMobileMasked} → {row.newMobileMasked}
            </div>
            <Typography.Text type="secondary" ellipsis={{ tooltip: row.reason }}>
              {row.reason}
            </Typography.Text>
          </>
        ),
      }}
    >
      <ApplyDetailDrawer id={queue.openId} onClose={queue.close} />
    </ReviewQueuePage>
  );
}
