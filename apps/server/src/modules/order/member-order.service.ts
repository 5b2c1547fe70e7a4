import {
  ORDER_CHANGED_MESSAGE,
  orderFileDirType,
  orderStatuses,
  type EditQuote,
  type MemberOrderDetail,
  type MemberOrderRow,
  type OrderKind,
  type OrderStatus,
  type OrderStatusCounts,
  type OrderWriteResult,
  type Parcel,
  type PlacedOrder,
} from '@pcb/contract';
import { yuan, type Courier, type InvoiceKind, type PcbParams } from '@pcb/pricing';
import type { Tx } from '../../db/client';
import type { AuthMember } from '../../http/auth';
import { AppError } from '../../http/errors';
import type { Clock } from '../../lib/clock';
import type { MemberGradeApi } from '../member-grade/member-grade.module';
import { notInState } from '../../lib/workflow/transition';
import type { MemberReceiverApi } from '../member-receiver/member-receiver.module';
import { RECEIVER_NOT_FOUND_MESSAGE } from '../member-receiver/member-receiver.module';
import type { PriceSheetApi } from '../price-sheet/price-sheet.module';
import type { UploadApi } from '../upload/upload.module';
import { ORDER_NOT_FOUND_MESSAGE, type OrderLifecycle } from './order-lifecycle';
import type { OrderLifecycleRepository } from './order-lifecycle.repository';
import { parcelOf, productionStepsOf, timelineOf, type OrderViews } from './order-views';
import type { OrderRepository } from './order.repository';
import { choicesOf, createOrderPricing, receiverSnapshot } from './order-pricing';
import {
  FILE_NOT_FOUND_MESSAGE,
  recordOrder,
  reorderNote,
  type OrderPlacedHook,
  requestDigest,
  toPlacedOrder,
} from './order.service';
import type { OrderRow, ReceiverSnapshot } from './order.table';
import { toQuoteResult } from './quote.service';

export const PRICE_CHANGE_STALE_MESSAGE = '价格变更已更新，请刷新后重新确认';
export const REORDER_FILE_GONE_MESSAGE = '原订单的设计文件已不存在，请重新下单';
export const REFUSED_PRICE_REASON = '会员不接受调整后的价格';

const writeResult = (row: OrderRow): OrderWriteResult => ({
  id: row.id,
  orderNo: row.orderNo,
  status: row.status,
  revision: row.revision,
});

const receiverText = (r: ReceiverSnapshot) =>
  `${r.receiverName} ${r.province}${r.city}${r.county}${r.address}`;

/**
 * The member's side of the order lifecycle (decision 0042): lists, counts and the detail of
 * their own orders, and every action the lifecycle table gives them. Another member's order, an
 * order of another kind and a deleted one are all "订单不存在" (404). A switched session acts
 * in the related account like its owner; the log names the main member who acted.
 */
