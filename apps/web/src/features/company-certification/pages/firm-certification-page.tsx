import { useState, type ReactNode } from 'react';
import { Button } from 'antd-mobile';
import type { CompanyApply } from '@pcb/contract/member-company-apply';
import { formatDate } from '../../../lib/date';
import { PageHeader } from '../../../components/page-header';
import { PageError, PageLoading } from '../../../components/page-status';
import { errorMessage, showFail } from '../../../components/feedback';
import { AlertCircleIcon, CheckCircleIcon, FileIcon } from '../../../components/icons';
import { useCompanyApply } from '../api/get-company-apply';
import { downloadApplyTemplate } from '../api/download-apply-template';
import { CertificationForm } from '../components/certification-form';
import '../firm-certification.css';

/** Step 1 of the form: the letter to print, sign and stamp. */
function TemplateCard() {
  const [downloading, setDownloading] = useState(false);
  const download = async () => {
    setDownloading(true);
    try {
      await downloadApplyTemplate();
    } catch (e) {
      showFail(errorMessage(e, '下载失败，请稍后重试'));
    } finally {
      setDownloading(false);
    }
  };
  return (
    <section className="cert-card cert-template">
      <FileIcon className="cert-template-icon" />
      <div className="cert-template-text">
        <div className="cert-template-title">企业认证申请函</div>
        <div className="cert-template-desc">下载后打印，法定代表人签字并加盖公章，拍照上传</div>
      </div>
      <Button
        size="small"
        color="primary"
        fill="outline"
        loading={downloading}
        onClick={() => void download()}
        data-testid="cert-template-download"
      >
        下载
      </Button>
    </section>
  );
}

function Details({ apply }: { apply: CompanyApply }) {
  return (
    <dl className="cert-details">
      <dt>企业名称</dt>
      <dd data-testid="cert-detail-company">{apply.companyName}</dd>
      <dt>信用代码</dt>
      <dd>{apply.creditCode}</dd>
      <dt>法定代表人</dt>
      <dd>{apply.legalPerson}</dd>
      <dt>联系人</dt>
      <dd>
        {apply.contactName} {apply.contactPhone}
      </dd>
      <dt>提交时间</dt>
      <dd>{formatDate(apply.updatedAt)}</dd>
    </dl>
  );
}

function StatusCard({
  apply,
  icon,
  title,
  tone,
  children,
}: {
  apply: CompanyApply;
  icon: ReactNode;
  title: string;
  tone: 'pending' | 'approved' | 'rejected';
  children?: ReactNode;
}) {
  return (
    <section
      className={`cert-card cert-status cert-status-${tone}`}
      role="status"
      data-testid="cert-status"
      data-state={apply.status}
    >
      <div className="cert-status-head">
        {icon}
        <h2 className="cert-status-title">{title}</h2>
      </div>
      {children}
      <Details apply={apply} />
    </section>
  );
}

/**
 * /firmCertification: the form (none), what was submitted with an edit button (pending), the
 * reason and a resubmit (rejected), or the certified company (approved).
 */
export function FirmCertificationPage() {
  const query = useCompanyApply();
  const [editing, setEditing] = useState(false);

  let body: ReactNode;
  if (query.isPending) body = <PageLoading />;
  else if (query.isError) {
    body = <PageError message={query.error.message} onRetry={() => void query.refetch()} />;
  } else {
    const apply = query.data;
    if (!apply || (editing && apply.status !== 'approved')) {
      body = (
        <>
          {!apply && (
            <p className="cert-intro">
              完成企业认证后，账号将以企业身份下单、对账，并可开具增值税专用发票。
            </p>
          )}
          <TemplateCard />
          <CertificationForm current={apply} onDone={() => setEditing(false)} />
          {apply && (
            <Button block fill="none" onClick={() => setEditing(false)} data-testid="cert-cancel">
              取消修改
            </Button>
          )}
        </>
      );
    } else if (apply.status === 'pending') {
      body = (
        <>
          <StatusCard
            apply={apply}
            tone="pending"
            icon={<FileIcon className="cert-status-icon" />}
            title="审核中"
          >
            <p className="cert-status-desc">
              资料已提交，工作人员将在1个工作日内审核。审核前可修改。
            </p>
            <Button
              block
              color="primary"
              fill="outline"
              shape="rounded"
              onClick={() => setEditing(true)}
              data-testid="cert-edit"
            >
              修改申请
            </Button>
          </StatusCard>
          <TemplateCard />
        </>
      );
    } else if (apply.status === 'rejected') {
      body = (
        <StatusCard
          apply={apply}
          tone="rejected"
          icon={<AlertCircleIcon className="cert-status-icon" />}
          title="认证未通过"
        >
          <p className="cert-status-reason" data-testid="cert-reject-reason">
            原因：{apply.rejectReason}
          </p>
          <Button
            block
            color="primary"
            shape="rounded"
            onClick={() => setEditing(true)}
            data-testid="cert-resubmit"
          >
            修改后重新提交
          </Button>
        </StatusCard>
      );
    } else {
      body = (
        <StatusCard
          apply={apply}
          tone="approved"
          icon={<CheckCircleIcon className="cert-status-icon" />}
          title="已完成企业认证"
        >
          <p className="cert-status-desc">
            认证时间：{apply.decidedAt ? formatDate(apply.decidedAt) : ''}
          </p>
        </StatusCard>
      );
    }
  }

  return (
    <div className="cert-page" data-testid="firm-certification-page">
      <PageHeader>企业认证</PageHeader>
      <div className="cert-body">{body}</div>
    </div>
  );
}
