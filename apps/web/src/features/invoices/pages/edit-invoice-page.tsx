import { useNavigate, useParams, useSearchParams } from 'react-router';
import { errorMessage, showSuccess } from '../../../components/feedback';
import { PageHeader } from '../../../components/page-header';
import { PageError, PageLoading } from '../../../components/page-status';
import { paths } from '../../../lib/paths';
import { safeReturnPath } from '../../../lib/return-url';
import { useCreateInvoice } from '../api/create-invoice';
import { useInvoice } from '../api/get-invoice';
import { useInvoicePermissions } from '../api/get-invoice-permissions';
import { useUpdateInvoice } from '../api/update-invoice';
import { InvoiceProfileForm, type InvoiceProfileSubmit } from '../components/invoice-profile-form';
import '../invoices.css';

/** A route id: digits only, within an id column; null for anything else. */
function idFrom(param: string | undefined): number | null {
  if (param === undefined || !/^\d{1,10}$/.test(param)) return null;
  const id = Number(param);
  return id >= 1 && id <= 2_147_483_647 ? id : null;
}

/** /MakeInvoice/editInvoice/{id?}: add a profile, or edit one of mine. */
export function EditInvoicePage() {
  const navigate = useNavigate();
  const param = useParams().id;
  // `?returnTo=/fillOrder?invoice=…`: a profile added while placing an order goes back to it.
  const [searchParams] = useSearchParams();
  const afterSave =
    safeReturnPath(searchParams.get('returnTo')) ?? `${paths.makeInvoice}?tab=profiles`;
  const isNew = param === undefined;
  const id = idFrom(param);
  const profile = useInvoice(id ?? 0, id !== null);
  const permissions = useInvoicePermissions();
  const create = useCreateInvoice();
  const update = useUpdateInvoice();

  const save = async (values: InvoiceProfileSubmit) => {
    if (id === null) await create.mutateAsync(values);
    else await update.mutateAsync({ ...values, id });
    showSuccess(isNew ? '发票抬头已添加' : '发票抬头已保存');
    void navigate(afterSave, { replace: true });
  };

  let body;
  if (!isNew && id === null) body = <PageError message="发票抬头不存在" />;
  else if (permissions.isPending || (id !== null && profile.isPending)) body = <PageLoading />;
  else if (permissions.isError || profile.isError) {
    const failed = permissions.isError ? permissions : profile;
    body = (
      <PageError
        message={errorMessage(failed.error, '加载失败')}
        onRetry={() => void failed.refetch()}
      />
    );
  } else {
    body = (
      <InvoiceProfileForm
        key={profile.data?.id ?? 'new'}
        profile={profile.data}
        permissions={permissions.data}
        save={save}
      />
    );
  }

  return (
    <div className="invoice-page" data-testid="edit-invoice-page">
      <PageHeader>{isNew ? '添加发票抬头' : '编辑发票抬头'}</PageHeader>
      {body}
    </div>
  );
}