export function createMemberOrderService(deps: {
  lifecycle: OrderLifecycle;
  repository: OrderLifecycleRepository;
  orders: OrderRepository;
  views: OrderViews;
  receivers: Pick<MemberReceiverApi, 'findForMember'>;
  uploads: Pick<UploadApi, 'assertUploaded'>;
  priceSheets: PriceSheetApi;
  grades: Pick<MemberGradeApi, 'perkOf'>;
  now: Clock;
  onPlaced?: OrderPlacedHook;
}) {
  const { lifecycle, repository, views } = deps;
  // Prices read the published sheet first, outside any transaction: a transaction never waits
  // for a second connection of the pool.
  const pricing = createOrderPricing(deps);

  const isMine = (row: OrderRow | null, member: AuthMember, kind: OrderKind): row is OrderRow =>
    row !== null && row.memberId === member.id && row.kind === kind && row.deletedAt === null;

  async function mine(member: AuthMember, kind: OrderKind, id: number): Promise<OrderRow> {
    const row = await repository.find(id);
    if (!isMine(row, member, kind)) throw new AppError(404, ORDER_NOT_FOUND_MESSAGE);
    return row;
  }

  /** The member's order, locked for the transaction. */
  async function mineLocked(
    tx: Tx,
    member: AuthMember,
    kind: OrderKind,
    id: number,
  ): Promise<OrderRow> {
    const row = await repository.lock(tx, id);
    if (!isMine(row, member, kind)) throw new AppError(404, ORDER_NOT_FOUND_MESSAGE);
    return row;
  }

  const actor = (member: AuthMember) => ({ kind: 'member' as const, member });

  return {
    async list(
      member: AuthMember,
      kind: OrderKind,
      input: { status?: OrderStatus | 'all' | undefined; page: number; pageSize: number },
    ) {
      const status = input.status === undefined || input.status === 'all' ? null : input.status;
      const { rows, total } = await repository.listForMember(member.id, kind, status, {
        offset: (input.page - 1) * input.pageSize,
        limit: input.pageSize,
      });
      return {
        items: rows.map(views.memberRow),
        total,
        page: input.page,
        pageSize: input.pageSize,
      };
    },

    async counts(member: AuthMember, kind: OrderKind): Promise<OrderStatusCounts> {
      const counts = Object.fromEntries(orderStatuses.map((s) => [s, 0])) as Record<
        OrderStatus,
        number
      >;
      for (const { status, n } of await repository.statusCounts(member.id, kind))
        counts[status] = n;
      return { all: Object.values(counts).reduce((a, b) => a + b, 0), ...counts };
    },

    async latest(member: AuthMember, kind: OrderKind): Promise<MemberOrderRow | null> {
      const row = await repository.latestForMember(member.id, kind);
      return row ? views.memberRow(row) : null;
    },

    async detail(member: AuthMember, kind: OrderKind, id: number): Promise<MemberOrderDetail> {
      const row = await mine(member, kind, id);
      const [extras, source] = await Promise.all([
        repository.extras(row.id),
        row.reorderOf === null ? null : repository.find(row.reorderOf),
      ]);
      return views.memberDetail(row, extras, source);
    },

    async process(member: AuthMember, kind: OrderKind, id: number) {
      const row = await mine(member, kind, id);
      const [process, steps] = await Promise.all([
        repository.process(row.id),
        repository.steps(row.id),
      ]);
      return {
        timeline: timelineOf(process, true),
        productionSteps: productionStepsOf(row, steps),
      };
    },

    async ships(member: AuthMember, kind: OrderKind, id: number): Promise<Parcel[]> {
      const row = await mine(member, kind, id);
      return (await repository.parcels(row.id)).map(parcelOf);
    },

    async updateReceiver(member: AuthMember, kind: OrderKind, id: number, receiverId: number) {
      const receiver = await deps.receivers.findForMember(member.id, receiverId);
      if (!receiver) throw new AppError(400, RECEIVER_NOT_FOUND_MESSAGE, { field: 'value' });
      const snapshot = receiverSnapshot(receiver);
      return repository.transaction(async (tx) => {
        const row = await mineLocked(tx, member, kind, id);
        // The price stays as placed: 运费 was quoted for the order (decision 0042).
        const after = await lifecycle.act(tx, row, 'updateReceiver', actor(member), {
          set: { receiver: snapshot, revision: row.revision + 1 },
          note: `修改收货地址：${receiverText(snapshot)}`,
        });
        return writeResult(after);
      });
    },

    async cancel(member: AuthMember, kind: OrderKind, id: number, reason: string) {
      return repository.transaction(async (tx) => {
        const row = await mineLocked(tx, member, kind, id);
        lifecycle.assertAllowed('cancel', row);
        await withdrawWaiting(tx, row);
        const after = await lifecycle.act(tx, row, 'cancel', actor(member), {
          set: { cancelReason: reason, pendingPriceChangeId: null, openEqCount: 0 },
          note: `会员取消：${reason}`,
        });
        return writeResult(after);
      });
    },

    async remove(member: AuthMember, kind: OrderKind, id: number) {
      await repository.transaction(async (tx) => {
        const row = await mineLocked(tx, member, kind, id);
        await lifecycle.act(tx, row, 'delete', actor(member), { set: { deletedAt: deps.now() } });
      });
      return { ok: true as const };
    },

    async updateFile(
      member: AuthMember,
      kind: OrderKind,
      input: { id: number; fileUrl: string; fileName: string },
    ) {
      // Refused by state before the file is looked at: the reason is the order's status.
      lifecycle.assertAllowed('updateFile', await mine(member, kind, input.id));
      await deps.uploads.assertUploaded(
        member.id,
        input.fileUrl,
        orderFileDirType[kind],
        FILE_NOT_FOUND_MESSAGE,
        'fileUrl',
      );
      return repository.transaction(async (tx) => {
        const row = await mineLocked(tx, member, kind, input.id);
        lifecycle.assertAllowed('updateFile', row);
        // A new file is reviewed anew: what waited for the member about the old one is withdrawn.
        await withdrawWaiting(tx, row);
        const after = await lifecycle.act(tx, row, 'updateFile', actor(member), {
          set: {
            fileKey: input.fileUrl,
            fileName: input.fileName,
            revision: row.revision + 1,
            pendingPriceChangeId: null,
            openEqCount: 0,
          },
          note: `更换文件：${input.fileName}`,
        });
        return writeResult(after);
      });
    },

    async calcEdit(member: AuthMember, id: number, params: PcbParams): Promise<EditQuote> {
      const row = await mine(member, 'pcb', id);
      lifecycle.assertAllowed('edit', row);
      const published = await deps.priceSheets.published({ fresh: true });
      // What EditOrder will price: the order's receiver, courier and invoice, today's sheet.
      const quote = pricing.quote('pcb', params, choicesOf(row), published);
      return {
        quote: toQuoteResult('pcb', params, quote),
        current: { total: row.total, lines: row.lines },
        revision: row.revision,
      };
    },

    async edit(
      member: AuthMember,
      input: {
        id: number;
        params: PcbParams;
        revision: number;
        sheetVersion: number;
        expectedTotal: number;
      },
    ) {
      const published = await deps.priceSheets.published({ fresh: true });
      return repository.transaction(async (tx) => {
        const row = await mineLocked(tx, member, 'pcb', input.id);
        lifecycle.assertAllowed('edit', row);
        // Priced on another revision (a parallel edit won): the member sees the order again.
        if (row.revision !== input.revision) throw notInState(ORDER_CHANGED_MESSAGE);
        const values = pricing.price('pcb', input.params, choicesOf(row), published);
        pricing.assertAsShown(input, published, values);
        const after = await lifecycle.act(tx, row, 'edit', actor(member), {
          set: {
            params: values.params,
            paramString: values.paramString,
            sheetVersion: values.sheetVersion,
            lines: values.lines,
            total: values.total,
            buildDays: values.buildDays,
            shipDate: values.shipDate,
            weightGrams: values.weightGrams,
            revision: row.revision + 1,
          },
          note: `修改订单：${values.paramString}，总价${yuan(values.total)}`,
        });
        return writeResult(after);
      });
    },

    async reorder(member: AuthMember, id: number, requestId: string): Promise<PlacedOrder> {
      const source = await mine(member, 'pcb', id);
      lifecycle.assertAllowed('reorder', source);
      await deps.uploads.assertUploaded(
        member.id,
        source.fileKey,
        orderFileDirType.pcb,
        REORDER_FILE_GONE_MESSAGE,
      );
      // Unchanged parameters and file: the engine waives the engineering fee.
      const values = pricing.price(
        'pcb',
        source.params as unknown as PcbParams,
        {
          ...choicesOf(source),
          requestId,
          // A new order: the grade's perks now (decision 0071).
          memberPerk: await deps.grades.perkOf(member.id),
        },
        await deps.priceSheets.published({ fresh: true }),
        { repeatOrder: true },
      );
      const digest = requestDigest('pcb', source.params, {
        sheetVersion: 0,
        expectedTotal: 0,
        receiverId: source.receiver.receiverId,
        courier: source.courier as Courier,
        invoice: source.invoice as InvoiceKind,
        fileKey: source.fileKey,
        fileName: source.fileName,
        remark: `reorder:${source.id}`,
        requestId,
      });
      const row = await recordOrder(
        deps.orders,
        { ...values, reorderOf: source.id, requestDigest: digest },
        deps.now(),
        deps.onPlaced,
        // The new order's timeline says where it came from (its detail links the original too).
        reorderNote(source.orderNo),
      );
      return toPlacedOrder(row);
    },

    async acceptPrice(member: AuthMember, kind: OrderKind, id: number, priceChangeId: number) {
      return repository.transaction(async (tx) => {
        const row = await mineLocked(tx, member, kind, id);
        lifecycle.assertAllowed('acceptPrice', row);
        if (row.pendingPriceChangeId !== priceChangeId)
          throw notInState(PRICE_CHANGE_STALE_MESSAGE);
        const change = await repository.priceChange(tx, priceChangeId);
        if (
          !change ||
          !(await repository.decidePriceChange(tx, change.id, 'accepted', deps.now()))
        ) {
          throw notInState(PRICE_CHANGE_STALE_MESSAGE);
        }
        const after = await lifecycle.act(tx, row, 'acceptPrice', actor(member), {
          set: {
            lines: change.newLines,
            total: change.newTotal,
            pendingPriceChangeId: null,
            revision: row.revision + 1,
          },
          note: `接受新价格：${yuan(change.oldTotal)} → ${yuan(change.newTotal)}`,
        });
        return writeResult(after);
      });
    },

    async refusePrice(
      member: AuthMember,
      kind: OrderKind,
      input: { id: number; priceChangeId: number; reason?: string | undefined },
    ) {
      return repository.transaction(async (tx) => {
        const row = await mineLocked(tx, member, kind, input.id);
        lifecycle.assertAllowed('refusePrice', row);
        if (row.pendingPriceChangeId !== input.priceChangeId) {
          throw notInState(PRICE_CHANGE_STALE_MESSAGE);
        }
        const reason = input.reason
          ? `${REFUSED_PRICE_REASON}：${input.reason}`
          : REFUSED_PRICE_REASON;
        if (
          !(await repository.decidePriceChange(
            tx,
            input.priceChangeId,
            'refused',
            deps.now(),
            input.reason || null,
          ))
        ) {
          throw notInState(PRICE_CHANGE_STALE_MESSAGE);
        }
        await repository.moveEqs(tx, row.id, 'open', 'withdrawn');
        const after = await lifecycle.act(tx, row, 'refusePrice', actor(member), {
          set: { cancelReason: reason, pendingPriceChangeId: null, openEqCount: 0 },
          note: reason,
        });
        return writeResult(after);
      });
    },

    async confirmReceipt(member: AuthMember, kind: OrderKind, id: number) {
      return repository.transaction(async (tx) => {
        const row = await mineLocked(tx, member, kind, id);
        return writeResult(await lifecycle.act(tx, row, 'confirmReceipt', actor(member)));
      });
    },
  };

  /** Withdraws what waits for the member (the pending price change, open questions). */
  async function withdrawWaiting(tx: Tx, row: OrderRow): Promise<void> {
    if (row.pendingPriceChangeId !== null) {
      await repository.decidePriceChange(tx, row.pendingPriceChangeId, 'withdrawn', deps.now());
    }
    if (row.openEqCount > 0) await repository.moveEqs(tx, row.id, 'open', 'withdrawn');
  }
}

export type MemberOrderService = ReturnType<typeof createMemberOrderService>;
