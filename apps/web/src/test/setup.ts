import '@testing-library/jest-dom/vitest';
import { afterAll, afterEach, beforeEach } from 'vitest';
import { act, cleanup, configure, waitFor } from '@testing-library/react';
import { Dialog, Modal, reduceMotion, Toast } from 'antd-mobile';
import { unmountImperativeRoots } from '../app/antd-react19';
import { initialAppState, useAppStore } from '../lib/app-store';
import { queryClient } from '../lib/api';

// jsdom lays nothing out; antd-mobile's PasscodeInput scrolls itself into view on focus.
Element.prototype.scrollIntoView ??= function scrollIntoView() {};

// Dialogs, popups and toasts open and close at once: no animation frames to wait for, none
// left running when a test ends.
reduceMotion();

// findBy*/waitFor end as soon as their condition holds; the bound only decides how long a
// failing test takes to say so, and must not be what a busy machine trips over.
configure({ asyncUtilTimeout: 5000 });

const macrotask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

/**
 * Lets what the finished test started run out while the environment still exists: mutations
 * already answered, and the toasts they show once the feedback chunk has loaded.
 */
async function settle(): Promise<void> {
  // Nothing renders queries any more; a retry timer must not outlive the test.
  await queryClient.cancelQueries();
  try {
    await waitFor(
      () => {
        if (queryClient.isMutating() > 0) throw new Error('a mutation is still running');
      },
      { timeout: 1000 },
    );
  } catch {
    // A request the test left unanswered on purpose: nothing will come of it.
  }
  await act(async () => {
    await import('../components/antd-feedback');
    await macrotask();
  });
}

/** Toasts, dialogs and modals render into roots of their own, outside RTL's cleanup. */
function removeImperativeUi(): void {
  act(() => {
    Toast.clear();
    Dialog.clear();
    Modal.clear();
    unmountImperativeRoots();
  });
}

beforeEach(() => {
  useAppStore.setState(initialAppState);
  queryClient.clear();
});

afterEach(async () => {
  cleanup();
  await settle();
  removeImperativeUi();
  queryClient.clear();
  localStorage.clear();
  sessionStorage.clear();
});

afterAll(async () => {
  // Whatever a last test's requests left behind is gone before jsdom is torn down.
  await settle();
  removeImperativeUi();
});
