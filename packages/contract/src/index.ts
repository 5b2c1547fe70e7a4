import './errors';
import { MemberAuth } from './modules/member-auth';
import { MemberInfo } from './modules/member-info';
import { MemberAdmin } from './modules/member-admin';
import { CKInfo } from './modules/ck-info';
import { Captcha } from './modules/captcha';
import { Sandbox } from './modules/sandbox';
import { WechatConfig, WechatMb } from './modules/wechat';
import { MemberRelationApprove } from './modules/member-relation';
import { MemberUpMobileApply } from './modules/member-up-mobile-apply';
import { Common } from './modules/common-upload';
import { StaffAuth } from './modules/staff-auth';
import { StaffAccount } from './modules/staff-account';
import { StaffAudit } from './modules/staff-audit';
import { StaffAnnouncement } from './modules/staff-announcement';
import { StaffMember } from './modules/staff-member';
import { StaffMobileApply } from './modules/staff-mobile-apply';
import { StaffOutbox } from './modules/staff-outbox';
import { MemberInvoice } from './modules/member-invoice';
import { CityClass } from './modules/city-class';
import { MemberReceiver } from './modules/member-receiver';
import { MemberCompanyApply } from './modules/member-company-apply';
import { DirectConnection } from './modules/direct-connection';
import { StaffCompanyApply } from './modules/staff-company-apply';
import { StaffVirtualAccount } from './modules/staff-virtual-account';
import { MemberContact } from './modules/member-contact';
import { StaffCompanyDirectory } from './modules/staff-company-directory';
import { Pcb, Smt, Stencil } from './modules/order-quote';
import { PriceSheet } from './modules/price-sheet';
import { StaffPriceSheet } from './modules/staff-price-sheet';
import { StaffOrder } from './modules/staff-order';
import { MemberMessage } from './modules/member-message';
import { Express } from './modules/express';
import { EqQuestion } from './modules/eq-question';
import { OrderState } from './modules/order-state';
import { StaffUpload } from './modules/staff-upload';
import { AlipayOrder, WechatPayOrder } from './modules/payment';
import { MemberAdvancePayment } from './modules/member-advance-payment';
import { StaffLedger } from './modules/staff-ledger';
import { StaffBankTransfer } from './modules/staff-bank-transfer';
import { StaffFinance } from './modules/staff-finance';
import { MemberCreditPayment, StaffCreditPayment } from './modules/member-credit-payment';
import { MemberRebate } from './modules/member-rebate';
import { StaffCoupon } from './modules/staff-coupon';
import { MemberGrade } from './modules/member-grade';
import { StaffMemberGrade } from './modules/staff-member-grade';
import { Bill, StaffInvoice } from './modules/bill';
import { News } from './modules/news';
import { StaffNews } from './modules/staff-news';
import { MemberPointHistory, MemberSignIn, StaffPoint } from './modules/member-point';
import { ShopProduct, StaffShop } from './modules/shop-product';
import type { EndpointDef } from './define';

export * from './define';
export * from './errors';
export * from './common';
export * from './credit-code';
export * from './return-path';
export * from './modules/member-auth';
export * from './modules/member-info';
export * from './modules/member-admin';
export * from './modules/ck-info';
export * from './modules/captcha';
export * from './modules/sandbox';
export * from './modules/wechat';
export * from './modules/member-relation';
export * from './modules/member-up-mobile-apply';
export * from './modules/common-upload';
export * from './modules/staff-common';
export * from './modules/review-queue';
export * from './modules/staff-auth';
export * from './modules/staff-account';
export * from './modules/staff-audit';
export * from './modules/staff-announcement';
export * from './modules/staff-member';
export * from './modules/staff-mobile-apply';
export * from './modules/staff-outbox';
export * from './modules/member-invoice';
export * from './tax-number';
export * from './modules/city-class';
export * from './modules/member-receiver';
export * from './modules/member-company-apply';
export * from './modules/direct-connection';
export * from './modules/staff-company-apply';
export * from './modules/staff-virtual-account';
export * from './modules/member-contact';
export * from './modules/staff-company-directory';
export * from './modules/order-quote';
export * from './modules/price-sheet';
export * from './modules/staff-price-sheet';
export * from './modules/staff-order';
export * from './modules/member-message';
export * from './modules/express';
export * from './order-basics';
export * from './order-lifecycle';
export * from './order-views';
export * from './modules/eq-question';
export * from './modules/order-state';
export * from './modules/staff-upload';
export * from './modules/payment';
export * from './modules/member-advance-payment';
export * from './modules/staff-ledger';
export * from './modules/staff-bank-transfer';
export * from './modules/member-rebate';
export * from './modules/staff-coupon';
export * from './modules/staff-finance';
export * from './modules/member-credit-payment';
export * from './modules/bill';
export * from './modules/news';
export * from './modules/staff-news';
export * from './modules/member-grade';
export * from './modules/staff-member-grade';
export * from './modules/member-point';
export * from './modules/shop-product';

/**
 * Every endpoint, keyed by wire module and action: `api.MemberAuth.Login`. For the server, the
 * OpenAPI document and tests; a web page imports its module (`@pcb/contract/member-auth`), so it
 * bundles only the definitions it calls.
 */
export const api = {
  MemberAuth,
  MemberInfo,
  MemberAdmin,
  CKInfo,
  Captcha,
  Sandbox,
  WechatConfig,
  WechatMb,
  MemberRelationApprove,
  MemberUpMobileApply,
  Common,
  StaffAuth,
  StaffAccount,
  StaffAudit,
  StaffAnnouncement,
  StaffMember,
  StaffMobileApply,
  StaffOutbox,
  MemberInvoice,
  CityClass,
  MemberReceiver,
  MemberCompanyApply,
  DirectConnection,
  StaffCompanyApply,
  StaffVirtualAccount,
  MemberContact,
  StaffCompanyDirectory,
  Pcb,
  Smt,
  Stencil,
  PriceSheet,
  StaffPriceSheet,
  StaffOrder,
  MemberMessage,
  Express,
  EqQuestion,
  OrderState,
  StaffUpload,
  AlipayOrder,
  WechatPayOrder,
  MemberAdvancePayment,
  StaffLedger,
  StaffBankTransfer,
  StaffFinance,
  MemberCreditPayment,
  StaffCreditPayment,
  MemberRebate,
  StaffCoupon,
  Bill,
  StaffInvoice,
  News,
  StaffNews,
  MemberGrade,
  StaffMemberGrade,
  MemberPointHistory,
  MemberSignIn,
  StaffPoint,
  ShopProduct,
  StaffShop,
} as const;

export const allEndpoints: EndpointDef[] = /* @__PURE__ */ Object.values(api).flatMap((m) =>
  Object.values(m as Record<string, EndpointDef>),
);
