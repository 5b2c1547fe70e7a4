import type { EqListItem, EqOrderProgress } from '@pcb/contract/eq-question';

// What answering leads to, said from where the order stands on the server: the last answer
// sends the order back to the engineer, unless a new price the engineer set still waits for
// the member (decision 0042's afterConfirmation); then it waits for that answer first.

/** The page's note for one order's questions. */
export function orderNote(progress: EqOrderProgress): string {
  if (progress.status === 'awaitingConfirmation') {
    if (progress.openEqs > 0) {
      return progress.pendingPriceChange
        ? `${progress.openEqs}个问题待回复，工程师调整的价格也待您确认：都处理后工程师继续审核，订单才能进入下一步。`
        : `${progress.openEqs}个问题待回复：全部回复后工程师继续审核，订单才能进入下一步。`;
    }
    if (progress.pendingPriceChange) {
      return '问题都已回复。工程师还调整了价格，请在订单详情中确认新价格，确认后工程师继续审核。';
    }
  }
  if (progress.status === 'pendingReview') return '问题都已回复，工程师会继续审核。';
  return '问题都已回复。';
}

/** The page's note for every question waiting for me (several orders). */
export function openQuestionsNote(items: readonly EqListItem[]): string {
  const open = items.filter((eq) => eq.status === 'open').length;
  return items.some((eq) => eq.orderProgress.pendingPriceChange)
    ? `${open}个问题待回复。有的订单还有工程师调整的价格待您确认（在订单详情中）：回复并确认后工程师继续审核。`
    : `${open}个问题待回复：全部回复后工程师继续审核，订单才能进入下一步。`;
}

/** The toast after an answer, from the order as the server answered it. */
export function answeredMessage(progress: EqOrderProgress): string {
  if (progress.status === 'awaitingConfirmation') {
    if (progress.openEqs > 0) return `已回复，还有${progress.openEqs}个问题待回复`;
    if (progress.pendingPriceChange) return '已回复，请确认工程师调整后的价格';
  }
  if (progress.status === 'pendingReview') return '已回复，工程师会继续审核';
  return '已回复';
}
