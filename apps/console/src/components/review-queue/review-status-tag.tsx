import { Tag } from 'antd';
import { reviewStatusLabels, type ReviewStatus } from '@pcb/contract/review-queue';

const colors: Record<ReviewStatus, string> = {
  pending: 'orange',
  approved: 'green',
  rejected: 'red',
};

/** A review's status as every queue shows it: the contract's label in its colour. */
export function ReviewStatusTag({ status }: { status: ReviewStatus }) {
  return <Tag color={colors[status]}>{reviewStatusLabels[status]}</Tag>;
}
