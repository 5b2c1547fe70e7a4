import type { PreviewRow } from '@pcb/contract';
import {
  defaultPcbParams,
  defaultSmtParams,
  defaultStencilParams,
  orderKindRegistry,
  orderParamString,
  yuan,
  type KindParams,
  type PriceSheet,
} from '@pcb/pricing';
import { tryPrice, type PriceResult } from './engines';

export type Sample = KindParams & { label?: string };

/** The orders every preview prices: the common ones and those next to a price cliff. */
export const standardSamples: Sample[] = [
  { kind: 'pcb', label: 'PCB 2层 100×100mm 10片', params: defaultPcbParams },
  {
    kind: 'pcb',
    label: 'PCB 2层 100.3×100mm 10片',
    params: { ...defaultPcbParams, lengthMm: 100.3 },
  },
  {
    kind: 'pcb',
    label: 'PCB 4层 150×100mm 50片',
    params: {
      ...defaultPcbParams,
      layers: 4,
      lengthMm: 150,
      quantity: 50,
      test: 'flyingProbeFull',
    },
  },
  {
    kind: 'pcb',
    label: 'PCB 2层 200×150mm 500片',
    params: { ...defaultPcbParams, lengthMm: 200, widthMm: 150, quantity: 500 },
  },
  {
    kind: 'pcb',
    label: 'PCB 2层 300×300mm 5000片',
    params: { ...defaultPcbParams, lengthMm: 300, widthMm: 300, quantity: 5000 },
  },
  {
    kind: 'pcb',
    label: 'PCB 6层 100×100mm 10片',
    params: { ...defaultPcbParams, layers: 6, test: 'flyingProbeFull' },
  },
  { kind: 'smt', label: 'SMT贴片 默认参数', params: defaultSmtParams },
  { kind: 'stencil', label: '钢网 默认参数', params: defaultStencilParams },
];

/** One sample priced with the published sheet and with the draft, side by side. */
export function previewRow(sample: Sample, published: PriceSheet, draft: PriceSheet): PreviewRow {
  const paramString = orderParamString(sample.kind, sample.params);
  const price = (sheet: PriceSheet): PriceResult => {
    try {
      return tryPrice(sample.kind, sheet, sample.params);
    } catch {
      // A sheet that passed the check should price every order; say so rather than fail.
      return { issue: { field: '', code: 'sheet.broken', message: '价格表无法计算此样例' } };
    }
  };
  const before = price(published);
  const after = price(draft);
  const messages = [
    'issue' in before ? `生效价格表：${before.issue.message}` : null,
    'issue' in after ? `草稿：${after.issue.message}` : null,
  ].filter((m) => m !== null);
  return {
    kind: sample.kind,
    label: sample.label ?? `${orderKindRegistry[sample.kind].name} ${paramString}`,
    paramString,
    publishedTotal: 'quote' in before ? before.quote.total : null,
    draftTotal: 'quote' in after ? after.quote.total : null,
    publishedBuildDays: 'quote' in before ? before.quote.buildDays : null,
    draftBuildDays: 'quote' in after ? after.quote.buildDays : null,
    message: messages.length > 0 ? messages.join('；') : null,
  };
}

/**
 * What the admin is asked to look at before publishing (decision 0033): a sample the draft
 * prices at ¥0, or at less than half of the published price.
 */
export function previewWarnings(rows: PreviewRow[]): string[] {
  return rows.flatMap(({ label, draftTotal: draft, publishedTotal: before }) => {
    if (draft === 0) return [`${label}：草稿报价为¥0.00，会员可以零元下单`];
    if (draft !== null && before !== null && draft * 2 < before) {
      return [`${label}：草稿报价${yuan(draft)}，不到生效价格${yuan(before)}的一半`];
    }
    return [];
  });
}
