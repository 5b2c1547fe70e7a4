// Before any schema of the contract is built.
import './app/zod-config';
// Must run before any antd-mobile Toast or Dialog can be shown.
import './app/antd-react19';
import './theme.css';
import './app/global.css';
import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { captureEntryParams } from './lib/entry-params';
import { rememberFirstHref } from './app/first-visit';
import { App } from './app/app';
import { firstScreenPath, preloadScreen } from './app/screens';

rememberFirstHref(window.location.href);
captureEntryParams(window.location.search);

const container = document.getElementById('root');
if (!container) throw new Error('#root is missing from index.html');
/** Ends the current task, so the browser can paint and handle input before the next step. */
const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

// Three tasks instead of one long one: the app's modules have been evaluated (this module),
// then the screen's (loaded before the first render, so that it shows the screen itself and not
// a loading fallback: app/screens.ts), then React renders it.
void nextTask()
  .then(() => preloadScreen(firstScreenPath(window.location.pathname)))
  .then(nextTask)
  .then(() => {
    const root = createRoot(container);
    // As a transition, React renders the first page in slices and yields to the browser between
    // them, instead of one long task that holds up taps and paints.
    startTransition(() =>
      root.render(
        <StrictMode>
          <App />
        </StrictMode>,
      ),
    );
  });
