import { Button } from 'antd-mobile';
import { useNavigate } from 'react-router';
import { invoiceTitleTypeNames, type InvoiceProfile } from '@pcb/contract/member-invoice';
import { confirmDialog, errorMessage, showFail, showSuccess } from '../../../components/feedback';
import { CheckCircleIcon } from '../../../components/icons';
import { paths } from '../../../lib/paths';
import { useDeleteInvoice } from '../api/delete-invoice';
import { useSetDefaultInvoice } from '../api/set-default-invoice';

const typeShort = { normal: '普票', special: '专票' } as const;

/** One profile: its type, title and tax number, the default badge, and what may be done. */
export function InvoiceProfileCard({ profile }: { profile: InvoiceProfile }) {
  const navigate = useNavigate();
  const setDefault = useSetDefaultInvoice();
  const remove = useDeleteInvoice();
  const busy = setDefault.isPending || remove.isPending;

  const onSetDefault = async () => {
    try {
      await setDefault.mutateAsync(profile.id);
      showSuccess('已设为默认抬头');
    } catch (error) {
      showFail(errorMessage(error, '设置失败，请稍后重试'));
    }
  };
  const onDelete = async () => {
    const confirmed = await confirmDialog({
      content: profile.isDefault
        ? `「${profile.title}」是默认抬头，删除后最近添加的一个将成为默认。确定删除吗？`
        : `确定删除发票抬头「${profile.title}」吗？`,
      confirmText: '删除',
    });
    if (!confirmed) return;
    try {
      await remove.mutateAsync(profile.id);
      showSuccess('已删除');
    } catch (error) {
      showFail(errorMessage(error, '删除失败，请稍后重试'));
    }
  };

  return (
    <li
      className="invoice-item"
      data-testid="invoice-item"
      data-invoice-id={profile.id}
      data-default={profile.isDefault}
    >
      <div className="invoice-item-tags">
        <span className={`invoice-tag invoice-tag-${profile.invoiceType}`}>
          {typeShort[profile.invoiceType]}
        </span>
        <span className="invoice-tag">{invoiceTitleTypeNames[profile.titleType]}</span>
        {profile.isDefault && (
          <span className="invoice-tag invoice-tag-default" data-testid="invoice-default-badge">
            默认
          </span>
        )}
        {!profile.isUsable && (
          <span className="invoice-tag invoice-tag-warning" data-testid="invoice-unusable">
            需企业认证
          </span>
        )}
      </div>
      <div className="invoice-item-title" data-testid="invoice-title">
        {profile.title}
      </div>
      {profile.taxNumber && (
        <div className="invoice-item-meta">
          税号 <span data-testid="invoice-tax-number">{profile.taxNumber}</span>
        </div>
      )}
      <div className="invoice-item-meta">邮箱 {profile.email}</div>
      <div className="invoice-item-actions">
        {profile.isDefault ? (
          <span className="invoice-default-state">
            <CheckCircleIcon className="invoice-default-icon" />
            默认抬头
          </span>
        ) : (
          <Button
            fill="none"
            className="invoice-action invoice-action-start"
            disabled={busy}
            onClick={() => void onSetDefault()}
            data-testid="invoice-set-default"
          >
            设为默认
          </Button>
        )}
        <span className="invoice-item-spacer" />
        <Button
          fill="none"
          className="invoice-action"
          disabled={busy}
          onClick={() => void navigate(`${paths.editInvoice}/${profile.id}`)}
          data-testid="invoice-edit"
        >
          编辑
        </Button>
        <Button
          fill="none"
          className="invoice-action invoice-action-danger"
          disabled={busy}
          onClick={() => void onDelete()}
          data-testid="invoice-delete"
        >
          删除
        </Button>
      </div>
    </li>
  );
}
