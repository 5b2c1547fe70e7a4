import { yuan, type Quote } from '@pcb/pricing';

interface PriceBarProps {
  quote: Quote | null;
  /** Why there is no price (a refused parameter, no price sheet yet). */
  blocked: string | null;
  /** Brings the refused parameter the bar names into view. */
  onBlockedTap?: () => void;
  onShowLines: () => void;
  onOrder: () => void;
  isOrdering: boolean;
}

/** Sticky at the bottom: the total, the promised ship date, the fee lines and 下单. */
export function PriceBar({
  quote,
  blocked,
  onBlockedTap,
  onShowLines,
  onOrder,
  isOrdering,
}: PriceBarProps) {
  return (
    <div className="q-bar" role="region" aria-label="价格">
      <div className="q-bar-price">
        {quote ? (
          <>
            <button type="button" className="q-bar-total" onClick={onShowLines}>
              <span className="q-bar-amount" data-testid="quote-total">
                {yuan(quote.total)}
              </span>
              <span className="q-bar-detail">明细</span>
            </button>
            <span className="q-bar-date" data-testid="quote-ship-date">
              {quote.shipDate
                ? `预计${quote.shipDate.slice(5).replace('-', '月')}日发货 · ${quote.buildDays}个工作日`
                : `${quote.buildDays}个工作日`}
            </span>
          </>
        ) : blocked && onBlockedTap ? (
          <button
            type="button"
            className="q-bar-blocked q-bar-goto"
            onClick={onBlockedTap}
            data-testid="quote-blocked"
          >
            {blocked}
            <span aria-hidden="true"> ›</span>
          </button>
        ) : (
          <span className="q-bar-blocked" data-testid="quote-blocked">
            {blocked ?? '计价中…'}
          </span>
        )}
      </div>
      <button
        type="button"
        className="q-bar-order"
        disabled={!quote || isOrdering}
        onClick={onOrder}
        data-testid="quote-order"
      >
        下单
      </button>
    </div>
  );
}
