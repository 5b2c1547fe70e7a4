import { useEffect } from 'react';

// Unsaved work on a screen (a price sheet draft) asks before it is left: closing or reloading
// the tab (beforeunload), and following the console's own menu (confirmLeave). The router is
// declarative, so it has no blocker of its own.
let question: string | null = null;

/** While `active`, leaving the screen asks `message` first. */
export function useLeaveGuard(active: boolean, message: string): void {
  useEffect(() => {
    if (!active) return;
    question = message;
    const warn = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', warn);
    return () => {
      question = null;
      window.removeEventListener('beforeunload', warn);
    };
  }, [active, message]);
}

/** Whether the screen may be left now: true without unsaved work, else the staff member's answer. */
export function confirmLeave(): boolean {
  return question === null || window.confirm(question);
}
