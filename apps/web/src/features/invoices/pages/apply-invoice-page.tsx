import { useState } from 'react';
import { Button } from 'antd-mobile';
import { useNavigate, useParams } from 'react-router';
import { invoiceTypeNames, invoiceTypes, type InvoiceType } from '@pcb/contract/member-invoice';
import { errorMessage, showFail, showSuccess } from '../../../components/feedback';
import { PageHeader } from '../../../components/page-header';
import { PageEmpty, PageError, PageLoading } from '../../../components/page-status';
import { formatFen } from '../../../lib/money';
import { paths } from '../../../lib/paths';
import { useInvoiceList } from '../api/get-invoice-list';
import { useBillCheck, useSaveRequest } from '../api/bill-calls';
import '../invoices.css';

/** `12,15,20` → [12, 15, 20]; anything else is dropped. */
const idsOf = (text: string | undefined) =>
  [...new Set((text ?? '').split(',').map(Number))].filter((n) => Number.isInteger(n) && n > 0);

/**
 * /MakeInvoice/applyInvoice/{type?}/{bills?}: the chosen bills with one profile of their type;
 * CheckBillStandard says at once whether the request may go, and why not; 提交 saves it.
 */
export function ApplyInvoicePage() {
  const params = useParams();
  const navigate = useNavigate();
  const type: InvoiceType = invoiceTypes.find((t) => t === params.type) ?? 'normal';
  const billIds = idsOf(params.bills);
  const profiles = useInvoiceList();
  const ofType = (profiles.data ?? []).filter((p) => p.invoiceType === type);
  const [chosen, setProfileId] = useState<number | undefined>();
  // The default profile of the type until the member picks one.
  const profileId = chosen ?? (ofType.find((p) => p.isDefault) ?? ofType[0])?.id;
  const check = useBillCheck(billIds, profileId);
  const save = useSaveRequest();

  if (billIds.length === 0) {
    return (
      <div className="invoice-page" data-testid="apply-invoice-page">
        <PageHeader>申请开票</PageHeader>
        <PageEmpty text="请先在开票中心选择要开票的账单">
          <Button size="small" onClick={() => void navigate(paths.makeInvoice)}>
            去选择账单
          </Button>
        </PageEmpty>
      </div>
    );
  }
  return (
    <div className="invoice-page" data-testid="apply-invoice-page">
      <PageHeader>申请开票</PageHeader>
      <section className="invoice-card">
        <h2 className="invoice-card-title">{invoiceTypeNames[type]}</h2>
        <p className="invoice-hint">
          已选{billIds.length}个账单，合计
          <strong className="bill-amount" data-testid="apply-total">
            {check.data ? formatFen(check.data.total) : '—'}
          </strong>
        </p>
      </section>
      <section className="invoice-card" aria-label="选择发票抬头">
        <h2 className="invoice-card-title">发票抬头</h2>
        {profiles.isPending ? (
          <PageLoading />
        ) : profiles.isError ? (
          <PageError
            message={errorMessage(profiles.error, '发票抬头加载失败')}
            onRetry={() => void profiles.refetch()}
          />
        ) : ofType.length === 0 ? (
          <PageEmpty text={`还没有${invoiceTypeNames[type]}的抬头`}>
            <Button size="small" onClick={() => void navigate(paths.editInvoice)}>
              添加发票抬头
            </Button>
          </PageEmpty>
        ) : (
          <ul className="bill-list apply-profiles">
            {ofType.map((p) => (
              <li key={p.id}>
                <button
                  type="button"
                  className={`apply-profile${p.id === profileId ? ' apply-profile-active' : ''}`}
                  onClick={() => setProfileId(p.id)}
                  data-testid={`apply-profile-${p.id}`}
                >
                  <span className="bill-no">{p.title}</span>
                  <span className="bill-meta">
                    {p.taxNumber ?? '个人'} · {p.email}
                  </span>
                </button>
              </li>
            ))}
          </ul>
        )}
      </section>
      {check.data && !check.data.ok && (
        <p className="bill-reject apply-reason" role="alert" data-testid="apply-reason">
          {check.data.reason}
        </p>
      )}
      <div className="invoice-bottom-bar">
        <Button
          block
          color="primary"
          shape="rounded"
          loading={save.isPending}
          disabled={!check.data?.ok || profileId === undefined}
          onClick={() =>
            save.mutate(
              { billIds, invoiceProfileId: profileId! },
              {
                onSuccess: (r) => {
                  showSuccess('开票申请已提交');
                  void navigate(`${paths.invoiceDetail}/${r.id}`, { replace: true });
                },
                onError: (e) => showFail(errorMessage(e, '提交失败，请稍后重试')),
              },
            )
          }
          data-testid="apply-submit"
        >
          提交申请
        </Button>
      </div>
    </div>
  );
}
