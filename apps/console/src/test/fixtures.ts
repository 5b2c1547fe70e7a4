import { productionStepNames, productionSteps, type StaffRole } from '@pcb/contract';
import type { StaffSession } from '@pcb/contract/staff-common';
import type { StaffMemberDetail, StaffMemberRow } from '@pcb/contract/staff-member';
import type { StaffMobileApply } from '@pcb/contract/staff-mobile-apply';
import type { StaffOrderDetail, StaffOrderRow } from '@pcb/contract/staff-order';

export const CSRF = 'csrf-token-1';

export function sessionFixture(roles: StaffRole[] = ['admin']): StaffSession {
  return {
    staff: { id: 1, userName: 'demo.admin', realName: '王管理', roles, totpEnabled: true },
    csrfToken: CSRF,
    idleTimeoutSeconds: 1800,
  };
}

export const memberRowFixture: StaffMemberRow = {
  id: 7,
  mobileMasked: '138****8000',
  userName: 'zhang',
  realNameMasked: '张*',
  companyName: '示例电子',
  memberType: 'company',
  status: 'active',
  gradeName: '银牌',
  manager: null,
  createdAt: '2026-01-01T00:00:00Z',
};

export const memberDetailFixture: StaffMemberDetail = {
  ...memberRowFixture,
  points: 120,
  balance: 12345,
  agreementVersion: '1',
  source: 'h5',
  activeSessions: 1,
  wechatBindings: 0,
};

export const applyFixture: StaffMobileApply = {
  id: 3,
  member: { id: 7, displayName: '张*' },
  oldMobileMasked: '138****8000',
  newMobileMasked: '139****9000',
  reason: '原手机号已注销，无法接收短信',
  status: 'pending',
  rejectReason: null,
  decidedBy: null,
  decidedAt: null,
  submittedAt: '2026-03-01T08:00:00Z',
};

export const page = <T>(items: T[]) => ({ items, total: items.length, page: 1, pageSize: 20 });

export const orderRowFixture: StaffOrderRow = {
  id: 41,
  kind: 'pcb',
  orderNo: 'P20261126000012',
  status: 'pendingReview',
  member: { id: 7, displayName: '张*' },
  paramString: '2层 | 100×100mm | 10片 | 1.6mm | 绿油白字 | 有铅喷锡',
  total: 4429,
  sheetVersion: 3,
  shipDate: '2026-12-02',
  fileName: 'board.zip',
  createdAt: '2026-11-26T02:00:00Z',
};

const pcbSteps = productionSteps.pcb.map((step) => ({
  step,
  name: productionStepNames[step],
  doneAt: null,
}));

/** An order as StaffOrder.Get answers it: 待审核, what an engineer may do. */
export const orderDetailFixture: StaffOrderDetail = {
  ...orderRowFixture,
  params: { layers: 2, lengthMm: 100, widthMm: 100, quantity: 10, finish: 'haslLeadFree' },
  lines: [
    { code: 'board', name: '板费', amount: 2000, reason: '10×10cm样板套餐，含工程费' },
    { code: 'shipping', name: '运费', amount: 1800, reason: '顺丰，邻近省份，首重1kg' },
    { code: 'tax', name: '税费', amount: 629, reason: '开增值税普通发票，按¥38.00 × 税点6%' },
  ],
  buildDays: 4,
  weightGrams: 420,
  courier: '顺丰',
  invoice: '增值税普通发票',
  receiver: {
    receiverName: '李*',
    mobile: '139****1234',
    regionText: '广西南宁市青秀区',
    address: '民族大道***',
  },
  contact: { contactName: '王*', mobile: '137****5678' },
  invoiceTitle: '深圳华创电子有限公司',
  remark: '请加急审核',
  fileUrl: '/sandbox/oss/pcbFile/7/board.zip?sig=abc',
  process: [
    {
      fromStatus: null,
      toStatus: 'pendingReview',
      note: null,
      actor: '会员',
      createdAt: '2026-11-26T02:00:00Z',
    },
  ],
  timeline: [
    {
      action: 'place',
      fromStatus: null,
      toStatus: 'pendingReview',
      note: null,
      actor: '会员',
      at: '2026-11-26T02:00:00Z',
    },
  ],
  revision: 0,
  cancelReason: null,
  priceChange: null,
  eqs: [],
  productionSteps: pcbSteps,
  parcels: [],
  payment: null,
  paidWith: null,
  actions: ['pass', 'changePrice', 'raiseEq'],
};
