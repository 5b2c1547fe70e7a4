import { screen, waitFor } from '@testing-library/react';
import { expect } from 'vitest';

/** The text of the toast on screen, or null. */
export const toastText = (): string | null =>
  document.querySelector('.adm-toast-main')?.textContent ?? null;

/** Waits until the toast on screen says exactly `text`. */
export async function expectToast(text: string): Promise<void> {
  await waitFor(() => expect(toastText()).toBe(text));
}

/** The message shown under the form field of the input with this id, or null. */
export function fieldError(inputId: string): string | null {
  const field = document.getElementById(inputId)?.closest('.form-field');
  return field?.querySelector('[role="alert"]')?.textContent ?? null;
}

/** Waits until the field of the input with this id shows exactly `text` as its error. */
export async function expectFieldError(inputId: string, text: string): Promise<void> {
  await waitFor(() => expect(fieldError(inputId)).toBe(text));
}

/** The visible text of the element with this test id. */
export const textOf = (testId: string): string | null => screen.getByTestId(testId).textContent;
