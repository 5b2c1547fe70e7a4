import { Popup } from 'antd-mobile';
import { CloseIcon } from '../components/icons';
import { ConsultingPanel } from '../features/consulting/components/consulting-panel';

/** The bottom sheet of the 咨询 tab: rounded top, close icon at the top left. */
export default function ConsultSheet({
  visible,
  onClose,
}: {
  visible: boolean;
  onClose: () => void;
}) {
  return (
    <Popup visible={visible} onMaskClick={onClose} onClose={onClose} bodyClassName="consult-popup">
      <div
        role="dialog"
        aria-modal="true"
        aria-labelledby="consult-popup-title"
        data-testid="consult-popup"
      >
        <div className="consult-popup-header">
          <button
            type="button"
            className="icon-button"
            aria-label="关闭"
            onClick={onClose}
            data-testid="consult-popup-close"
          >
            <CloseIcon />
          </button>
          <h2 className="consult-popup-title" id="consult-popup-title">
            业务咨询
          </h2>
          <span className="consult-popup-spacer" />
        </div>
        <div className="consult-popup-body">
          <ConsultingPanel />
        </div>
      </div>
    </Popup>
  );
}
