// `orderInfo` (spec section 3): the quote the member chose to order, kept in localStorage from
// the quote page (/OrdersPCB, its own entry) through a login to /fillOrder. Written and read
// without zod: the quote page's budget has no room for it, and the engine's defaults already
// say which type each parameter has.
import {
  isOrderKind,
  orderKindRegistry,
  type KindParams,
  type OrderKind,
  type ParamsOf,
} from '@pcb/pricing';
import { getOrderInfo, setOrderInfo } from './storage';

/** What the quote page learnt from the member's Gerber zip (the file itself is in IndexedDB). */
export interface GerberSummary {
  fileName: string;
  lengthMm?: number;
  widthMm?: number;
  layers?: number;
  drillHits?: number;
  /** What could not be derived, in Chinese, one reason each. */
  notDerived: string[];
}

interface OrderInfoBase {
  /** Fen: the total the quote page showed. */
  total: number;
  /** The price sheet version that total was priced with. */
  sheetVersion: number;
  paramString: string;
  gerber?: GerberSummary;
}

/** The quote of one kind: `info.kind === 'pcb'` narrows `info.params`. */
export type OrderInfo = OrderInfoBase & KindParams;

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * Stored parameters over the defaults, each kept only when it has the default's type (a key
 * from an older page, or a value of the wrong type, falls back to the default). The engine's
 * validator still judges the values.
 */
export function paramsFromStored<K extends OrderKind>(kind: K, stored: unknown): ParamsOf[K] {
  const defaults: Readonly<Record<string, unknown>> = orderKindRegistry[kind].defaults;
  const params: Record<string, unknown> = { ...defaults };
  if (isRecord(stored)) {
    for (const key of Object.keys(defaults)) {
      const value = stored[key];
      if (typeof value === typeof defaults[key] && (typeof value !== 'number' || isFinite(value)))
        params[key] = value;
    }
  }
  // Every key of the defaults, each of the default's type: the kind's parameters.
  return params as ParamsOf[K];
}

function gerberFromStored(value: unknown): GerberSummary | undefined {
  if (!isRecord(value) || typeof value.fileName !== 'string') return undefined;
  const num = (v: unknown) => (typeof v === 'number' && isFinite(v) ? v : undefined);
  return {
    fileName: value.fileName,
    lengthMm: num(value.lengthMm),
    widthMm: num(value.widthMm),
    layers: num(value.layers),
    drillHits: num(value.drillHits),
    notDerived: Array.isArray(value.notDerived)
      ? value.notDerived.filter((r): r is string => typeof r === 'string')
      : [],
  };
}

/** The stored orderInfo, or null when there is none or it is not one of ours. */
export function readOrderInfo(): OrderInfo | null {
  const stored = getOrderInfo();
  if (!isRecord(stored)) return null;
  const { kind, total, sheetVersion, paramString } = stored;
  if (!isOrderKind(kind)) return null;
  if (!Number.isInteger(total) || !Number.isInteger(sheetVersion)) return null;
  return {
    kind,
    params: paramsFromStored(kind, stored.params),
    total: total as number,
    sheetVersion: sheetVersion as number,
    paramString: typeof paramString === 'string' ? paramString : '',
    gerber: gerberFromStored(stored.gerber),
  } as OrderInfo;
}

/** `kind` and `params` of one kind (the quote page holds them apart). */
export function saveOrderInfo<K extends OrderKind>(
  info: OrderInfoBase & { kind: K; params: ParamsOf[K] },
): void {
  setOrderInfo(info);
}
