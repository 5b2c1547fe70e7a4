import { createContext, useContext, useSyncExternalStore } from 'react';
import type { PriceSheet } from '@pcb/pricing';
import { getAt, pathName, type SheetPath } from '../sheet-path';

interface SheetState {
  sheet: PriceSheet;
  /** The values as last saved: a cell that differs is marked as changed. */
  saved: PriceSheet;
  /** Problems by path (`pcb.engineering.2`), from the engine's check or the server. */
  problems: ReadonlyMap<string, string>;
}

/**
 * The values of a sheet on screen. A sheet has a few hundred cells: each reads only its own
 * value, saved value and problem from here, so typing in one re-renders that one alone.
 */
export class SheetStore {
  private state: SheetState;
  private readonly listeners = new Set<() => void>();

  constructor(sheet: PriceSheet, saved: PriceSheet = sheet) {
    this.state = { sheet, saved, problems: new Map() };
  }

  get current(): SheetState {
    return this.state;
  }

  subscribe = (listener: () => void) => {
    this.listeners.add(listener);
    return () => void this.listeners.delete(listener);
  };

  set(next: Partial<SheetState>): void {
    this.state = { ...this.state, ...next };
    for (const listener of this.listeners) listener();
  }
}

/** What every cell shares: the store, whether it can change, and how to change it. */
export interface SheetEditing {
  store: SheetStore;
  editable: boolean;
  /** Changes when the sheet is loaded again or the changes are undone: inputs start over. */
  revision: number;
  onChange: (path: SheetPath, value: unknown) => void;
  /** A cell's own typing problem (an amount that is no amount), by path; null when it is fine. */
  onInvalid: (path: SheetPath, message: string | null) => void;
}

export const SheetEditingContext = createContext<SheetEditing | null>(null);

export function useSheetEditing(): SheetEditing {
  const value = useContext(SheetEditingContext);
  if (!value) throw new Error('A sheet cell needs SheetEditingContext');
  return value;
}

/** Something of the store's state, re-rendering only when it changes. */
export function useSheetState<T>(select: (state: SheetState) => T): T {
  const { store } = useSheetEditing();
  return useSyncExternalStore(store.subscribe, () => select(store.current));
}

/** A cell's value, its saved value and its problem. */
export function useCellState(path: SheetPath) {
  const name = pathName(path);
  const value = useSheetState((s) => getAt(s.sheet, path));
  const saved = useSheetState((s) => getAt(s.saved, path));
  const problem = useSheetState((s) => s.problems.get(name));
  return { value, saved, problem };
}
