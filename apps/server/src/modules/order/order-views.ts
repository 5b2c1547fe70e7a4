import {
  allowedOrderActions,
  maskMobile,
  productionStepNames,
  productionSteps,
  type Eq,
  type MemberOrderDetail,
  type OrderPaidWith,
  type MemberOrderRow,
  type Parcel,
  type PriceChange,
  type PublicOrderState,
  type StaffRole,
  type TimelineEntry,
} from '@pcb/contract';
import { courierLabels, invoiceLabels, type Courier, type InvoiceKind } from '@pcb/pricing';
import type { ObjectStorage } from '../../integrations/oss/object-storage';
import type { Clock } from '../../lib/clock';
import { maskName } from '../member/member.module';
import { factsOf } from './order-lifecycle';
import type {
  OrderEqRow,
  OrderParcelEventRow,
  OrderParcelRow,
  OrderPriceChangeRow,
  OrderProductionStepRow,
} from './order-lifecycle.table';
import type { OrderExtras } from './order-lifecycle.repository';
import type { OrderListRow, OrderProcessRow, OrderRow } from './order.table';

/** How long a signed URL of a file or image works. */
const FILE_URL_TTL_MS = 5 * 60_000;

export const courierName = (courier: string): string =>
  courierLabels[courier as Courier] ?? courier;

/** `SF1234567890` → `SF12****7890`: enough to recognise a parcel, not to track it. */
export function maskTrackingNo(trackingNo: string): string {
  if (trackingNo.length <= 8) return `${trackingNo.slice(0, 2)}****`;
  return `${trackingNo.slice(0, 4)}****${trackingNo.slice(-4)}`;
}

/** The order's log as a timeline; `forMember` shows staff as 工厂, never by name. */
export const timelineOf = (rows: OrderProcessRow[], forMember: boolean): TimelineEntry[] =>
  rows.map((p) => ({
    action: p.action,
    fromStatus: p.fromStatus,
    toStatus: p.toStatus,
    note: p.note,
    actor: forMember && p.actorStaffId !== null ? '工厂' : p.actor,
    at: p.createdAt.toISOString(),
  }));

/** Every production step of the order's kind, in order, with when it was done. */
export function productionStepsOf(row: Pick<OrderRow, 'kind'>, steps: OrderProductionStepRow[]) {
  const done = new Map(steps.map((s) => [s.step, s.doneAt.toISOString()]));
  return productionSteps[row.kind].map((step) => ({
    step,
    name: productionStepNames[step],
    doneAt: done.get(step) ?? null,
  }));
}

export const parcelOf = (p: OrderParcelRow & { events: OrderParcelEventRow[] }): Parcel => ({
  id: p.id,
  courier: p.courier,
  courierName: courierName(p.courier),
  trackingNo: p.trackingNo,
  shippedAt: p.shippedAt.toISOString(),
  events: p.events.map((e) => ({ at: e.at.toISOString(), place: e.place, text: e.text })),
});

export const priceChangeOf = (c: OrderPriceChangeRow): PriceChange => ({
  id: c.id,
  status: c.status,
  oldLines: c.oldLines,
  oldTotal: c.oldTotal,
  newLines: c.newLines,
  newTotal: c.newTotal,
  reason: c.reason,
  createdAt: c.createdAt.toISOString(),
  decidedAt: c.decidedAt?.toISOString() ?? null,
});

