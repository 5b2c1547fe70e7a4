import { expect } from 'vitest';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';

// The animation runs on timers that a busy test machine can slow down a lot.
const ANIMATION_TIMEOUT = 4000;

/** Waits until the closing animation of an earlier dialog has removed it. */
export async function noDialogLeft(): Promise<void> {
  await waitFor(() => expect(document.querySelector('.adm-dialog')).toBeNull(), {
    timeout: ANIMATION_TIMEOUT,
  });
}

/**
 * Taps a button of the open antd-mobile Dialog once its opening animation is over: a tap in
 * the middle of it leaves the closing animation unfinished in jsdom, and the dialog in place.
 */
export async function tapDialogButton(text: string): Promise<void> {
  const button = await screen.findByText(text, {
    selector: '.adm-dialog-button *, .adm-dialog-button',
  });
  await waitFor(
    () => {
      const panel = button.closest<HTMLElement>('.adm-center-popup-wrap > div');
      expect(panel?.style.opacity).toBe('1');
    },
    { timeout: ANIMATION_TIMEOUT },
  );
  act(() => fireEvent.click(button));
}
