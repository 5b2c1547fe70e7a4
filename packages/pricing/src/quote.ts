// What every pricing function returns, and the options a quote is priced with besides its
// parameters.
import type { WorkCalendar } from './calendar';
import type { ShippingChoice } from './shipping';

export interface FeeLine {
  /** Stable code the screens and the server key on (`engineering`, `board`, `option.finish`). */
  code: string;
  name: string;
  /** Fen, never negative but for the member discount (`memberDiscount`, decision 0071). */
  amount: number;
  /** Why this line costs what it does, in Chinese. */
  reason: string;
}

/** One refusal of a parameter: the same code on the page and from the server. */
export interface Issue {
  field: string;
  code: string;
  message: string;
}

export const invoiceKinds = ['none', 'vatPlain', 'vatSpecial'] as const;
export type InvoiceKind = (typeof invoiceKinds)[number];
export const invoiceLabels: Record<InvoiceKind, string> = {
  none: '不开发票',
  vatPlain: '增值税普通发票',
  vatSpecial: '增值税专用发票',
};

/** A logged-in member's grade perks (decision 0071); anonymous quotes have none. */
export interface MemberPerkOption {
  /** The grade's name: 银牌. */
  name: string;
  /** PCB discount in basis points (200 = 2%). */
  discountBp: number;
  freeShipping: boolean;
}

export interface QuoteOptions {
  /** The member's grade perks: a PCB discount line, free shipping. */
  memberPerk?: MemberPerkOption;
  /** Without it the quote has no 运费 line and says so in a warning. */
  shipping?: ShippingChoice;
  invoice?: InvoiceKind;
  /** An unchanged repeat order (返单): no engineering fee. */
  repeatOrder?: boolean;
  /** With both, the quote carries the promised ship date. */
  calendar?: WorkCalendar;
  /** Epoch milliseconds of the order; the cut-off hour is read in Asia/Shanghai. */
  orderedAt?: number;
}

export interface Quote {
  /** Fen: the sum of the lines. */
  total: number;
  lines: FeeLine[];
  /** Working days from the start of production to shipping. */
  buildDays: number;
  /** `YYYY-MM-DD` in Asia/Shanghai: the day the order is promised to ship. */
  shipDate?: string;
  warnings: string[];
  /** The price sheet version this quote was priced with. */
  sheetVersion: number;
  /**
   * The pricing regime (`package:10x10`, `sample`, `batch:2`, …). Within one regime the price
   * never falls when area, quantity or layers grow; across regimes it may (decision 0027).
   */
  regime: string;
  weightGrams: number;
}

/** Thrown by the price functions for parameters the validator refuses. */
export class InvalidParamsError extends Error {
  readonly issues: Issue[];
  constructor(issues: Issue[]) {
    super(issues.map((i) => i.message).join('；'));
    this.name = 'InvalidParamsError';
    this.issues = issues;
  }
}
