import { createContext, useContext } from 'react';
import type { PriceSheet } from '@pcb/pricing';
import type { SheetPath } from '../sheet-path';

/** What every cell of a sheet on screen reads: the values, whether they can change, problems. */
export interface SheetEditing {
  sheet: PriceSheet;
  /** The values as last saved: a cell that differs is marked as changed. */
  saved: PriceSheet;
  editable: boolean;
  /** Problems by path (`pcb.engineering.2`), from the engine's check or the server. */
  problems: ReadonlyMap<string, string>;
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
