/** Paths of the site that more than one part of the app links to. */
export const paths = {
  home: '/',
  login: '/login',
  smsLogin: '/note',
  register: '/register',
  forgetPassword: '/forgetPwd',
  associatedAccount: '/associatedAccount',
  bind: '/bind',
  member: '/member',
  setting: '/setting',
  accountSecurity: '/accountSecurity',
  bindWechat: '/accountSecurity/bindWechat',
  paymentPassword: '/accountSecurity/payThePassword',
  loginPassword: '/accountSecurity/setLoginPassword',
  editPhone: '/userInfo/editPhone',
  shippingAddress: '/shippingAddress',
  editAddress: '/shippingAddress/editAddress/:data',
  firmCertification: '/firmCertification',
  userInfo: '/userInfo',
  editContacts: '/userInfo/editContacts',
  editQQ: '/userInfo/editQQ',
  editContactPhone: '/userInfo/editContactPhone',
  editOrderContact: '/userInfo/editOrderContact',
  addOrderContact: '/userInfo/editOrderContact/addOrderContact',
  ordersPcb: '/OrdersPCB',
  fillOrder: '/fillOrder',
  makeInvoice: '/MakeInvoice',
  editInvoice: '/MakeInvoice/editInvoice',
  applyInvoice: '/MakeInvoice/applyInvoice',
  invoiceDetail: '/MakeInvoice/invoiceDetail',
  theOrders: '/TheOrders',
  orderDetail: '/TheOrders/orderDetail',
  orderTracker: '/TheOrders/orderDetail/orderTracker',
  changeAddress: '/TheOrders/changeAddress',
  paySuccess: '/TheOrders/paySuccess',
  payFail: '/TheOrders/payFail',
  theBalance: '/theBalance',
  billList: '/theBalance/billList',
  prepaidSuccess: '/theBalance/prepaidSuccess',
  prepaidFail: '/theBalance/prepaidFail',
  creditPay: '/creditPay',
  creditAccount: '/creditAccount',
  billHistory: '/creditAccount/billHistory',
  repaySuccess: '/creditAccount/repaySuccess',
  repayFail: '/creditAccount/repayFail',
  payImpower: '/creditAccount/payImpower',
  orderState: '/orderState',
  infoList: '/InfoList',
  eqReply: '/InfoList/eqReply',
  vipGrade: '/vipGrade',
  couponsInfo: '/couponsInfo',
  couponsRedemption: '/couponsInfo/couponsRedemption',
  news: '/news',
  integral: '/integral',
  integralList: '/integral/integralList',
  integralRules: '/integral/integralRules',
} as const;

/**
 * An order's screens (`orderDetail`, `orderTracker`, `changeAddress`): `?id=` as the spec
 * writes it, and `kind=` (pcb, smt, stencil), which picks the module that answers (decision 0046).
 */
export function orderHref(
  path: typeof paths.orderDetail | typeof paths.orderTracker | typeof paths.changeAddress,
  order: { id: number; kind: string },
): string {
  return `${path}?id=${order.id}&kind=${order.kind}`;
}

// Served by other applications on the same origin (the quote page): always a full page load.
const externalPaths: readonly string[] = [paths.ordersPcb];

export function isExternalPath(path: string): boolean {
  const pathname = (path.split(/[?#]/)[0] ?? '').replace(/\/+$/, '').toLowerCase();
  return externalPaths.some((p) => p.toLowerCase() === pathname);
}
