import { useState } from 'react';
import { App, Button, Descriptions, Drawer, Image, Skeleton, Space, Tag, Typography } from 'antd';
import { QueryError } from '../../../components/query-error';
import { formatTime } from '../../../lib/date';
import { useApproveCompanyApply } from '../api/approve-company-apply';
import { useCompanyApply } from '../api/get-company-apply';
import { companyApplyStatusTags } from '../company-apply-labels';
import { RejectCompanyApplyModal } from './reject-company-apply-modal';

/** One certification: the company, the licence image and the signed letter; decide it. */
export function CompanyApplyDrawer({ id, onClose }: { id: number | null; onClose: () => void }) {
  const { message, modal } = App.useApp();
  const apply = useCompanyApply(id);
  const approve = useApproveCompanyApply();
  const [rejecting, setRejecting] = useState(false);
  const detail = apply.data;
  const isPending = detail?.status === 'pending';

  const confirmApprove = () => {
    if (!detail) return;
    modal.confirm({
      title: '通过企业认证？',
      content: `会员「${detail.member.displayName}」将认证为企业「${detail.companyName}」。请确认营业执照与申请函一致且已盖章。`,
      okText: '通过',
      onOk: () =>
        approve.mutateAsync({ id: detail.id }).then(
          () => void message.success('已通过，会员已成为认证企业'),
          (error: Error) => void message.error(error.message),
        ),
    });
  };

  return (
    <Drawer
      title={detail ? `企业认证 #${detail.id}` : '企业认证'}
      size={720}
      open={id !== null}
      onClose={onClose}
      destroyOnHidden
      extra={
        isPending && (
          <Space>
            <Button danger onClick={() => setRejecting(true)} data-testid="company-apply-reject">
              驳回
            </Button>
            <Button
              type="primary"
              loading={approve.isPending}
              onClick={confirmApprove}
              data-testid="company-apply-approve"
            >
              通过
            </Button>
          </Space>
        )
      }
    >
      {apply.isError && <QueryError error={apply.error} onRetry={() => void apply.refetch()} />}
      {apply.isPending && id !== null && <Skeleton active paragraph={{ rows: 8 }} />}
      {detail && (
        <Space orientation="vertical" size={24} style={{ width: '100%' }}>
          <Descriptions column={1} bordered size="small">
            <Descriptions.Item label="会员">
              {detail.member.displayName}（#{detail.member.id}）
            </Descriptions.Item>
            <Descriptions.Item label="企业名称">{detail.companyName}</Descriptions.Item>
            <Descriptions.Item label="统一社会信用代码">{detail.creditCode}</Descriptions.Item>
            <Descriptions.Item label="法定代表人">{detail.legalPerson}</Descriptions.Item>
            <Descriptions.Item label="联系人">
              {detail.contactName} {detail.contactPhone}
            </Descriptions.Item>
            <Descriptions.Item label="状态">
              <Tag color={companyApplyStatusTags[detail.status].color}>
                {companyApplyStatusTags[detail.status].label}
              </Tag>
            </Descriptions.Item>
            <Descriptions.Item label="提交时间">{formatTime(detail.updatedAt)}</Descriptions.Item>
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
            <Typography.Title level={5}>营业执照</Typography.Title>
            <Image
              src={detail.licenseUrl}
              alt="营业执照"
              width="100%"
              style={{ maxHeight: 420, objectFit: 'contain', background: '#fafafa' }}
            />
          </div>
          <div>
            <Typography.Title level={5}>认证申请函</Typography.Title>
            {detail.letterIsPdf ? (
              <Space orientation="vertical" style={{ width: '100%' }}>
                <iframe
                  title="认证申请函"
                  src={detail.letterUrl}
                  style={{ width: '100%', height: 520, border: '1px solid #f0f0f0' }}
                />
                <Typography.Link href={detail.letterUrl} target="_blank" rel="noreferrer">
                  在新窗口打开申请函（PDF）
                </Typography.Link>
              </Space>
            ) : (
              <Image
                src={detail.letterUrl}
                alt="认证申请函"
                width="100%"
                style={{ maxHeight: 520, objectFit: 'contain', background: '#fafafa' }}
              />
            )}
          </div>
        </Space>
      )}
      {detail && rejecting && (
        <RejectCompanyApplyModal applyId={detail.id} onClose={() => setRejecting(false)} />
      )}
    </Drawer>
  );
}
