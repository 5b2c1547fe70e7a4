import { useEffect, useRef } from 'react';
import { yuan, type Quote } from '@pcb/pricing';

interface FeeSheetProps {
  quote: Quote;
  sheetLabel: string;
  /** PCB: where a logged-in member's grade discount goes, priced when the order is filled. */
  showMemberDiscount?: boolean;
  onClose: () => void;
}

/** The fee breakdown in a bottom sheet: every line with why it costs what it does. */
export function FeeSheet({ quote, sheetLabel, showMemberDiscount, onClose }: FeeSheetProps) {
  const dialog = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const element = dialog.current;
    if (!element || element.open) return;
    if (typeof element.showModal === 'function') element.showModal();
    else element.setAttribute('open', '');
  }, []);
  return (
    <dialog
      ref={dialog}
      className="q-sheet"
      aria-labelledby="q-sheet-title"
      onClose={onClose}
      onClick={(event) => {
        if (event.target === event.currentTarget) onClose();
      }}
    >
      <div className="q-sheet-body">
        <div className="q-sheet-head">
          <h2 id="q-sheet-title">费用明细</h2>
          <button type="button" className="q-link" onClick={onClose}>
            关闭
          </button>
        </div>
        <ul className="q-lines">
          {quote.lines.map((line) => (
            <li key={line.code}>
              <div className="q-line-head">
                <span>{line.name}</span>
                <span>{yuan(line.amount)}</span>
              </div>
              <p className="q-line-reason">{line.reason}</p>
            </li>
          ))}
          {showMemberDiscount && (
            <li data-testid="q-member-discount">
              <div className="q-line-head">
                <span>会员折扣</span>
                <span className="q-muted">会员折扣登录后计算</span>
              </div>
              <p className="q-line-reason">按会员等级的PCB折扣，下单时在确认订单页计入</p>
            </li>
          )}
        </ul>
        <div className="q-lines-total">
          <span>合计</span>
          <strong>{yuan(quote.total)}</strong>
        </div>
        <p className="q-muted">{sheetLabel}</p>
      </div>
    </dialog>
  );
}
