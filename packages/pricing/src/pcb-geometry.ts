// Sizes in whole hundredths of a millimetre, so areas are exact integers: an area "unit" is
// 0.0001 mm² (1 mm² = 10 000 units, 1 m² = 10^10 units).
import type { PcbParams } from './pcb-params';
import type { PriceSheet } from './sheet';

export const UNITS_PER_MM2 = 10_000;
export const UNITS_PER_M2 = 10_000_000_000;
/** Break-away rails of a factory panel: 5 mm on both long edges. */
export const RAIL_MM = 5;

export interface PcbGeometry {
  /** The delivered piece (board or panel), hundredths of a millimetre. */
  pieceLength100: number;
  pieceWidth100: number;
  /** All pieces together, 0.0001 mm² units (exact). */
  areaUnits: number;
  /** The same in mm², for thresholds and reasons. */
  areaMm2: number;
  /** Boards delivered (panels × boards per panel). */
  boards: number;
}

export function pcbGeometry(p: PcbParams): PcbGeometry {
  const l = Math.round(p.lengthMm * 100);
  const w = Math.round(p.widthMm * 100);
  let pieceLength100 = l;
  let pieceWidth100 = w;
  let boards = p.quantity;
  if (p.delivery === 'panelByFactory') {
    pieceLength100 = l * p.panelColumns;
    pieceWidth100 = w * p.panelRows + 2 * RAIL_MM * 100;
    boards = p.quantity * p.panelRows * p.panelColumns;
  }
  const areaUnits = pieceLength100 * pieceWidth100 * p.quantity;
  return { pieceLength100, pieceWidth100, areaUnits, areaMm2: areaUnits / UNITS_PER_MM2, boards };
}

export function standardBuildDays(sheet: PriceSheet, layers: number, areaMm2: number): number {
  const bands = sheet.pcb.buildDays[layers as keyof PriceSheet['pcb']['buildDays']];
  for (const band of bands) {
    if (band.upToAreaMm2 === null || areaMm2 <= band.upToAreaMm2) return band.days;
  }
  return bands[bands.length - 1]!.days;
}
