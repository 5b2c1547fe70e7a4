import { createHash } from 'node:crypto';
import {
  orderFileDirType,
  type InvoiceProfile,
  type OrderKind,
  type PlacedOrder,
} from '@pcb/contract';
import { orderKindRegistry, type Courier, type InvoiceKind, type ParamsOf } from '@pcb/pricing';
import type { Tx } from '../../db/client';
import { AppError } from '../../http/errors';
import type { Clock } from '../../lib/clock';
import type { MemberGradeApi } from '../member-grade/member-grade.module';
import type { MemberContactApi } from '../member-contact/member-contact.module';
import type { MemberInvoiceApi } from '../member-invoice/member-invoice.module';
import type { MemberReceiverApi } from '../member-receiver/member-receiver.module';
import { RECEIVER_NOT_FOUND_MESSAGE } from '../member-receiver/member-receiver.module';
import type { PriceSheetApi } from '../price-sheet/price-sheet.module';
import type { UploadApi } from '../upload/upload.module';
import type { NewOrder, OrderRepository } from './order.repository';
import { createOrderPricing, receiverSnapshot } from './order-pricing';
import type { ContactSnapshot, InvoiceSnapshot, OrderRow } from './order.table';
import { priceOrRefuse } from './quote.service';

export const CONTACT_NOT_FOUND_MESSAGE = '联系人不存在';
export const INVOICE_PROFILE_REQUIRED_MESSAGE = '请选择开票资料';
export const INVOICE_PROFILE_NOT_FOUND_MESSAGE = '开票资料不存在';
export const VAT_SPECIAL_PROFILE_MESSAGE =
  '增值税专用发票需要完整的企业开票资料（专票抬头，企业认证通过）';
export const FILE_NOT_FOUND_MESSAGE = '请上传本订单的设计文件';
/** A request id already placed an order of another kind or with other choices (409). */
export const REQUEST_REUSED_MESSAGE = '该请求编号已用于另一笔订单，请刷新页面后重新提交';

const SHANGHAI_OFFSET_MS = 8 * 3_600_000;
/** `20261126`: the order's day in Asia/Shanghai. */
export const shanghaiDay = (at: Date): string =>
  new Date(at.getTime() + SHANGHAI_OFFSET_MS).toISOString().slice(0, 10).replaceAll('-', '');

/** What a member submits with any kind of order (the contract's place-order fields). */
export interface PlaceInput {
  sheetVersion: number;
  expectedTotal: number;
  receiverId: number;
  courier: Courier;
  contactId?: number | undefined;
  invoice: InvoiceKind;
  invoiceProfileId?: number | undefined;
  fileKey: string;
  fileName: string;
  remark?: string | undefined;
  requestId: string;
}

export const toPlacedOrder = (row: OrderRow): PlacedOrder => ({
  id: row.id,
  kind: row.kind,
  orderNo: row.orderNo,
  status: row.status,
  total: row.total,
  lines: row.lines,
  sheetVersion: row.sheetVersion,
  buildDays: row.buildDays,
  shipDate: row.shipDate,
  paramString: row.paramString,
  createdAt: row.createdAt.toISOString(),
});

/** JSON with its keys sorted, so that the same request always reads the same. */
const canonicalJson = (value: unknown): string =>
  JSON.stringify(value, (_key, inner: unknown) =>
    inner && typeof inner === 'object' && !Array.isArray(inner)
      ? Object.fromEntries(Object.entries(inner).sort(([a], [b]) => (a < b ? -1 : 1)))
      : inner,
  );

/**
 * What a request asked for, as one hash: its kind, parameters and every choice but the request
 * id itself. A retry of the same submission has the same digest; anything else does not.
 */
export function requestDigest(kind: OrderKind, params: unknown, input: PlaceInput): string {
  const { requestId: _requestId, ...choices } = input;
  return createHash('sha256').update(canonicalJson({ kind, params, choices })).digest('hex');
}

/**
 * The order a request id already placed, when the request asks for the same thing (a retry);
 * 409 when the id placed an order of another kind or with other choices.
 */
function sameRequest(row: OrderRow, kind: OrderKind, digest: string): OrderRow {
  if (row.kind !== kind || (row.requestDigest !== null && row.requestDigest !== digest)) {
    throw new AppError(409, REQUEST_REUSED_MESSAGE, { field: 'requestId' });
  }
  return row;
}

/** What the first line of an order's process log says: the member placed it. */
export const PLACED_NOTE = '会员下单';

/** The first line of a reorder's log: placed again from the order it copies (返单). */
export const reorderNote = (sourceOrderNo: string) => `返单：原订单${sourceOrderNo}`;

/**
 * Records a priced order in `tx` with the next number of its prefix and day, and the first line
 * of its process log (`note`: 会员下单, or a reorder's origin). Undefined when the member's
 * request id is already an order.
 */
export async function recordOrderIn(
  tx: Tx,
  repository: OrderRepository,
  values: NewOrder,
  at: Date,
  note: string = PLACED_NOTE,
): Promise<OrderRow | undefined> {
  const prefix = orderKindRegistry[values.kind].orderNoPrefix;
  const day = shanghaiDay(at);
  const n = await repository.nextSequence(tx, prefix, day);
  const orderNo = `${prefix}${day}${String(n).padStart(4, '0')}`;
  const row = await repository.insert(tx, { ...values, orderNo }, at);
  if (!row) return undefined;
  await repository.logProcess(tx, {
    orderId: row.id,
    fromStatus: null,
    toStatus: 'pendingReview',
    note,
    actor: '会员',
    createdAt: at,
  });
  return row;
}

class AlreadyPlaced extends Error {}

/** Work in the transaction of a new order (the demo factory's first step is queued there). */
export type OrderPlacedHook = (tx: Tx, row: OrderRow) => Promise<void>;

