// The quote page's own entry (/OrdersPCB, orders-pcb.html): React and the pricing engine, none
// of the member app (no router, no antd-mobile), so it stays within its 110 KB gzip budget.
import './theme.css';
import './features/quote/quote.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { QuotePage } from './features/quote/pages/quote-page';

const container = document.getElementById('root');
if (!container) throw new Error('#root is missing from orders-pcb.html');
createRoot(container).render(
  <StrictMode>
    <QuotePage />
  </StrictMode>,
);
