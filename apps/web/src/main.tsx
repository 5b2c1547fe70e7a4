// Must run before any antd-mobile Toast or Dialog can be shown.
import './app/antd-react19';
import './app/global.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { captureEntryParams } from './lib/entry-params';
import { rememberFirstHref } from './app/visit-report';
import { App } from './app/app';

rememberFirstHref(window.location.href);
captureEntryParams(window.location.search);

const container = document.getElementById('root');
if (!container) throw new Error('#root is missing from index.html');
createRoot(container).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
