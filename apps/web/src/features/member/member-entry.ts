import type { ReactNode } from 'react';

/**
 * One tile of the member centre's entry grid. Features contribute entries through the app
 * layer (src/app/member-entries.tsx), so adding a section never edits the member page.
 */
export interface MemberEntry {
  key: string;
  title: string;
  icon: ReactNode;
  onClick: () => void;
  /** Shown on the icon's corner (an unread count). */
  badge?: ReactNode;
}
