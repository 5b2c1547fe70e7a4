import { useState } from 'react';
import { App, Button, Descriptions, Drawer, Image, Skeleton, Space, Tag, Typography } from 'antd';
import { QueryError } from '../../../components/query-error';
import { formatTime } from '../../../lib/date';
import { useApproveMobileApply } from '../api/approve-mobile-apply';
import { useMobileApply } from '../api/get-mobile-apply';
import { applyStatusTags } from '../mobile-apply-labels';
import { RejectModal } from './reject-modal';

/** One application: who, old and new number, the reason, the identity document; decide it. */
export function ApplyDetailDrawer({ id, onClose }: { id: number | null; onClose: () => void }) {
  const { message, modal } = App.useApp();
  const apply = useMobileApply(id);
  const approve = useApproveMobileApply();
  const [rejecting, setRejecting] = useState(false);
  const detail = apply.data;
  const isPending = detail?.status === 'pending';

  const confirmApprove = () => {
    if (!detail) return;
    modal.confirm({
      title: '通过换绑申请？',
      content: `会员「${detail.member.displayName}」的手机号将改为 ${detail.newMobileMasked}，其所有登录将结束，并收到短信通知。`,
      okText: '通过',
      onOk: () =>
        approve.mutateAsync({ id: detail.id }).then(
          () => void message.success('已通过，会员手机号已更换'),
          (error: Error) => void message.error(error.message),
        ),
    });
  };

  return (
    <Drawer
      title={detail ? `换绑申请 #${detail.id}` : '换绑申请'}
      size={640}
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
      {apply.isError && <QueryError error={apply.error} onRetry={() => void apply.refetch()} />}
      {apply.isPending && id !== null && <Skeleton active paragraph={{ rows: 6 }} />}
      {detail && (
        <Space orientation="vertical" size={24} style={{ width: '100%' }}>
          <Descriptions column={1} bordered size="small">
            <Descriptions.Item label="会员">
              {detail.member.displayName}（#{detail.member.id}）
            </Descriptions.Item>
            <Descriptions.Item label="原手机号">{detail.oldMobileMasked}</Descriptions.Item>
            <Descriptions.Item label="新手机号">{detail.newMobileMasked}</Descriptions.Item>
            <Descriptions.Item label="申请原因">
              <Typography.Paragraph style={{ margin: 0, whiteSpace: 'pre-wrap' }}>
                {detail.reason}
              </Typography.Paragraph>
            </Descriptions.Item>
            <Descriptions.Item label="状态">
              <Tag color={applyStatusTags[detail.status].color}>
                {applyStatusTags[detail.status].label}
              </Tag>
            </Descriptions.Item>
            <Descriptions.Item label="提交时间">{formatTime(detail.createdAt)}</Descriptions.Item>
            {detail.decidedBy && (
              <Descriptions.Item label="处理人">
                {detail.decidedBy.realName}，{formatTime(detail.decidedAt)}
              </Descriptions.Item>
            )}
            {detail.rejectReason && (
              <Descriptions.Item label="驳回原因">{detail.rejectReason}</Descriptions.Item>
            )}
          </Descriptions>
          <div>
            <Typography.Title level={5}>身份证明材料</Typography.Title>
            <Image
              src={detail.idDocumentUrl}
              alt="身份证明材料"
              width="100%"
              style={{ maxHeight: 420, objectFit: 'contain', background: '#fafafa' }}
            />
          </div>
        </Space>
      )}
      {detail && rejecting && (
        <RejectModal applyId={detail.id} onClose={() => setRejecting(false)} />
      )}
    </Drawer>
  );
}
