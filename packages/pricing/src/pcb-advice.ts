// Beyond the peers: the price cliffs a board sits just past (100.3 mm out of the 10 × 10 cm
// package, 12 pieces instead of 10, an area just over a step) with the nearest cheaper size or
// quantity and the saving, and standard vs rush side by side.
import { mulDivCeil, squareMetres, yuan } from './money';
import { buildTimeLabels, buildTimes, type BuildTime, type PcbParams } from './pcb-params';
import { UNITS_PER_MM2, pcbGeometry } from './pcb-geometry';
import { findPackage, pricePcb } from './pcb-price';
import { validatePcb } from './pcb-validate';
import { InvalidParamsError, type Quote, type QuoteOptions } from './quote';
import type { PriceSheet } from './sheet';

export interface PriceCliff {
  /** `size`: trim the board; `fewer` / `more`: change the quantity. */
  kind: 'size' | 'fewer' | 'more';
  message: string;
  /** The cheaper alternative and its total. */
  params: PcbParams;
  total: number;
  /** Fen saved against the current quote. */
  saving: number;
}

/** How far a board may be trimmed for a suggestion, mm per side. */
export const SIZE_TOLERANCE_MM = 5;

/** The quote, or the issue that refuses it (an alternative may be more than an order holds). */
function attempt(sheet: PriceSheet, p: PcbParams, options: QuoteOptions): Quote | string {
  const issue = validatePcb(p, sheet)[0];
  if (issue) return issue.message;
  try {
    return pricePcb(sheet, p, options);
  } catch (error) {
    if (error instanceof InvalidParamsError) return error.message;
    throw error;
  }
}

/**
 * The cliffs of a quote, most saving first, at most one of each kind. `current` is the quote of
 * `params` (priced again when omitted).
 */