/** Views that need signed URLs (files and images in object storage). */
export function createOrderViews(deps: {
  storage: Pick<ObjectStorage, 'signedGetUrl' | 'exists'>;
  now: Clock;
  /** How an order was paid (the payment module's record, with its coupon by name). */
  paidWith: (orderId: number) => Promise<OrderPaidWith | null>;
}) {
  const until = () => new Date(deps.now().getTime() + FILE_URL_TTL_MS);
  const stored = (key: string) => ({ key, url: deps.storage.signedGetUrl(key, until()) });

  function eqOf(e: OrderEqRow, order: Pick<OrderRow, 'orderNo' | 'kind'>): Eq {
    return {
      id: e.id,
      orderId: e.orderId,
      orderNo: order.orderNo,
      kind: order.kind,
      question: e.question,
      images: e.images.map(stored),
      options: e.options,
      status: e.status,
      createdAt: e.createdAt.toISOString(),
      answer:
        e.answeredAt === null
          ? null
          : {
              choice: e.answerChoice,
              text: e.answerText,
              images: (e.answerImages ?? []).map(stored),
              answeredAt: e.answeredAt.toISOString(),
            },
    };
  }

  async function fileUrl(key: string): Promise<string | null> {
    return (await deps.storage.exists(key)) ? deps.storage.signedGetUrl(key, until()) : null;
  }

  function memberRow(row: OrderListRow): MemberOrderRow {
    return {
      id: row.id,
      kind: row.kind,
      orderNo: row.orderNo,
      status: row.status,
      paramString: row.paramString,
      total: row.total,
      fileName: row.fileName,
      shipDate: row.shipDate,
      createdAt: row.createdAt.toISOString(),
      pendingPriceChange: row.pendingPriceChangeId !== null,
      openEqs: row.openEqCount,
      actions: allowedOrderActions(factsOf(row), 'member'),
    };
  }

  return {
    eqOf,
    memberRow,
    fileUrl,

    async memberDetail(
      row: OrderRow,
      extras: OrderExtras,
      reorderOf: Pick<OrderRow, 'id' | 'orderNo'> | null,
    ): Promise<MemberOrderDetail> {
      const pending =
        extras.priceChange && extras.priceChange.id === row.pendingPriceChangeId
          ? priceChangeOf(extras.priceChange)
          : null;
      return {
        ...memberRow(row),
        params: row.params,
        lines: row.lines,
        sheetVersion: row.sheetVersion,
        buildDays: row.buildDays,
        weightGrams: row.weightGrams,
        courier: row.courier,
        courierName: courierName(row.courier),
        invoice: row.invoice,
        invoiceName: invoiceLabels[row.invoice as InvoiceKind] ?? row.invoice,
        invoiceTitle: row.invoiceProfile?.title ?? null,
        receiver: row.receiver,
        contact: row.contact
          ? {
              contactName: row.contact.contactName,
              mobile: row.contact.mobile,
              email: row.contact.email,
            }
          : null,
        remark: row.remark,
        fileUrl: await fileUrl(row.fileKey),
        revision: row.revision,
        cancelReason: row.cancelReason,
        reorderOf: reorderOf ? { id: reorderOf.id, orderNo: reorderOf.orderNo } : null,
        priceChange: pending,
        eqs: extras.eqs.filter((e) => e.status !== 'withdrawn').map((e) => eqOf(e, row)),
        timeline: timelineOf(extras.process, true),
        productionSteps: productionStepsOf(row, extras.steps),
        parcels: extras.parcels.map(parcelOf),
        paidWith: await deps.paidWith(row.id),
        updatedAt: row.updatedAt.toISOString(),
      };
    },

    /** What staff see besides issue 11's detail: the lifecycle and what their roles may do. */
    async staffExtras(row: OrderRow, extras: OrderExtras, roles: readonly StaffRole[]) {
      return {
        timeline: timelineOf(extras.process, false),
        revision: row.revision,
        cancelReason: row.cancelReason,
        priceChange: extras.priceChange ? priceChangeOf(extras.priceChange) : null,
        eqs: extras.eqs.map((e) => eqOf(e, row)),
        productionSteps: productionStepsOf(row, extras.steps),
        parcels: extras.parcels.map(parcelOf),
        payment: extras.payment
          ? {
              amount: extras.payment.amount,
              bankReference: extras.payment.bankReference,
              payerName: extras.payment.payerName,
              receivedAt: extras.payment.receivedAt.toISOString(),
              recordedBy: extras.payment.staffName,
              createdAt: extras.payment.createdAt.toISOString(),
            }
          : null,
        paidWith: await deps.paidWith(row.id),
        actions: allowedOrderActions(factsOf(row), roles),
      };
    },
  };
}

export type OrderViews = ReturnType<typeof createOrderViews>;

/** The public look-up's view: masked receiver, status changes, steps, masked parcels. */
export function publicStateOf(
  row: OrderRow,
  extras: Pick<OrderExtras, 'process' | 'steps' | 'parcels'>,
): PublicOrderState {
  return {
    orderNo: row.orderNo,
    kind: row.kind,
    status: row.status,
    paramString: row.paramString,
    createdAt: row.createdAt.toISOString(),
    receiver: {
      receiverName: maskName(row.receiver.receiverName) ?? '',
      mobile: maskMobile(row.receiver.mobile),
      regionText: `${row.receiver.province}${row.receiver.city}`,
    },
    timeline: extras.process
      .filter((p) => p.fromStatus !== p.toStatus)
      .map((p) => ({
        fromStatus: p.fromStatus,
        toStatus: p.toStatus,
        at: p.createdAt.toISOString(),
      })),
    productionSteps: productionStepsOf(row, extras.steps),
    parcels: extras.parcels.map((p) => ({
      courierName: courierName(p.courier),
      trackingNo: maskTrackingNo(p.trackingNo),
      shippedAt: p.shippedAt.toISOString(),
      events: p.events.map((e) => ({ at: e.at.toISOString(), place: e.place, text: e.text })),
    })),
  };
}
