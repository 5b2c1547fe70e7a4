import type { OrderAction } from '@pcb/contract';
import type { StaffOrderDetail } from '@pcb/contract/staff-order';
import { CancelOrderModal } from './cancel-order-modal';
import { ChangePriceModal } from './change-price-modal';
import { NoteActionModal } from './note-action-modal';
import { ParcelEventModal } from './parcel-event-modal';
import { RaiseEqModal } from './raise-eq-modal';
import { RecordPaymentModal } from './record-payment-modal';
import { RecordStepModal } from './record-step-modal';
import { ShipModal } from './ship-modal';

/** What the staff member is doing to the order: an action, and for a parcel event its parcel. */
export interface Acting {
  action: OrderAction;
  parcelId?: number;
}

/** The dialog of one staff action of the lifecycle table. */
export function ActionModal({
  acting,
  detail,
  onClose,
}: {
  acting: Acting;
  detail: StaffOrderDetail;
  onClose: () => void;
}) {
  const props = { detail, onClose };
  switch (acting.action) {
    case 'pass':
    case 'complete':
      return <NoteActionModal action={acting.action} {...props} />;
    case 'changePrice':
      return <ChangePriceModal {...props} />;
    case 'raiseEq':
      return <RaiseEqModal {...props} />;
    case 'recordPayment':
      return <RecordPaymentModal {...props} />;
    case 'recordStep':
      return <RecordStepModal {...props} />;
    case 'ship':
      return <ShipModal {...props} />;
    case 'addParcelEvent':
      return acting.parcelId ? <ParcelEventModal parcelId={acting.parcelId} {...props} /> : null;
    case 'staffCancel':
      return <CancelOrderModal {...props} />;
    default:
      return null;
  }
}
