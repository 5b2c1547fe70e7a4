import { Image, Typography } from 'antd';
import { ReviewDrawer } from '../../../components/review-queue/review-drawer';
import { useApproveMobileApply } from '../api/approve-mobile-apply';
import { useMobileApply } from '../api/get-mobile-apply';
import { useRejectMobileApply } from '../api/reject-mobile-apply';

/** What staff most often send back. */
const REJECT_PRESETS = [
  '身份证明材料不清晰，请重新上传',
  '身份证明材料与账号实名信息不符',
  '申请原因不充分，请补充说明后重新申请',
];

/** One application: who, old and new number, the reason, the identity document; decide it. */
export function ApplyDetailDrawer({ id, onClose }: { id: number | null; onClose: () => void }) {
  const apply = useMobileApply(id);
  const approve = useApproveMobileApply();
  const reject = useRejectMobileApply();

  return (
    <ReviewDrawer
      id={id}
      onClose={onClose}
      title="换绑申请"
      size={640}
      query={apply}
      asked={(detail) => [
        { label: '原手机号', value: detail.oldMobileMasked },
        { label: '新手机号', value: detail.newMobileMasked },
        {
          label: '申请原因',
          value: (
            <Typography.Paragraph style={{ margin: 0, whiteSpace: 'pre-wrap' }}>
              {detail.reason}
            </Typography.Paragraph>
          ),
        },
      ]}
      approve={{
        mutateAsync: approve.mutateAsync,
        isPending: approve.isPending,
        confirmTitle: '通过换绑申请？',
        confirmContent: (detail) =>
          `会员「${detail.member.displayName}」的手机号将改为 ${detail.newMobileMasked}，其所有登录将结束，并收到短信通知。`,
        success: '已通过，会员手机号已更换',
      }}
      reject={{
        mutateAsync: reject.mutateAsync,
        isPending: reject.isPending,
        title: '驳回申请',
        presets: REJECT_PRESETS,
        placeholder: '例如：身份证明材料不清晰，请重新上传',
      }}
    >
      {(detail) => (
        <div>
          <Typography.Title level={5}>身份证明材料</Typography.Title>
          <Image
            src={detail.idDocumentUrl}
            alt="身份证明材料"
            width="100%"
            style={{ maxHeight: 420, objectFit: 'contain', background: '#fafafa' }}
          />
        </div>
      )}
    </ReviewDrawer>
  );
}
