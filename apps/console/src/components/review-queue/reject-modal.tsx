import { REJECT_REASON_MAX, rejectReasonSchema } from '@pcb/contract/review-queue';
import { ReasonModal } from '../form/reason-modal';

/**
 * Rejecting needs a reason, which the member reads (decision 0041): typed, or a preset of the
 * queue's common reasons put in the box to be sent as it is or edited first.
 */
export function RejectModal({
  title,
  presets,
  placeholder,
  pending,
  onReject,
  onClose,
}: {
  title: string;
  /** The queue's common reasons. */
  presets: readonly string[];
  placeholder: string;
  pending: boolean;
  onReject: (reason: string) => Promise<unknown>;
  onClose: () => void;
}) {
  return (
    <ReasonModal
      title={title}
      okText="驳回"
      success="已驳回，会员将看到驳回原因"
      reason={rejectReasonSchema}
      maxLength={REJECT_REASON_MAX}
      presets={presets}
      placeholder={placeholder}
      pending={pending}
      onSubmit={onReject}
      onClose={onClose}
    />
  );
}
