import type { ComponentType, ReactNode } from 'react';
import { matchRoutes } from 'react-router';
import {
  AccountBookOutlined,
  AuditOutlined,
  BankOutlined,
  CreditCardOutlined,
  FileSearchOutlined,
  FireOutlined,
  ReconciliationOutlined,
  RollbackOutlined,
  FileTextOutlined,
  MoneyCollectOutlined,
  ShopOutlined,
  ShoppingOutlined,
  DashboardOutlined,
  IdcardOutlined,
  MessageOutlined,
  MobileOutlined,
  NotificationOutlined,
  SafetyCertificateOutlined,
  TeamOutlined,
  TransactionOutlined,
  GiftOutlined,
  CrownOutlined,
  MailOutlined,
  ReadOutlined,
} from '@ant-design/icons';
import type { EndpointDef, StaffRole } from '@pcb/contract';
import { StaffInvoice } from '@pcb/contract/bill';
import { StaffOutbox } from '@pcb/contract/staff-outbox';
import { paths } from '../lib/paths';

/** One screen of the console. */
export interface ConsoleRoute {
  /** Route pattern under /console, as React Router writes it. */
  path: string;
  /** The screen: a page module with a default export, loaded on first visit. */
  page: () => Promise<{ default: ComponentType }>;
  /** The document title, and the menu's label. */
  title: string;
  /** `guest`: only without a session (the login); `staff`: a logged-in staff member. */
  access: 'guest' | 'staff';
  /**
   * The roles that may open it (the roles of the endpoints the page calls first, checked by
   * route-table.test.ts); any staff member when absent.
   */
  roles?: readonly StaffRole[];
  /** Its entry in the side menu, shown to the roles above; no entry without it. */
  menu?: {
    icon: ReactNode;
    /** The menu group it is listed under (`menuGroups`); at the top level without one. */
    group?: keyof typeof menuGroups;
    /**
     * An endpoint that may not exist in this environment (404 in production): the entry shows
     * only once it answered.
     */
    probe?: EndpointDef;
  };
}

/** Menu groups: a submenu where its first row would be, holding every row of the group. */
export const menuGroups = {
  finance: { label: '财务', icon: <AccountBookOutlined /> },
} satisfies Record<string, { label: string; icon: ReactNode }>;

/**
 * The console's one route table: the router, the guard, document titles and the side menu all
 * read it. A new screen is one row here and its feature folder.
 */
