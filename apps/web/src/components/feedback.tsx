import { AlertCircleIcon } from './icons';
import type { ToastShowProps } from 'antd-mobile';
import { ApiError } from '@pcb/client';

/** Spec section 9: toasts stay 2000 ms. */
export const TOAST_DURATION = 2000;

const loadFeedback = () => import('./antd-feedback');

function show(props: ToastShowProps): void {
  void loadFeedback().then(({ Toast }) => Toast.show({ duration: TOAST_DURATION, ...props }));
}

export function showToast(content: string): void {
  show({ content });
}

export function showSuccess(content: string): void {
  show({ content, icon: 'success' });
}

export function showFail(content: string): void {
  show({ content, icon: 'fail' });
}

export function showWarning(content: string): void {
  show({ content, icon: <AlertCircleIcon /> });
}

/** Closes the toast on screen, so a sheet opening over the page is not covered by it. */
export function clearToasts(): void {
  void loadFeedback().then(({ Toast }) => Toast.clear());
}

/** A confirmation dialog; resolves true when the member confirms. */
export async function confirmDialog(options: {
  content: string;
  confirmText: string;
  cancelText?: string;
}): Promise<boolean> {
  const { Dialog } = await loadFeedback();
  return Dialog.confirm({ cancelText: '取消', ...options });
}

/** The server's message for a failed call; never a programming error's English text. */
export function errorMessage(error: unknown, fallback = '操作失败，请稍后重试'): string {
  return error instanceof ApiError && error.message ? error.message : fallback;
}
