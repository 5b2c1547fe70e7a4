import { Image, Space, Typography } from 'antd';
import { ReviewDrawer } from '../../../components/review-queue/review-drawer';
import { useApproveCompanyApply } from '../api/approve-company-apply';
import { useCompanyApply } from '../api/get-company-apply';
import { useRejectCompanyApply } from '../api/reject-company-apply';

/** What staff most often send back (the member corrects it and resubmits). */
const REJECT_PRESETS = [
  '营业执照照片不清晰，请重新上传',
  '认证申请函未加盖公章，请盖章后重新上传',
  '企业名称与营业执照不一致',
  '统一社会信用代码与营业执照不一致',
];

/** One certification: the company, the licence image and the signed letter; decide it. */
export function CompanyApplyDrawer({ id, onClose }: { id: number | null; onClose: () => void }) {
  const apply = useCompanyApply(id);
  const approve = useApproveCompanyApply();
  const reject = useRejectCompanyApply();

  return (
    <ReviewDrawer
      id={id}
      onClose={onClose}
      title="企业认证"
      size={720}
      query={apply}
      asked={(detail) => [
        { label: '企业名称', value: detail.companyName },
        { label: '统一社会信用代码', value: detail.creditCode },
        { label: '法定代表人', value: detail.legalPerson },
        { label: '联系人', value: `${detail.contactName} ${detail.contactPhone}` },
      ]}
      approve={{
        mutateAsync: approve.mutateAsync,
        isPending: approve.isPending,
        confirmTitle: '通过企业认证？',
        confirmContent: (detail) =>
          `会员「${detail.member.displayName}」将认证为企业「${detail.companyName}」。请确认营业执照与申请函一致且已盖章。`,
        success: '已通过，会员已成为认证企业',
      }}
      reject={{
        mutateAsync: reject.mutateAsync,
        isPending: reject.isPending,
        title: '驳回企业认证',
        presets: REJECT_PRESETS,
        placeholder: '例如：营业执照照片不清晰，请重新上传',
      }}
    >
      {(detail) => (
        <>
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
        </>
      )}
    </ReviewDrawer>
  );
}
