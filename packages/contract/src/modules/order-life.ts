// The order's life, for its member (issue 19; decision 0042): the calls of the wire modules
// Pcb, Smt and Stencil that list, show, change, cancel and reorder an order. Apart from quoting
// and placing (order-quote.ts, which merges these and payment.ts's Pay into the whole modules
// the server serves), so that the order screens bundle neither the quote forms' parameter
// schemas nor the pricing engine's field tables (decision 0012's budgets).
import { z } from 'zod';
import { idQuerySchema, idSchema, okSchema, pageOf, requestIdSchema } from '../common';
import { defineModule } from '../define';
import { placedOrderSchema } from '../order-basics';
import {
  cancelReasonSchema,
  memberOrderDetailSchema,
  memberOrderListInput,
  memberOrderRowSchema,
  orderIdInput,
  orderIdQueryInput,
  orderProcessSchema,
  orderStatusCountsSchema,
  orderWriteResultSchema,
  parcelSchema,
  priceChangeAnswerInput,
  refusePriceChangeInput,
  updateFileInput,
  updateReceiverInput,
} from '../order-views';

export {
  orderFileDirType,
  orderFileRules,
  orderKinds,
  orderStatusNames,
  orderStatuses,
  placedOrderSchema,
  type OrderFileDirType,
  type OrderKind,
  type OrderStatus,
  type PlacedOrder,
} from '../order-basics';

const lifecycle = (kindName: string) =>
  ({
    GetMemberOrderStatusNum: {
      method: 'GET',
      summary: `我的${kindName}订单：各状态数量`,
      access: 'member',
      whenSwitched: 'allow',
      input: z.object({}),
      output: orderStatusCountsSchema,
    },
    GetDetail: {
      method: 'GET',
      summary: `${kindName}订单详情：参数、费用、文件、收货、时间线（含生产工序）、价格变更、工程问题、包裹、可做的操作`,
      access: 'member',
      whenSwitched: 'allow',
      input: orderIdQueryInput,
      output: memberOrderDetailSchema,
    },
    GetMemberLatestOrder: {
      method: 'GET',
      summary: `我最近的一笔${kindName}订单（没有时为 null）`,
      access: 'member',
      whenSwitched: 'allow',
      input: z.object({}),
      output: memberOrderRowSchema.nullable(),
    },
    UpdateReceiver: {
      method: 'PATCH',
      summary: '修改收货地址（待审核、待付款、生产中包装前）：订单保存所选地址的副本',
      access: 'member',
      whenSwitched: 'allow',
      input: updateReceiverInput,
      output: orderWriteResultSchema,
    },
    Delete: {
      method: 'DELETE',
      summary: '删除订单（仅已取消、已完成；不再出现在列表中）',
      access: 'member',
      whenSwitched: 'allow',
      input: orderIdInput,
      output: okSchema,
    },
    UpdateFile: {
      method: 'PATCH',
      summary: '更换设计文件（待审核、待确认），订单回到待审核',
      access: 'member',
      whenSwitched: 'allow',
      input: updateFileInput,
      output: orderWriteResultSchema,
    },
    AcceptPriceChange: {
      method: 'POST',
      summary: '接受工程师修改后的价格（待确认）：无待回复的工程问题时进入待付款',
      access: 'member',
      whenSwitched: 'allow',
      input: priceChangeAnswerInput,
      output: orderWriteResultSchema,
    },
    RefusePriceChange: {
      method: 'POST',
      summary: '拒绝工程师修改后的价格（待确认）：订单取消',
      access: 'member',
      whenSwitched: 'allow',
      input: refusePriceChangeInput,
      output: orderWriteResultSchema,
    },
    ConfirmReceipt: {
      method: 'POST',
      summary: '确认收货（已发货 → 已完成）',
      access: 'member',
      whenSwitched: 'allow',
      input: orderIdInput,
      output: orderWriteResultSchema,
    },
  }) as const;

const cancelSpec = (method: 'POST' | 'PATCH') =>
  ({
    method,
    summary:
      '取消订单（待审核、待确认、待付款；已付款的在开始生产前），需填写原因；已付款的原路退款',
    access: 'member',
    whenSwitched: 'allow',
    input: z.object({ id: idSchema.meta({ title: '订单' }), reason: cancelReasonSchema }),
    output: orderWriteResultSchema,
  }) as const;

const listSpec = (kindName: string) =>
  ({
    method: 'POST',
    summary: `我的${kindName}订单，按状态筛选（all：全部），最新在前，分页`,
    access: 'member',
    whenSwitched: 'allow',
    input: memberOrderListInput,
    output: pageOf(memberOrderRowSchema),
  }) as const;

const shipsSummary = '订单的包裹：快递、单号、物流记录';

export const PcbLife = defineModule('Pcb', {
  ...lifecycle('PCB'),
  GetMemberPcbOrders: listSpec('PCB'),
  Cancel: cancelSpec('POST'),
  GetOrderProcess: {
    method: 'GET',
    summary: 'PCB订单的时间线：每次状态变化（谁、何时、从、到、备注）与生产工序',
    access: 'member',
    whenSwitched: 'allow',
    input: z.object({ orderId: idQuerySchema.meta({ title: '订单' }) }),
    output: orderProcessSchema,
  },
  Reorder: {
    method: 'POST',
    summary:
      '返单（已完成、已取消的PCB订单）：同样的参数与文件下一笔新订单，按当前价格表计价，免工程费',
    access: 'member',
    whenSwitched: 'allow',
    input: z.object({
      id: idSchema.meta({ title: '订单' }),
      requestId: requestIdSchema,
    }),
    output: placedOrderSchema,
  },
  GetShips: {
    method: 'POST',
    summary: shipsSummary,
    access: 'member',
    whenSwitched: 'allow',
    input: orderIdInput,
    output: z.array(parcelSchema),
  },
});

/** Smt's and Stencil's calls: the list is `GetList`, cancel a PATCH, the parcels a GET. */
const lifeOf = (kindName: string) =>
  ({
    ...lifecycle(kindName),
    GetList: listSpec(kindName),
    Cancel: cancelSpec('PATCH'),
    GetShips: {
      method: 'GET',
      summary: shipsSummary,
      access: 'member',
      whenSwitched: 'allow',
      input: orderIdQueryInput,
      output: z.array(parcelSchema),
    },
  }) as const;

export const SmtLife = defineModule('Smt', lifeOf('SMT'));
export const StencilLife = defineModule('Stencil', lifeOf('钢网'));
