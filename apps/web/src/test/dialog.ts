import { expect } from 'vitest';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';

/** Waits until the closing animation of an earlier test's dialog has removed it. */
export async function noDialogLeft(): Promise<void> {
  await waitFor(() => expect(document.querySelector('.adm-dialog')).toBeNull());
}

/** Taps a button of the open antd-mobile Dialog. */
export async function tapDialogButton(text: string): Promise<void> {
  const button = await screen.findByText(text, {
    selector: '.adm-dialog-button *, .adm-dialog-button',
  });
  act(() => fireEvent.click(button));
}
