// A quote against its Gerber file: where they disagree, and the values that make them agree.
import type { GerberAnalysis, QuoteDimensions } from './types';

/** The layer counts the factory builds (packages/pricing's pcbLayers). */
export const ORDERABLE_LAYERS = [1, 2, 4, 6, 8, 10, 12] as const;
/** Sizes closer than this are the same board (the form takes 2 decimals; CAD rounds). */
export const SIZE_TOLERANCE_MM = 0.1;

export interface GerberMismatch {
  field: 'size' | 'layers';
  /** Chinese, shown beside the price. */
  message: string;
  /** The quote values that match the file (one tap applies them), or null when none can. */
  fix: Partial<QuoteDimensions> | null;
  /** The button's label, e.g. 改为100×80mm. */
  fixLabel: string | null;
}

const mm = (value: number) => `${Number(value.toFixed(2))}`;

/** The quote values the file supports (longer side as 长): what the form is filled with. */
export function quoteValuesFromAnalysis(analysis: GerberAnalysis): Partial<QuoteDimensions> {
  const values: Partial<QuoteDimensions> = {};
  if (analysis.size.known) {
    const { widthMm, heightMm } = analysis.size.value;
    values.lengthMm = Math.max(widthMm, heightMm);
    values.widthMm = Math.min(widthMm, heightMm);
  }
  if (analysis.copperLayers.known) {
    const count = analysis.copperLayers.value.count;
    if ((ORDERABLE_LAYERS as readonly number[]).includes(count)) values.layers = count;
  }
  return values;
}

/**
 * Mismatches between the quote and the file, size first. Facts the file does not give are not
 * compared (the preview lists them as not derived). The board may be quoted either way round.
 */
export function compareWithQuote(
  analysis: GerberAnalysis,
  params: QuoteDimensions,
): GerberMismatch[] {
  const mismatches: GerberMismatch[] = [];
  if (analysis.size.known) {
    const { widthMm, heightMm } = analysis.size.value;
    const [fileLong, fileShort] = [Math.max(widthMm, heightMm), Math.min(widthMm, heightMm)];
    const [quoteLong, quoteShort] = [
      Math.max(params.lengthMm, params.widthMm),
      Math.min(params.lengthMm, params.widthMm),
    ];
    if (
      Math.abs(fileLong - quoteLong) > SIZE_TOLERANCE_MM ||
      Math.abs(fileShort - quoteShort) > SIZE_TOLERANCE_MM
    ) {
      mismatches.push({
        field: 'size',
        message: `文件板框为${mm(fileLong)}×${mm(fileShort)}mm，报价为${mm(params.lengthMm)}×${mm(params.widthMm)}mm`,
        fix: { lengthMm: fileLong, widthMm: fileShort },
        fixLabel: `改为${mm(fileLong)}×${mm(fileShort)}mm`,
      });
    }
  }
  if (analysis.copperLayers.known) {
    const { count } = analysis.copperLayers.value;
    if (count !== params.layers) {
      const orderable = (ORDERABLE_LAYERS as readonly number[]).includes(count);
      mismatches.push({
        field: 'layers',
        message: orderable
          ? `文件有${count}层铜，报价为${params.layers}层`
          : `文件有${count}层铜，不是可生产的层数（${ORDERABLE_LAYERS.join('/')}层），请核对文件`,
        fix: orderable ? { layers: count } : null,
        fixLabel: orderable ? `改为${count}层` : null,
      });
    }
  }
  return mismatches;
}
