import { useState, type ReactNode } from 'react';
import { App, Button, Descriptions, Drawer, Skeleton, Space } from 'antd';
import type { UseQueryResult } from '@tanstack/react-query';
import type { ReviewRowBase } from '@pcb/contract/review-queue';
import { formatTime } from '../../lib/date';
import { QueryError } from '../query-error';
import { RejectModal } from './reject-modal';
import { ReviewStatusTag } from './review-status-tag';

interface Decide<V> {
  mutateAsync: (variables: V) => Promise<unknown>;
  isPending: boolean;
}

/**
 * One application of a review queue (decision 0041): who asked and when, what is asked, its
 * status and decision, the queue's own evidence (`children`), and — while pending — approve
 * after a confirmation or reject with a reason.
 */
export function ReviewDrawer<D extends ReviewRowBase>({
  id,
  onClose,
  title,
  size,
  query,
  asked,
  approve,
  reject,
  children,
}: {
  id: number | null;
  onClose: () => void;
  /** What is reviewed (`企业认证`); the drawer is titled with it and the id. */
  title: string;
  size: number;
  query: UseQueryResult<D>;
  /** What the application asks, as labelled lines. */
  asked: (detail: D) => { label: string; value: ReactNode }[];
  approve: Decide<{ id: number }> & {
    confirmTitle: string;
    confirmContent: (detail: D) => string;
    success: string;
  };
  reject: Decide<{ id: number; reason: string }> & {
    title: string;
    presets: readonly string[];
    placeholder: string;
  };
  /** The evidence: licence, letter, identity document. */
  children: (detail: D) => ReactNode;
}) {
  const { message, modal } = App.useApp();
  const [rejecting, setRejecting] = useState(false);
  const detail = query.data;
  const isPending = detail?.status === 'pending';

  const confirmApprove = () => {
    if (!detail) return;
    modal.confirm({
      title: approve.confirmTitle,
      content: approve.confirmContent(detail),
      okText: '通过',
      onOk: () =>
        approve.mutateAsync({ id: detail.id }).then(
          () => void message.success(approve.success),
          (error: Error) => void message.error(error.message),
        ),
    });
  };

  return (
    <Drawer
      title={detail ? `${title} #${detail.id}` : title}
      size={size}
      open={id !== null}
      onClose={onClose}
      destroyOnHidden
      extra={
        isPending && (
          <Space>
            <Button danger onClick={() => setRejecting(true)}>
              驳回
            </Button>
            <Button type="primary" loading={approve.isPending} onClick={confirmApprove}>
              通过
            </Button>
          </Space>
        )
      }
    >
      {query.isError && <QueryError error={query.error} onRetry={() => void query.refetch()} />}
      {query.isPending && id !== null && <Skeleton active paragraph={{ rows: 8 }} />}
      {detail && (
        <Space orientation="vertical" size={24} style={{ width: '100%' }}>
          <Descriptions column={1} bordered size="small">
            <Descriptions.Item label="提交时间">{formatTime(detail.submittedAt)}</Descriptions.Item>
            <Descriptions.Item label="会员">
              {detail.member.displayName}（#{detail.member.id}）
            </Descriptions.Item>
            {asked(detail).map(({ label, value }) => (
              <Descriptions.Item key={label} label={label}>
                {value}
              </Descriptions.Item>
            ))}
            <Descriptions.Item label="状态">
              <ReviewStatusTag status={detail.status} />
            </Descriptions.Item>
            {detail.decidedBy && (
              <Descriptions.Item label="审核人">
                {detail.decidedBy.realName}，{formatTime(detail.decidedAt)}
              </Descriptions.Item>
            )}
            {detail.rejectReason && (
              <Descriptions.Item label="驳回原因">{detail.rejectReason}</Descriptions.Item>
            )}
          </Descriptions>
          {children(detail)}
        </Space>
      )}
      {detail && rejecting && (
        <RejectModal
          title={reject.title}
          presets={reject.presets}
          placeholder={reject.placeholder}
          pending={reject.isPending}
          onReject={(reason) => reject.mutateAsync({ id: detail.id, reason })}
          onClose={() => setRejecting(false)}
        />
      )}
    </Drawer>
  );
}
