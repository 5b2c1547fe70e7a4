import type {
  Eq,
  MemberOrderDetail,
  MemberOrderRow,
  OrderStatusCounts,
  Parcel,
  PriceChange,
} from '@pcb/contract';
import { orderStatuses, type OrderKind } from '@pcb/contract/order-life';
import { productionSteps, productionStepNames } from '@pcb/contract';

/** A list row as `GetMemberPcbOrders` / `GetList` answers it. */
export function orderRow(id: number, over: Partial<MemberOrderRow> = {}): MemberOrderRow {
  return {
    id,
    kind: 'pcb',
    orderNo: `P2026112400${String(id).padStart(3, '0')}`,
    status: 'pendingReview',
    paramString: '2层 | 100×100mm | 10片 | 1.6mm | 绿油白字',
    total: 6200,
    fileName: 'board.zip',
    shipDate: '2026-12-01',
    createdAt: '2026-11-24T02:00:00.000Z',
    pendingPriceChange: false,
    openEqs: 0,
    actions: [],
    ...over,
  };
}

/** Production steps of a kind, the first `done` recorded. */
export function stepsOf(kind: OrderKind, done = 0) {
  return productionSteps[kind].map((step, i) => ({
    step,
    name: productionStepNames[step],
    doneAt: i < done ? `2026-11-2${5 + Math.floor(i / 6)}T0${i % 6}:30:00.000Z` : null,
  }));
}

export const lines = [
  { code: 'board', name: '板费', amount: 5000, reason: '10×10cm打样套餐' },
  { code: 'shipping', name: '运费', amount: 1200, reason: '顺丰，广东省，1kg' },
];

export function priceChange(over: Partial<PriceChange> = {}): PriceChange {
  return {
    id: 31,
    status: 'pending',
    oldLines: lines,
    oldTotal: 6200,
    newLines: [
      { code: 'board', name: '板费', amount: 7000, reason: '实际尺寸120×100mm' },
      lines[1]!,
    ],
    newTotal: 8200,
    reason: '文件实际尺寸大于下单尺寸',
    createdAt: '2026-11-24T05:00:00.000Z',
    decidedAt: null,
    ...over,
  };
}

export function eq(id: number, over: Partial<Eq> = {}): Eq {
  return {
    id,
    orderId: 1,
    orderNo: 'P2026112400001',
    kind: 'pcb',
    question: '阻焊开窗与焊盘重叠，是否按文件生产？',
    images: [],
    options: ['按文件生产', '按工程建议修改'],
    status: 'open',
    createdAt: '2026-11-24T04:00:00.000Z',
    answer: null,
    ...over,
  };
}

export function parcel(id: number, over: Partial<Parcel> = {}): Parcel {
  return {
    id,
    courier: 'sf',
    courierName: '顺丰速运',
    trackingNo: 'SF1234567890',
    shippedAt: '2026-11-28T08:00:00.000Z',
    events: [
      { at: '2026-11-29T01:00:00.000Z', place: '深圳', text: '快件已到达深圳转运中心' },
      { at: '2026-11-28T08:00:00.000Z', place: '东莞', text: '顺丰速运已收取快件' },
    ],
    ...over,
  };
}

/** An order's detail as `GetDetail` answers it. */
export function orderDetail(over: Partial<MemberOrderDetail> = {}): MemberOrderDetail {
  const kind = over.kind ?? 'pcb';
  return {
    ...orderRow(1, { kind }),
    params: { layers: 2, lengthMm: 100, widthMm: 100, quantity: 10, maskColor: 'green' },
    lines,
    sheetVersion: 3,
    buildDays: 3,
    weightGrams: 300,
    courier: 'sf',
    courierName: '顺丰速运',
    invoice: 'none',
    invoiceName: '不开发票',
    invoiceTitle: null,
    receiver: {
      receiverId: 21,
      receiverName: '王工',
      mobile: '13800138000',
      regionCode: '440305',
      province: '广东省',
      city: '深圳市',
      county: '南山区',
      address: '科技园1号',
      postcode: null,
      company: null,
    },
    contact: null,
    remark: null,
    fileUrl: 'https://oss.example.com/pcbFile/1/f1.zip?sig=x',
    revision: 4,
    cancelReason: null,
    reorderOf: null,
    priceChange: null,
    paidWith: null,
    eqs: [],
    timeline: [
      {
        action: 'place',
        fromStatus: null,
        toStatus: 'pendingReview',
        note: null,
        actor: '会员',
        at: '2026-11-24T02:00:00.000Z',
      },
    ],
    productionSteps: stepsOf(kind),
    parcels: [],
    updatedAt: '2026-11-24T02:00:00.000Z',
    ...over,
  };
}

/** Counts of one kind: the given statuses, zero elsewhere, `all` their sum. */
export function counts(values: Partial<Record<(typeof orderStatuses)[number], number>> = {}) {
  const result = Object.fromEntries(orderStatuses.map((s) => [s, values[s] ?? 0])) as Omit<
    OrderStatusCounts,
    'all'
  >;
  return { ...result, all: Object.values(result).reduce((a, b) => a + b, 0) } as OrderStatusCounts;
}

/** One page of a list. */
export const page = <T>(items: T[], total = items.length, pageNumber = 1, pageSize = 10) => ({
  items,
  total,
  page: pageNumber,
  pageSize,
});
