import {
  deskCountedStatuses,
  deskStatusOf,
  maskMobile,
  type DeskStatusCounts,
  type OrderKind,
  type OrderStatus,
  type StaffOrderDetail,
  type StaffOrderRow,
  type StaffRole,
  type WorkQueueKey,
} from '@pcb/contract';
import {
  courierLabels,
  invoiceLabels,
  orderKindRegistry,
  orderKinds,
  type Courier,
  type InvoiceKind,
} from '@pcb/pricing';
import { AppError } from '../../http/errors';
import type { ObjectStorage } from '../../integrations/oss/object-storage';
import type { Clock } from '../../lib/clock';
import { mapPage, type PageRequest } from '../../db/paged-list';
import { maskName, type MemberApi } from '../member/member.module';
import { deskCondition, type OrderLifecycleRepository } from './order-lifecycle.repository';
import type { OrderViews } from './order-views';
import type { OrderFilter, OrderRepository } from './order.repository';
import type { OrderListRow } from './order.table';

export const ORDER_NOT_FOUND_MESSAGE = '订单不存在';
/** How long the design file's signed URL works for staff. */
const FILE_URL_TTL_MS = 5 * 60_000;
/** How many members a keyword may match for the order search. */
const KEYWORD_MEMBERS = 50;
/** An order number or its start: a kind's prefix (P, S, G), then digits. */
const ORDER_NO_PREFIX = new RegExp(
  `^[${orderKinds.map((k) => orderKindRegistry[k].orderNoPrefix).join('')}]\\d{0,12}$`,
  'i',
);

/** 科技园南区高新南七道 18 号 → 科技园南区**********: enough to tell addresses apart. */
export function maskAddress(address: string): string {
  const chars = [...address];
  const kept = Math.min(6, Math.ceil(chars.length / 3));
  return `${chars.slice(0, kept).join('')}${'*'.repeat(Math.max(1, chars.length - kept))}`;
}

/** `2026-11-26` in Asia/Shanghai. */
const shanghaiIsoDay = (at: Date) =>
  new Date(at.getTime() + 8 * 3_600_000).toISOString().slice(0, 10);

/** What the desk filters by besides the status. */
interface DeskFilters {
  kind?: OrderKind | undefined;
  queue?: WorkQueueKey | undefined;
  keyword?: string | undefined;
  dateFrom?: string | undefined;
  dateTo?: string | undefined;
}

/** Orders as staff see them: the new ones first, member data masked (product decisions §5). */
export function createStaffOrderService(deps: {
  repository: OrderRepository;
  lifecycle: OrderLifecycleRepository;
  views: OrderViews;
  member: Pick<MemberApi, 'namesOf' | 'console'>;
  storage: Pick<ObjectStorage, 'signedGetUrl' | 'exists'>;
  now: Clock;
}) {
  const { repository } = deps;

  async function rows(list: OrderListRow[]): Promise<StaffOrderRow[]> {
    const members = await deps.member.namesOf(list.map((r) => r.memberId));
    return list.map((row) => ({
      id: row.id,
      kind: row.kind,
      orderNo: row.orderNo,
      status: row.status,
      member: members.get(row.memberId)!,
      paramString: row.paramString,
      total: row.total,
      sheetVersion: row.sheetVersion,
      shipDate: row.shipDate,
      fileName: row.fileName,
      createdAt: row.createdAt.toISOString(),
    }));
  }

  /** The desk's filters as the repository's (the keyword finds order numbers or members). */
  async function filterOf(input: DeskFilters, status: OrderStatus | 'all'): Promise<OrderFilter> {
    const keyword = input.keyword?.trim();
    const at = deps.now();
    const filter: OrderFilter = {
      kind: input.kind,
      status: status === 'all' ? undefined : status,
      where: deskCondition(input, at, shanghaiIsoDay(at)),
    };
    if (keyword) {
      // An order number (or its start), else members by mobile or name.
      if (ORDER_NO_PREFIX.test(keyword)) filter.orderNoPrefix = keyword.toUpperCase();
      filter.memberIds = await deps.member.console.matchingIds(keyword, KEYWORD_MEMBERS);
    }
    return filter;
  }

  return {
    async list(
      input: DeskFilters & { status?: OrderStatus | 'all' | undefined },
      page: PageRequest,
      roles: readonly StaffRole[] = ['admin'],
    ) {
      // No status: what the role works on first; with a keyword or a queue, any status.
      const filter = await filterOf(input, deskStatusOf(input, roles));
      return mapPage(await repository.list(filter, page), rows);
    },

    /** The desk's chips: the statuses with work, under the list's other filters. */
    async statusCounts(input: Omit<DeskFilters, 'queue'>): Promise<DeskStatusCounts> {
      const found = await repository.countByStatus(
        await filterOf(input, 'all'),
        deskCountedStatuses,
      );
      const counts = Object.fromEntries(deskCountedStatuses.map((s) => [s, 0])) as DeskStatusCounts;
      for (const { status, n } of found) counts[status as keyof DeskStatusCounts] = n;
      return counts;
    },

    async get(id: number, roles: readonly StaffRole[] = ['admin']): Promise<StaffOrderDetail> {
      const row = await repository.find(id);
      if (!row || row.deletedAt) throw new AppError(404, ORDER_NOT_FOUND_MESSAGE);
      const [view] = await rows([row]);
      const extras = await deps.lifecycle.extras(id);
      const process = extras.process;
      const r = row.receiver;
      return {
        ...view!,
        params: row.params,
        lines: row.lines,
        buildDays: row.buildDays,
        weightGrams: row.weightGrams,
        courier: courierLabels[row.courier as Courier] ?? row.courier,
        invoice: invoiceLabels[row.invoice as InvoiceKind] ?? row.invoice,
        receiver: {
          receiverName: maskName(r.receiverName) ?? '',
          mobile: maskMobile(r.mobile),
          regionText: `${r.province}${r.city}${r.county}`,
          address: maskAddress(r.address),
        },
        contact: row.contact
          ? {
              contactName: maskName(row.contact.contactName) ?? '',
              mobile: maskMobile(row.contact.mobile),
            }
          : null,
        invoiceTitle: row.invoiceProfile?.title ?? null,
        remark: row.remark,
        fileUrl: (await deps.storage.exists(row.fileKey))
          ? deps.storage.signedGetUrl(row.fileKey, new Date(deps.now().getTime() + FILE_URL_TTL_MS))
          : null,
        process: process.map((p) => ({
          fromStatus: p.fromStatus,
          toStatus: p.toStatus,
          note: p.note,
          actor: p.actor,
          createdAt: p.createdAt.toISOString(),
        })),
        ...(await deps.views.staffExtras(row, extras, roles)),
      };
    },
  };
}

export type StaffOrderService = ReturnType<typeof createStaffOrderService>;