/**
 * `recordOrderIn` in its own transaction. A request id the member already used gives back that
 * order when it asked for the same (409 otherwise): the unique key on the member and request id
 * decides between parallel requests, whatever their kinds, and the loser rolls back its number.
 */
export async function recordOrder(
  repository: OrderRepository,
  values: NewOrder & { requestDigest: string },
  at: Date,
  onPlaced?: OrderPlacedHook,
  note?: string,
): Promise<OrderRow> {
  try {
    return await repository.transaction(async (tx) => {
      const row = await recordOrderIn(tx, repository, values, at, note);
      if (!row) throw new AlreadyPlaced();
      await onPlaced?.(tx, row);
      return row;
    });
  } catch (error) {
    if (!(error instanceof AlreadyPlaced)) throw error;
    const existing = await repository.findByRequest(values.memberId, values.requestId);
    if (!existing) throw error;
    return sameRequest(existing, values.kind, values.requestDigest);
  }
}

/** The invoice profile as the order keeps it (the order's own copy: a later edit changes none). */
export const invoiceSnapshotOf = (profile: InvoiceProfile): InvoiceSnapshot => ({
  invoiceProfileId: profile.id,
  invoiceType: profile.invoiceType,
  titleType: profile.titleType,
  title: profile.title,
  taxNumber: profile.taxNumber,
  registeredAddress: profile.registeredAddress,
  registeredPhone: profile.registeredPhone,
  bankName: profile.bankName,
  bankAccount: profile.bankAccount,
  email: profile.email,
});

/**
 * Placing an order (Pcb/SaveOrder, Smt/Create, Stencil/Create): the parameters, the member's
 * own receiver, contact, invoice profile and uploaded file are checked, the server reprices
 * with the published sheet, and a price or version other than the page's is a 409 with nothing
 * saved. The price is never taken from the client.
 */
export function createOrderService(deps: {
  repository: OrderRepository;
  priceSheets: PriceSheetApi;
  receivers: Pick<MemberReceiverApi, 'findForMember'>;
  contacts: MemberContactApi;
  invoices: Pick<MemberInvoiceApi, 'findOwned'>;
  uploads: Pick<UploadApi, 'assertUploaded'>;
  grades: Pick<MemberGradeApi, 'perkOf'>;
  now: Clock;
  onPlaced?: OrderPlacedHook;
}) {
  const { repository } = deps;
  const pricing = createOrderPricing(deps);

  async function invoiceSnapshot(
    memberId: number,
    input: PlaceInput,
  ): Promise<InvoiceSnapshot | null> {
    if (input.invoice === 'none') return null;
    if (input.invoiceProfileId === undefined) {
      throw new AppError(400, INVOICE_PROFILE_REQUIRED_MESSAGE, { field: 'invoiceProfileId' });
    }
    const profile = await deps.invoices.findOwned(memberId, input.invoiceProfileId);
    if (!profile) {
      throw new AppError(400, INVOICE_PROFILE_NOT_FOUND_MESSAGE, { field: 'invoiceProfileId' });
    }
    if (
      input.invoice === 'vatSpecial' &&
      (profile.invoiceType !== 'special' || !profile.isUsable)
    ) {
      throw new AppError(400, VAT_SPECIAL_PROFILE_MESSAGE, { field: 'invoiceProfileId' });
    }
    return invoiceSnapshotOf(profile);
  }

  return {
    async place<K extends OrderKind>(
      kind: K,
      memberId: number,
      params: ParamsOf[K],
      input: PlaceInput,
    ): Promise<PlacedOrder> {
      // A retry of a placed order answers that order, whatever happened to prices since; the
      // id reused for another kind or other choices is refused.
      const digest = requestDigest(kind, params, input);
      const placed = await repository.findByRequest(memberId, input.requestId);
      if (placed) return toPlacedOrder(sameRequest(placed, kind, digest));

      const published = await deps.priceSheets.published({ fresh: true });
      priceOrRefuse(kind, published.sheet, params, {}, 'params.');

      const receiver = await deps.receivers.findForMember(memberId, input.receiverId);
      if (!receiver) throw new AppError(400, RECEIVER_NOT_FOUND_MESSAGE, { field: 'receiverId' });
      let contact: ContactSnapshot | null = null;
      if (input.contactId !== undefined) {
        const found = await deps.contacts.findOwned(memberId, input.contactId);
        if (!found) throw new AppError(400, CONTACT_NOT_FOUND_MESSAGE, { field: 'contactId' });
        contact = {
          contactId: found.id,
          contactName: found.contactName,
          mobile: found.mobile,
          email: found.email,
        };
      }
      const invoiceProfile = await invoiceSnapshot(memberId, input);
      await deps.uploads.assertUploaded(
        memberId,
        input.fileKey,
        orderFileDirType[kind],
        FILE_NOT_FOUND_MESSAGE,
        'fileKey',
      );

      // The grade's perks now, kept with the order (decision 0071).
      const memberPerk = await deps.grades.perkOf(memberId);
      const at = deps.now();
      const values = pricing.price(
        kind,
        params,
        {
          memberId,
          receiver: receiverSnapshot(receiver),
          courier: input.courier,
          contact,
          invoice: input.invoice,
          invoiceProfile,
          fileKey: input.fileKey,
          fileName: input.fileName,
          remark: input.remark || null,
          requestId: input.requestId,
          memberPerk,
        },
        published,
        { orderedAt: at },
      );
      pricing.assertAsShown(input, published, values);
      return toPlacedOrder(
        await recordOrder(repository, { ...values, requestDigest: digest }, at, deps.onPlaced),
      );
    },
  };
}

export type OrderService = ReturnType<typeof createOrderService>;
