import { Button } from 'antd-mobile';
import { maskMobile } from '@pcb/contract';
import type { Receiver } from '@pcb/contract/member-receiver';
import { regionLabel } from '../region-search';

/** One address of the list: who, where, the default badge and what can be done with it. */
export function AddressCard({
  receiver,
  busy,
  onEdit,
  onSetDefault,
  onDelete,
}: {
  receiver: Receiver;
  busy: boolean;
  onEdit: () => void;
  onSetDefault: () => void;
  onDelete: () => void;
}) {
  return (
    <li
      className="address-card"
      data-testid="address-card"
      data-receiver-id={receiver.id}
      data-default={receiver.isDefault}
    >
      <button type="button" className="address-main" onClick={onEdit}>
        <div className="address-who">
          <span className="address-name">{receiver.receiverName}</span>
          <span className="address-mobile" data-testid="address-mobile">
            {maskMobile(receiver.mobile)}
          </span>
          {receiver.isDefault && (
            <span className="address-badge" data-testid="address-default-badge">
              默认
            </span>
          )}
        </div>
        <div className="address-where" data-testid="address-where">
          {regionLabel(receiver.region)} {receiver.address}
        </div>
        {receiver.company && <div className="address-company">{receiver.company}</div>}
      </button>
      <div className="address-actions">
        {receiver.isDefault ? (
          <span className="address-default-note">默认地址</span>
        ) : (
          <Button
            size="small"
            fill="none"
            className="address-action"
            disabled={busy}
            onClick={onSetDefault}
            data-testid="address-set-default"
          >
            设为默认
          </Button>
        )}
        <span className="address-actions-right">
          <Button
            size="small"
            fill="none"
            className="address-action"
            disabled={busy}
            onClick={onEdit}
            data-testid="address-edit"
          >
            编辑
          </Button>
          <Button
            size="small"
            fill="none"
            className="address-action address-action-danger"
            disabled={busy}
            onClick={onDelete}
            data-testid="address-delete"
          >
            删除
          </Button>
        </span>
      </div>
    </li>
  );
}
