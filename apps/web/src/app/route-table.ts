import type { ComponentType } from 'react';
import { matchRoutes } from 'react-router';
import { paths } from '../lib/paths';
import { FOOTER_TABS } from './footer-tabs';

/**
 * Who may open a route: anyone (`public`), a logged-in member (`member`), or only a visitor
 * without login (`guest`: a member who arrives logged in continues as after a login).
 */
export type RouteAccess = 'public' | 'member' | 'guest';

/** A screen's module (`routes/*-route.tsx`). */
export interface ScreenModule {
  default: ComponentType;
  /**
   * Asks for what the screen shows at once (its row's `data`), before its first render; the
   * first render waits for it a moment (app/screens.ts).
   */
  prefetch?: () => Promise<unknown>;
}

/** One screen of the member app (spec section 2). */
export interface RouteRow {
  /** Route pattern, as React Router writes it. */
  path: string;
  /**
   * The screen, a module of `routes/` with a default export, loaded on first visit. Written
   * as `() => import('./routes/…')`: the build reads it to link the screen's chunks in the
   * page the server sends (scripts/route-table-plugin.mjs).
   */
  page: () => Promise<ScreenModule>;
  /** The document title. */
  title: string;
  /**
   * What search engines show for the page: the server writes it into the HTML it serves for
   * the route (index.html's own description otherwise). Public pages only.
   */
  description?: string;
  access: RouteAccess;
  /** The footer tab bar, with this tab selected; without it no footer, and 我的 selected. */
  footer?: 'home' | 'mine';
  /** Where the header's back arrow goes when the page was opened without history behind it. */
  back?: string;
  /**
   * Public answers the screen shows at once (the same for every visitor), as the API client
   * requests them: the server links them in the page so they arrive with the code instead of
   * after it has run (decision 0012). The screen module's `prefetch` asks for the same.
   */
  data?: readonly string[];
}

/** The announcement a screen shows at its top, as `useEffectiveAnnouncement(type)` asks for it. */
export const announcementUrl = (type: 'home' | 'member' | 'login' | 'register') =>
  `/api/MemberAuth/GetEffectiveAnnouncement?type=${type}`;

/** The home page's newest news titles, as `useLatestNews()` asks for them (5 of them). */
export const latestNewsUrl = '/api/News/GetList?page=1&pageSize=5';

/**
 * The member app's one route table: the router, the guard, document titles, the footer, the
 * header's back arrow and the build's per-route preload table all read it. A new screen is
 * one row (and its path in lib/paths.ts). Child routes of the spec use their full paths.
 */
