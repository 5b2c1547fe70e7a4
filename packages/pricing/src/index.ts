// @pcb/pricing: the pure pricing engine the server (authoritative) and the quote page (instant,
// offline) both run. No I/O; the price sheet and the holiday calendar come in as data.
export * from './money';
export * from './sheet';
export * from './quote';
export * from './shipping';
export * from './calendar';
export * from './pcb-params';
export { pcbGeometry, standardBuildDays, type PcbGeometry } from './pcb-geometry';
export { validatePcb, PCB_LIMITS, minThicknessForLayers } from './pcb-validate';
export { pricePcb, findPackage, batchBandIndex, pcbWeightGrams } from './pcb-price';
export { sumLines, MAX_ORDER_AMOUNT, MEMBER_DISCOUNT_CODE } from './quote-lines';
export * from './pcb-advice';
export * from './follow-change';
export { pcbParamString } from './pcb-param-string';
export * from './smt';
export * from './stencil';
export { defaultPriceSheet } from './seed-sheet';
export { checkPriceSheet, checkSheetForEngine, type SheetProblem } from './sheet-check';
export * from './order-kinds';
export * from './order-kind-engines';