export function findPcbCliffs(
  sheet: PriceSheet,
  params: PcbParams,
  options: QuoteOptions = {},
  current: Quote = pricePcb(sheet, params, options),
): PriceCliff[] {
  const pcb = sheet.pcb;
  const g = pcbGeometry(params);
  const candidates: { kind: PriceCliff['kind']; params: PcbParams; why: string }[] = [];
  const sized = params.delivery !== 'panelByFactory';

  // Size: trimmed into a package, or down to the previous sample step.
  if (sized && !findPackage(pcb, params, g)) {
    for (const pkg of pcb.packages) {
      const fit = (a: number, b: number) =>
        [Math.min(params.lengthMm, a), Math.min(params.widthMm, b)] as const;
      const options2 = [fit(pkg.maxLengthMm, pkg.maxWidthMm), fit(pkg.maxWidthMm, pkg.maxLengthMm)];
      for (const [l, w] of options2) {
        if (params.lengthMm - l > SIZE_TOLERANCE_MM || params.widthMm - w > SIZE_TOLERANCE_MM)
          continue;
        if (l === params.lengthMm && w === params.widthMm) continue;
        candidates.push({
          kind: 'size',
          params: { ...params, lengthMm: l, widthMm: w },
          why: `${params.lengthMm}×${params.widthMm}mm超出「${pkg.name}」（不超过${pkg.maxLengthMm}×${pkg.maxWidthMm}mm），改为${l}×${w}mm`,
        });
      }
    }
  }
  const step = pcb.sampleSteps[params.layers];
  const isSample = current.regime === 'sample';
  if (sized && isSample) {
    const stepUnits = step.stepAreaMm2 * UNITS_PER_MM2;
    const steps = mulDivCeil(g.areaUnits, 1, stepUnits);
    if (steps > 1) {
      const target = (steps - 1) * stepUnits;
      // Trim the length (then the width) so that the whole order fits one step fewer.
      for (const side of ['lengthMm', 'widthMm'] as const) {
        const other = side === 'lengthMm' ? g.pieceWidth100 : g.pieceLength100;
        const max100 = Math.floor(target / (other * params.quantity));
        const value = max100 / 100;
        if (params[side] - value > 0 && params[side] - value <= SIZE_TOLERANCE_MM) {
          candidates.push({
            kind: 'size',
            params: { ...params, [side]: value },
            why: `总面积${squareMetres(g.areaMm2)}刚过${squareMetres((steps - 1) * step.stepAreaMm2)}一档，${side === 'lengthMm' ? '长' : '宽'}改为${value}mm`,
          });
        }
      }
      // Or one step fewer by quantity.
      const pieceUnits = g.pieceLength100 * g.pieceWidth100;
      const fewer = Math.floor(target / pieceUnits);
      if (fewer >= 1) {
        candidates.push({
          kind: 'fewer',
          params: { ...params, quantity: fewer },
          why: `总面积刚过${squareMetres((steps - 1) * step.stepAreaMm2)}一档，${params.quantity}片改为${fewer}片`,
        });
      }
    }
  }

  // Quantity: back into a package, or on to a cheaper regime (batch, a lower band, no
  // engineering fee) within twice the quantity.
  for (const pkg of pcb.packages) {
    if (params.quantity > pkg.maxQuantity && params.quantity <= pkg.maxQuantity * 2) {
      candidates.push({
        kind: 'fewer',
        params: { ...params, quantity: pkg.maxQuantity },
        why: `${params.quantity}片超出「${pkg.name}」的${pkg.maxQuantity}片，改为${pkg.maxQuantity}片`,
      });
    }
  }
  const pieceMm2 = (g.pieceLength100 * g.pieceWidth100) / UNITS_PER_MM2;
  const thresholds = [
    pcb.sample.areaBelowMm2,
    pcb.engineeringWaivedFromAreaMm2,
    ...pcb.batchBands[params.layers].map((b) => b.fromAreaMm2),
  ];
  const more = new Set<number>([pcb.sample.quantityBelow]);
  for (const t of thresholds) more.add(Math.ceil(t / pieceMm2));
  for (const q of more) {
    if (q > params.quantity && q <= params.quantity * 2) {
      candidates.push({ kind: 'more', params: { ...params, quantity: q }, why: `多订到${q}片` });
    }
  }

  const perBoard = current.total / params.quantity;
  const best = new Map<PriceCliff['kind'], PriceCliff>();
  for (const c of candidates) {
    const quote = attempt(sheet, c.params, { ...options, calendar: undefined });
    if (typeof quote === 'string') continue;
    const saving = current.total - quote.total;
    if (saving <= 0) continue;
    const removed = params.quantity - c.params.quantity;
    // A fewer-boards suggestion only when each board dropped saves more than its average price;
    // a trim only when the saving is worth it (¥10 and 5 % of the total).
    if (c.kind === 'fewer' && saving <= perBoard * removed) continue;
    if (c.kind === 'size' && (saving < 1000 || saving * 20 < current.total)) continue;
    const message =
      c.kind === 'more'
        ? `${c.why}（${yuan(quote.total)}）比现在${params.quantity}片（${yuan(current.total)}）还便宜${yuan(saving)}`
        : `${c.why}可省${yuan(saving)}`;
    const prior = best.get(c.kind);
    if (!prior || saving > prior.saving)
      best.set(c.kind, { kind: c.kind, message, params: c.params, total: quote.total, saving });
  }
  return [...best.values()].sort((a, b) => b.saving - a.saving);
}

export interface BuildTimeOption {
  buildTime: BuildTime;
  label: string;
  available: boolean;
  /** When available. */
  total?: number;
  buildDays?: number;
  shipDate?: string;
  /** When not: why, in Chinese. */
  reason?: string;
}

/** Standard and every rush tier side by side: price, working days, promised date. */
export function comparePcbBuildTimes(
  sheet: PriceSheet,
  params: PcbParams,
  options: QuoteOptions = {},
): BuildTimeOption[] {
  return buildTimes.map((buildTime) => {
    const q = attempt(sheet, { ...params, buildTime }, options);
    if (typeof q === 'string')
      return { buildTime, label: buildTimeLabels[buildTime], available: false, reason: q };
    const option: BuildTimeOption = {
      buildTime,
      label: buildTimeLabels[buildTime],
      available: true,
      total: q.total,
      buildDays: q.buildDays,
    };
    if (q.shipDate) option.shipDate = q.shipDate;
    return option;
  });
}
