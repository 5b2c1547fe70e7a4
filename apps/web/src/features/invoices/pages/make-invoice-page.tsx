import { Button } from 'antd-mobile';
import { useNavigate, useSearchParams } from 'react-router';
import { MAX_INVOICE_PROFILES } from '@pcb/contract/member-invoice';
import { errorMessage } from '../../../components/feedback';
import { PageHeader } from '../../../components/page-header';
import { PageEmpty, PageError, PageLoading } from '../../../components/page-status';
import { paths } from '../../../lib/paths';
import { useInvoiceList } from '../api/get-invoice-list';
import { BillsTab } from '../components/bills-tab';
import { InvoiceProfileCard } from '../components/invoice-profile-card';
import { RequestsTab } from '../components/requests-tab';
import '../invoices.css';

function Profiles() {
  const list = useInvoiceList();
  if (list.isPending) return <PageLoading />;
  if (list.isError) {
    return (
      <PageError
        message={errorMessage(list.error, '发票抬头加载失败')}
        onRetry={() => void list.refetch()}
      />
    );
  }
  if (list.data.length === 0) {
    return <PageEmpty text="还没有发票抬头，添加后开票时可直接选用" />;
  }
  return (
    <ul className="invoice-list" data-testid="invoice-list">
      {list.data.map((profile) => (
        <InvoiceProfileCard key={profile.id} profile={profile} />
      ))}
    </ul>
  );
}

const tabs = [
  { key: 'bills', title: '待开票账单' },
  { key: 'requests', title: '开票申请' },
  { key: 'profiles', title: '发票抬头' },
] as const;
type Tab = (typeof tabs)[number]['key'];

function ProfilesTab() {
  const navigate = useNavigate();
  const list = useInvoiceList();
  const full = (list.data?.length ?? 0) >= MAX_INVOICE_PROFILES;
  return (
    <>
      <section className="invoice-card" aria-label="发票抬头">
        <h2 className="invoice-card-title">
          发票抬头
          {list.data && list.data.length > 0 && (
            <span className="invoice-count">{list.data.length}</span>
          )}
        </h2>
        <p className="invoice-hint">开票时选用其中一个，默认抬头将自动带出</p>
        <Profiles />
      </section>
      <div className="invoice-bottom-bar">
        <Button
          block
          color="primary"
          shape="rounded"
          disabled={full}
          onClick={() => void navigate(paths.editInvoice)}
          data-testid="invoice-add"
        >
          {full ? `已达${MAX_INVOICE_PROFILES}个上限` : '添加发票抬头'}
        </Button>
      </div>
    </>
  );
}

/**
 * /MakeInvoice, the invoicing centre (开票中心, issue 22): the bills to invoice with their
 * filters and the selection's total, the invoice requests with their states, and the invoice
 * profiles (发票抬头). `?tab=` keeps the tab.
 */
export function MakeInvoicePage() {
  const [search, setSearch] = useSearchParams();
  const tab: Tab = tabs.find((t) => t.key === search.get('tab'))?.key ?? 'bills';
  return (
    <div className="invoice-page" data-testid="make-invoice-page">
      <PageHeader>开票中心</PageHeader>
      <div className="invoice-tabs" role="tablist" aria-label="开票中心">
        {tabs.map((t) => (
          <button
            key={t.key}
            type="button"
            role="tab"
            aria-selected={t.key === tab}
            className="invoice-tab"
            onClick={() => setSearch({ tab: t.key }, { replace: true })}
            data-testid={`invoice-tab-${t.key}`}
          >
            {t.title}
          </button>
        ))}
      </div>
      {tab === 'bills' && <BillsTab />}
      {tab === 'requests' && <RequestsTab />}
      {tab === 'profiles' && <ProfilesTab />}
    </div>
  );
}
