/**
 * The footer's tabs, by the index the shared state keeps. Apart from the route table, which
 * loads the screens that use them.
 */
export const FOOTER_TABS = { home: 0, quote: 1, consult: 2, mine: 3 } as const;
