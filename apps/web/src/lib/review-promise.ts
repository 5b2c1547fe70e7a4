/**
 * How soon an engineer reviews a placed order, in the words every screen promises it (the home
 * page, the confirmation after 提交订单). pcb-domain.md reports peers at about 30 minutes in
 * working hours; this is what the factory keeps on a busy day too, and one sentence for all.
 */
export const REVIEW_PROMISE = '工作时间内约2小时';