export const routeTable = {
  home: {
    path: paths.home,
    page: () => import('../features/home/pages/home-page'),
    title: '工作台',
    access: 'staff',
    menu: { icon: <DashboardOutlined /> },
  },
  login: {
    path: paths.login,
    page: () => import('../features/auth/pages/login-page'),
    title: '登录',
    access: 'guest',
  },
  members: {
    path: paths.members,
    page: () => import('../features/members/pages/members-page'),
    title: '会员管理',
    access: 'staff',
    roles: ['admin', 'sales', 'finance'],
    menu: { icon: <TeamOutlined /> },
  },
  mobileApplies: {
    path: paths.mobileApplies,
    page: () => import('../features/mobile-applies/pages/mobile-applies-page'),
    title: '换绑手机审核',
    access: 'staff',
    roles: ['admin', 'sales'],
    menu: { icon: <MobileOutlined /> },
  },
  companyApplies: {
    path: paths.companyApplies,
    page: () => import('../features/company-applies/pages/company-applies-page'),
    title: '企业认证审核',
    access: 'staff',
    roles: ['admin', 'sales'],
    menu: { icon: <SafetyCertificateOutlined /> },
  },
  creditApplies: {
    path: paths.creditApplies,
    page: () => import('../features/credit-applies/pages/credit-applies-page'),
    title: '月结审核',
    access: 'staff',
    roles: ['admin', 'finance'],
    menu: { icon: <SafetyCertificateOutlined />, group: 'finance' },
  },
  invoiceRequests: {
    path: paths.invoiceRequests,
    page: () => import('../features/invoice-requests/pages/invoice-requests-page'),
    title: '开票申请',
    access: 'staff',
    roles: ['admin', 'finance'],
    menu: { icon: <AuditOutlined />, group: 'finance' },
  },
  virtualAccounts: {
    path: paths.virtualAccounts,
    page: () => import('../features/virtual-accounts/pages/virtual-accounts-page'),
    title: '虚拟账户',
    access: 'staff',
    roles: ['finance', 'admin'],
    menu: { icon: <BankOutlined />, group: 'finance' },
  },
  bankTransfers: {
    path: paths.bankTransfers,
    page: () => import('../features/bank-transfers/pages/bank-transfers-page'),
    title: '转账入账',
    access: 'staff',
    roles: ['finance', 'admin'],
    menu: { icon: <TransactionOutlined />, group: 'finance' },
  },
  payments: {
    path: paths.payments,
    page: () => import('../features/finance/pages/payments-page'),
    title: '支付记录',
    access: 'staff',
    roles: ['admin', 'finance'],
    menu: { icon: <CreditCardOutlined />, group: 'finance' },
  },
  refunds: {
    path: paths.refunds,
    page: () => import('../features/finance/pages/refunds-page'),
    title: '退款记录',
    access: 'staff',
    roles: ['admin', 'finance'],
    menu: { icon: <RollbackOutlined />, group: 'finance' },
  },
  memberLedger: {
    path: paths.memberLedger,
    page: () => import('../features/finance/pages/member-ledger-page'),
    title: '会员台账',
    access: 'staff',
    roles: ['admin', 'finance'],
    menu: { icon: <FileSearchOutlined />, group: 'finance' },
  },
  reconciliation: {
    path: paths.reconciliation,
    page: () => import('../features/finance/pages/reconciliation-page'),
    title: '对账报告',
    access: 'staff',
    roles: ['admin', 'finance'],
    menu: { icon: <ReconciliationOutlined />, group: 'finance' },
  },
  announcements: {
    path: paths.announcements,
    page: () => import('../features/announcements/pages/announcements-page'),
    title: '公告管理',
    access: 'staff',
    roles: ['admin', 'content'],
    menu: { icon: <NotificationOutlined /> },
  },
  news: {
    path: paths.news,
    page: () => import('../features/news/pages/news-page'),
    title: '新闻管理',
    access: 'staff',
    roles: ['admin', 'content'],
    menu: { icon: <ReadOutlined /> },
  },
  newsEdit: {
    path: paths.newsEdit,
    page: () => import('../features/news/pages/news-edit-page'),
    title: '编辑新闻',
    access: 'staff',
    roles: ['admin', 'content'],
  },
  coupons: {
    path: paths.coupons,
    page: () => import('../features/coupons/pages/coupons-page'),
    title: '优惠券',
    access: 'staff',
    roles: ['content', 'finance', 'admin'],
    menu: { icon: <GiftOutlined /> },
  },
  memberGrade: {
    path: paths.memberGrade,
    page: () => import('../features/member-grade/pages/member-grade-page'),
    title: '会员等级',
    access: 'staff',
    roles: ['admin'],
    menu: { icon: <CrownOutlined /> },
  },
  /** Points and the daily sign-in's rewards (decision 0073). */
  pointRules: {
    path: paths.pointRules,
    page: () => import('../features/points/pages/point-rules-page'),
    title: '积分与签到',
    access: 'staff',
    roles: ['content', 'admin'],
    menu: { icon: <FireOutlined /> },
  },
  /** The points shop: items (content) and goods deliveries (content, production; decision 0074). */
  shop: {
    path: paths.shop,
    page: () => import('../features/shop/pages/shop-page'),
    title: '积分商城',
    access: 'staff',
    roles: ['content', 'production', 'admin'],
    menu: { icon: <ShoppingOutlined /> },
  },
  orders: {
    path: paths.orders,
    page: () => import('../features/orders/pages/orders-page'),
    title: '订单工作台',
    access: 'staff',
    roles: ['admin', 'sales', 'engineer', 'production', 'finance'],
    menu: { icon: <FileTextOutlined /> },
  },
  priceSheets: {
    path: paths.priceSheets,
    page: () => import('../features/price-sheets/pages/price-sheets-page'),
    title: '价格表',
    access: 'staff',
    roles: ['admin', 'finance', 'sales'],
    menu: { icon: <MoneyCollectOutlined /> },
  },
  companyDirectory: {
    path: paths.companyDirectory,
    page: () => import('../features/company-directory/pages/company-directory-page'),
    title: '公司名录',
    access: 'staff',
    roles: ['admin', 'sales'],
    menu: { icon: <ShopOutlined /> },
  },
  staffAccounts: {
    path: paths.staffAccounts,
    page: () => import('../features/staff-accounts/pages/staff-accounts-page'),
    title: '员工账号',
    access: 'staff',
    roles: ['admin'],
    menu: { icon: <IdcardOutlined /> },
  },
  auditLog: {
    path: paths.auditLog,
    page: () => import('../features/audit-log/pages/audit-log-page'),
    title: '审计日志',
    access: 'staff',
    roles: ['admin'],
    menu: { icon: <AuditOutlined /> },
  },
  smsOutbox: {
    path: paths.smsOutbox,
    page: () => import('../features/sms-outbox/pages/sms-outbox-page'),
    title: '短信发件箱',
    access: 'staff',
    roles: ['admin'],
    menu: { icon: <MessageOutlined />, probe: StaffOutbox.List },
  },
  invoiceMailOutbox: {
    path: paths.invoiceMailOutbox,
    page: () => import('../features/invoice-requests/pages/invoice-mail-outbox-page'),
    title: '发票邮件发件箱',
    access: 'staff',
    roles: ['admin', 'finance'],
    menu: { icon: <MailOutlined />, probe: StaffInvoice.MailOutbox },
  },
  account: {
    path: paths.account,
    page: () => import('../features/auth/pages/my-account-page'),
    title: '我的账号',
    access: 'staff',
  },
} satisfies Record<string, ConsoleRoute>;

export const routeRows: readonly ConsoleRoute[] = Object.values(routeTable);

/** The row a path belongs to, matched as the router matches it; undefined when unknown. */
export function routeForPath(pathname: string): ConsoleRoute | undefined {
  return matchRoutes(routeRows as ConsoleRoute[], pathname)?.[0]?.route;
}

/** Whether a staff member with these roles may open the route. */
export function canOpen(route: ConsoleRoute, roles: readonly StaffRole[]): boolean {
  return !route.roles || roles.some((role) => route.roles?.includes(role));
}
