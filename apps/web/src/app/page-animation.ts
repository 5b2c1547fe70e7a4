import type { PageAnimation } from '../lib/app-store';

export type NavigationKind = 'PUSH' | 'REPLACE' | 'POP';

/**
 * Forward navigations slide left, back navigations (POP) slide right. On iOS a touch-move
 * clears the animation because the swipe-back gesture animates by itself; the POP that
 * the gesture causes then stays unanimated.
 */
export function nextAnimation(kind: NavigationKind, current: PageAnimation): PageAnimation {
  if (kind !== 'POP') return 'slide-left';
  return current === '' ? '' : 'slide-right';
}