export const routeTable = {
  home: {
    path: paths.home,
    page: () => import('./routes/home-route'),
    title: '首页',
    description:
      'PCB 打样、SMT 贴片、钢网在线计价与下单：1-12 层板实时报价，工程审核、生产进度可查，专属客户经理一对一服务。',
    access: 'public',
    footer: 'home',
    data: [announcementUrl('home'), latestNewsUrl],
  },
  news: {
    path: paths.news,
    page: () => import('./routes/news-list-route'),
    title: '新闻动态',
    description: '工厂产能、新工艺与放假发货安排等最新动态。',
    access: 'public',
    back: paths.home,
  },
  newsDetail: {
    path: `${paths.news}/:id`,
    page: () => import('./routes/news-detail-route'),
    title: '新闻详情',
    access: 'public',
    back: paths.news,
  },
  login: {
    path: paths.login,
    page: () => import('./routes/login-route'),
    title: '登录',
    description: '登录会员中心，查看订单进度、发票与收货地址，联系你的专属客户经理。',
    access: 'guest',
    back: paths.home,
    data: [announcementUrl('login')],
  },
  smsLogin: {
    path: paths.smsLogin,
    page: () => import('./routes/sms-login-route'),
    title: '短信登录',
    access: 'guest',
    back: paths.login,
    data: [announcementUrl('login')],
  },
  register: {
    path: paths.register,
    page: () => import('./routes/register-route'),
    title: '注册',
    description: '注册会员中心账号，在线计价并下单 PCB 打样、SMT 贴片与钢网。',
    access: 'guest',
    back: paths.login,
  },
  forgetPassword: {
    path: paths.forgetPassword,
    page: () => import('./routes/forget-password-route'),
    title: '忘记密码',
    access: 'public',
    back: paths.login,
  },
  associatedAccount: {
    path: paths.associatedAccount,
    page: () => import('./routes/associated-account-route'),
    title: '关联账号',
    access: 'public',
    back: paths.member,
  },
  bind: {
    path: paths.bind,
    page: () => import('./routes/bind-route'),
    title: '绑定账号',
    access: 'public',
    back: paths.home,
  },
  /** The route the spec names Home. */
  member: {
    path: paths.member,
    page: () => import('./routes/member-route'),
    title: '会员中心',
    access: 'member',
    footer: 'mine',
    data: [announcementUrl('member')],
  },
  firmCertification: {
    path: paths.firmCertification,
    page: () => import('./routes/firm-certification-route'),
    title: '企业认证',
    access: 'member',
    back: paths.member,
  },
  setting: {
    path: paths.setting,
    page: () => import('./routes/setting-route'),
    title: '会员设置',
    access: 'member',
    back: paths.member,
  },
  accountSecurity: {
    path: paths.accountSecurity,
    page: () => import('./routes/account-security-route'),
    title: '账户安全',
    access: 'member',
    back: paths.member,
  },
  bindWechat: {
    path: paths.bindWechat,
    page: () => import('./routes/bind-wechat-route'),
    title: '微信绑定',
    access: 'member',
    back: paths.accountSecurity,
  },
  paymentPassword: {
    path: paths.paymentPassword,
    page: () => import('./routes/payment-password-route'),
    title: '支付密码',
    access: 'member',
    back: paths.accountSecurity,
  },
  loginPassword: {
    path: paths.loginPassword,
    page: () => import('./routes/login-password-route'),
    title: '登录密码',
    access: 'member',
    back: paths.accountSecurity,
  },
  userInfo: {
    path: paths.userInfo,
    page: () => import('./routes/user-info-route'),
    title: '个人资料',
    access: 'member',
    back: paths.member,
  },
  editContacts: {
    path: paths.editContacts,
    page: () => import('./routes/edit-contacts-route'),
    title: '基本资料',
    access: 'member',
    back: paths.userInfo,
  },
  editQQ: {
    path: paths.editQQ,
    page: () => import('./routes/edit-qq-route'),
    title: 'QQ号',
    access: 'member',
    back: paths.userInfo,
  },
  editContactPhone: {
    path: paths.editContactPhone,
    page: () => import('./routes/edit-contact-phone-route'),
    title: '联系电话',
    access: 'member',
    back: paths.userInfo,
  },
  editOrderContact: {
    path: paths.editOrderContact,
    page: () => import('./routes/order-contacts-route'),
    title: '订单联系人',
    access: 'member',
    back: paths.userInfo,
  },
  /** No footer (spec section 2); `?id=` edits a contact. */
  addOrderContact: {
    path: paths.addOrderContact,
    page: () => import('./routes/add-order-contact-route'),
    title: '订单联系人',
    access: 'member',
    back: paths.editOrderContact,
  },
  /** A child of /userInfo (account security opens it too). */
  editPhone: {
    path: paths.editPhone,
    page: () => import('./routes/edit-phone-route'),
    title: '更换手机号',
    access: 'member',
    back: paths.accountSecurity,
  },
  makeInvoice: {
    path: paths.makeInvoice,
    page: () => import('./routes/make-invoice-route'),
    title: '开票中心',
    access: 'member',
    back: paths.member,
  },
  addInvoice: {
    path: paths.editInvoice,
    page: () => import('./routes/add-invoice-route'),
    title: '添加发票抬头',
    access: 'member',
    back: `${paths.makeInvoice}?tab=profiles`,
  },
  editInvoice: {
    path: `${paths.editInvoice}/:id`,
    page: () => import('./routes/edit-invoice-route'),
    title: '编辑发票抬头',
    access: 'member',
    back: `${paths.makeInvoice}?tab=profiles`,
  },
  /** Without bills: the page sends the member to choose some. */
  applyInvoiceEmpty: {
    path: paths.applyInvoice,
    page: () => import('./routes/apply-invoice-empty-route'),
    title: '申请开票',
    access: 'member',
    back: paths.makeInvoice,
  },
  /** `{type}` without bills: the same, for that kind of invoice. */
  applyInvoiceOfType: {
    path: `${paths.applyInvoice}/:type`,
    page: () => import('./routes/apply-invoice-type-route'),
    title: '申请开票',
    access: 'member',
    back: paths.makeInvoice,
  },
  /** `{type}/{bills}`: 普票 or 专票, the bills' ids joined by commas. */
  applyInvoice: {
    path: `${paths.applyInvoice}/:type/:bills`,
    page: () => import('./routes/apply-invoice-route'),
    title: '申请开票',
    access: 'member',
    back: paths.makeInvoice,
  },
  /** Without an id: the member's requests, each opening its detail. */
  invoiceDetailEmpty: {
    path: paths.invoiceDetail,
    page: () => import('./routes/invoice-detail-empty-route'),
    title: '发票详情',
    access: 'member',
    back: `${paths.makeInvoice}?tab=requests`,
  },
  invoiceDetail: {
    path: `${paths.invoiceDetail}/:id`,
    page: () => import('./routes/invoice-detail-route'),
    title: '发票详情',
    access: 'member',
    back: `${paths.makeInvoice}?tab=requests`,
  },
  shippingAddress: {
    path: paths.shippingAddress,
    page: () => import('./routes/shipping-address-route'),
    title: '收货地址',
    access: 'member',
    back: paths.member,
  },
  editAddress: {
    path: paths.editAddress,
    page: () => import('./routes/edit-address-route'),
    title: '编辑收货地址',
    access: 'member',
    back: paths.shippingAddress,
  },
  /** The quote kept in orderInfo (from /OrdersPCB, always a full page load) becomes an order. */
  fillOrder: {
    path: paths.fillOrder,
    page: () => import('./routes/fill-order-route'),
    title: '填写订单',
    access: 'member',
    // The quote page is another entry (a full page load): the arrow cannot go there.
    back: paths.member,
  },
  /** `?kind=&status=` keep the tab and the chip (the member centre's counts link here). */
  theOrders: {
    path: paths.theOrders,
    page: () => import('./routes/the-orders-route'),
    title: '我的订单',
    access: 'member',
    back: paths.member,
  },
  /** `?id=&kind=` (decision 0046). */
  orderDetail: {
    path: paths.orderDetail,
    page: () => import('./routes/order-detail-route'),
    title: '订单详情',
    access: 'member',
    back: paths.theOrders,
  },
  orderTracker: {
    path: paths.orderTracker,
    page: () => import('./routes/order-tracker-route'),
    title: '物流跟踪',
    access: 'member',
    back: paths.theOrders,
  },
  changeAddress: {
    path: paths.changeAddress,
    page: () => import('./routes/change-address-route'),
    title: '修改收货地址',
    access: 'member',
    back: paths.theOrders,
  },
  /**
   * Where every payment ends (decision 0056): `?outTradeNo=&channel=` asks the server about an
   * online payment, `?id=&kind=` reads an order paid from the balances.
   */
  paySuccess: {
    path: paths.paySuccess,
    page: () => import('./routes/pay-success-route'),
    title: '支付结果',
    access: 'member',
    back: paths.theOrders,
  },
  /** `?id=&kind=&reason=`, with 重新支付. */
  payFail: {
    path: paths.payFail,
    page: () => import('./routes/pay-fail-route'),
    title: '支付失败',
    access: 'member',
    back: paths.theOrders,
  },
  /** `?recharge=1` opens the top-up sheet. */
  theBalance: {
    path: paths.theBalance,
    page: () => import('./routes/the-balance-route'),
    title: '账户余额',
    access: 'member',
    back: paths.member,
  },
  /** The member's grade and every level's perks (decision 0071). */
  vipGrade: {
    path: paths.vipGrade,
    page: () => import('./routes/vip-grade-route'),
    title: '会员等级',
    access: 'member',
    back: paths.member,
  },
  /** `?state=unused|used|expired` keeps the tab (decision 0061). */
  couponsInfo: {
    path: paths.couponsInfo,
    page: () => import('./routes/coupons-info-route'),
    title: '我的优惠券',
    access: 'member',
    back: paths.member,
  },
  /** The claim centre (decision 0062). */
  couponsRedemption: {
    path: paths.couponsRedemption,
    page: () => import('./routes/coupons-redemption-route'),
    title: '领券中心',
    access: 'member',
    back: paths.couponsInfo,
  },
  /** Points and the daily sign-in (decision 0073). */
  integral: {
    path: paths.integral,
    page: () => import('./routes/integral-route'),
    title: '我的积分',
    access: 'member',
    back: paths.member,
  },
  integralList: {
    path: paths.integralList,
    page: () => import('./routes/integral-list-route'),
    title: '积分明细',
    access: 'member',
    back: paths.integral,
  },
  integralRules: {
    path: paths.integralRules,
    page: () => import('./routes/integral-rules-route'),
    title: '积分规则',
    access: 'member',
    back: paths.integral,
  },
  /** `?book=all|balance|gift` keeps the tab. */
  billList: {
    path: paths.billList,
    page: () => import('./routes/bill-list-route'),
    title: '收支明细',
    access: 'member',
    back: paths.theBalance,
  },
  prepaidSuccess: {
    path: paths.prepaidSuccess,
    page: () => import('./routes/prepaid-success-route'),
    title: '充值结果',
    access: 'member',
    back: paths.theBalance,
  },
  prepaidFail: {
    path: paths.prepaidFail,
    page: () => import('./routes/prepaid-fail-route'),
    title: '充值失败',
    access: 'member',
    back: paths.theBalance,
  },
  /** 月结 (decisions 0059, 0060). */
  creditPay: {
    path: paths.creditPay,
    page: () => import('./routes/credit-pay-route'),
    title: '月结申请',
    access: 'member',
    back: paths.member,
  },
  creditAccount: {
    path: paths.creditAccount,
    page: () => import('./routes/credit-account-route'),
    title: '月结账户',
    access: 'member',
    back: paths.member,
  },
  billHistory: {
    path: paths.billHistory,
    page: () => import('./routes/bill-history-route'),
    title: '历史账单',
    access: 'member',
    back: paths.creditAccount,
  },
  repaySuccess: {
    path: paths.repaySuccess,
    page: () => import('./routes/repay-success-route'),
    title: '还款结果',
    access: 'member',
    back: paths.billHistory,
  },
  repayFail: {
    path: paths.repayFail,
    page: () => import('./routes/repay-fail-route'),
    title: '还款失败',
    access: 'member',
    back: paths.billHistory,
  },
  payImpower: {
    path: paths.payImpower,
    page: () => import('./routes/pay-impower-route'),
    title: '授权手机',
    access: 'member',
    back: paths.creditAccount,
  },
  /** Public: the order number and the receiver's mobile (decision 0042). */
  orderState: {
    path: paths.orderState,
    page: () => import('./routes/order-state-route'),
    title: '订单查询',
    description: '无需登录，输入订单号和收货人手机号即可查询 PCB、SMT、钢网订单的生产进度与物流。',
    access: 'public',
    back: paths.home,
  },
  infoList: {
    path: paths.infoList,
    page: () => import('./routes/info-list-route'),
    title: '消息中心',
    access: 'member',
    back: paths.member,
  },
  eqReply: {
    path: paths.eqReply,
    page: () => import('./routes/eq-reply-route'),
    title: '工程问题回复',
    access: 'member',
    back: paths.infoList,
  },
} satisfies Record<string, RouteRow>;

export const routeRows: readonly RouteRow[] = Object.values(routeTable);

const rowByPath = new Map<string, RouteRow | undefined>();

/**
 * The row a path belongs to, matched as the router matches it; undefined for an unknown path
 * (which the router renders as nothing and the guard sends on).
 */
export function routeForPath(pathname: string): RouteRow | undefined {
  if (!rowByPath.has(pathname)) {
    // matchRoutes flattens and ranks the whole table on every call (about 1 ms on a phone), and
    // the layout asks on every render. Paths are few; a long visit through many ids starts over.
    if (rowByPath.size >= 200) rowByPath.clear();
    rowByPath.set(pathname, matchRoutes(routeRows as RouteRow[], pathname)?.[0]?.route);
  }
  return rowByPath.get(pathname);
}

/** The footer tab that belongs to a page: its row's, else 我的. */
export function tabIndexForPath(pathname: string): number {
  return FOOTER_TABS[routeForPath(pathname)?.footer ?? 'mine'];
}
