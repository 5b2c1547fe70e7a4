import { Button } from 'antd-mobile';
import { useNavigate, useParams } from 'react-router';
import { invoiceRequestStateLabels } from '@pcb/contract/bill';
import { invoiceTypeNames } from '@pcb/contract/member-invoice';
import { confirmDialog, errorMessage, showFail, showSuccess } from '../../../components/feedback';
import { PageHeader } from '../../../components/page-header';
import { PageEmpty, PageError, PageLoading } from '../../../components/page-status';
import { formatFen } from '../../../lib/money';
import { paths } from '../../../lib/paths';
import { useDeleteRequest, useRequestDetail, useResendMail } from '../api/bill-calls';
import { RequestsTab } from '../components/requests-tab';
import '../invoices.css';

function Detail({ id }: { id: number }) {
  const navigate = useNavigate();
  const detail = useRequestDetail(id);
  const remove = useDeleteRequest();
  const resend = useResendMail();
  if (detail.isPending) return <PageLoading />;
  if (detail.isError) {
    return (
      <PageError
        message={errorMessage(detail.error, '开票申请加载失败')}
        onRetry={() => void detail.refetch()}
      />
    );
  }
  const r = detail.data;
  const rows: [string, string][] = [
    ['发票类型', invoiceTypeNames[r.invoiceType]],
    ['发票抬头', r.profile.title],
    ...(r.profile.taxNumber ? ([['税号', r.profile.taxNumber]] as [string, string][]) : []),
    ['接收邮箱', r.profile.email],
    ['开票金额', formatFen(r.total)],
    ...(r.invoiceNo ? ([['发票号码', r.invoiceNo]] as [string, string][]) : []),
  ];
  return (
    <>
      <section className="invoice-card" data-testid="invoice-detail" data-status={r.status}>
        <h2 className="invoice-card-title">
          <span className={`bill-state request-state-${r.status}`} data-testid="detail-status">
            {invoiceRequestStateLabels[r.status]}
          </span>
        </h2>
        {r.rejectReason && (
          <p className="bill-reject" data-testid="detail-reason">
            驳回原因：{r.rejectReason}（所含账单可重新申请）
          </p>
        )}
        {r.needsRedLetter && <p className="bill-reject">有账单已退款，财务将开具红字发票冲销</p>}
        <dl className="detail-rows">
          {rows.map(([k, v]) => (
            <div key={k} className="bill-row">
              <dt className="bill-meta">{k}</dt>
              <dd className="detail-value">{v}</dd>
            </div>
          ))}
        </dl>
      </section>
      <section className="invoice-card" aria-label="账单">
        <h2 className="invoice-card-title">
          账单<span className="invoice-count">{r.bills.length}</span>
        </h2>
        <ul className="bill-list">
          {r.bills.map((b) => (
            <li key={b.id} className="bill-row detail-bill">
              <span>{b.orderNo}</span>
              <span className="bill-amount">{formatFen(b.amount)}</span>
            </li>
          ))}
        </ul>
      </section>
      <div className="invoice-bottom-bar detail-actions">
        {r.status === 'approved' && r.pdfUrl && (
          <>
            <a
              className="adm-button adm-button-primary adm-button-shape-rounded detail-download"
              href={r.pdfUrl}
              download={`电子发票-${r.invoiceNo ?? r.id}.pdf`}
              target="_blank"
              rel="noreferrer"
              data-testid="detail-download"
            >
              下载电子发票
            </a>
            <Button
              shape="rounded"
              loading={resend.isPending}
              onClick={() =>
                resend.mutate(r.id, {
                  onSuccess: () => showSuccess(`已发送至${r.profile.email}`),
                  onError: (e) => showFail(errorMessage(e, '发送失败，请稍后重试')),
                })
              }
              data-testid="detail-resend"
            >
              发送到邮箱
            </Button>
          </>
        )}
        {r.status === 'pending' && (
          <Button
            block
            shape="rounded"
            color="danger"
            fill="outline"
            loading={remove.isPending}
            onClick={() =>
              void confirmDialog({
                content: '删除后所含账单可重新申请开票，确定删除？',
                confirmText: '删除',
              }).then((ok) => {
                if (!ok) return;
                remove.mutate(r.id, {
                  onSuccess: () => {
                    showSuccess('已删除');
                    void navigate(`${paths.makeInvoice}?tab=requests`, { replace: true });
                  },
                  onError: (e) => showFail(errorMessage(e, '删除失败，请稍后重试')),
                });
              })
            }
            data-testid="detail-delete"
          >
            删除申请
          </Button>
        )}
      </div>
    </>
  );
}

/**
 * /MakeInvoice/invoiceDetail/{id?}: one request, the PDF once issued, delete while pending;
 * without an id, the member's requests, each opening its detail.
 */
export function InvoiceDetailPage() {
  const params = useParams();
  const id = Number(params.id);
  return (
    <div className="invoice-page" data-testid="invoice-detail-page">
      <PageHeader>发票详情</PageHeader>
      {params.id === undefined ? (
        <RequestsTab />
      ) : Number.isInteger(id) && id > 0 ? (
        <Detail id={id} />
      ) : (
        <PageEmpty text="开票申请不存在" />
      )}
    </div>
  );
}
