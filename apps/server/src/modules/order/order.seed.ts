import { sql } from 'drizzle-orm';
import { orderFileDirType, productionSteps, type OrderStatus } from '@pcb/contract';
import {
  defaultPcbParams,
  defaultSmtParams,
  defaultStencilParams,
  type KindParams,
  type PriceSheet,
} from '@pcb/pricing';
import type { Db, Tx } from '../../db/client';
import { ObjectStorageError, type ObjectStorage } from '../../integrations/oss/object-storage';
import { staffWriteIn, type StaffActorRef } from '../../lib/workflow/staff-write';
import type { SeedContext, SeedTx } from '../app-module';
import type { Clock } from '../../lib/clock';
import { seedInvoiceProfiles } from '../member-invoice/member-invoice.module';
import type { PayableOrders } from '../payment/payment.module';
import { createPayableOrders } from './order-payments';
import { seedAuditRecorder } from '../audit/audit.module';
import { seedMessageSender } from '../member-message/member-message.module';
import { DEMO_MOBILE, memberIdByMobile } from '../member/member.module';
import { buildWorkCalendar } from '../price-sheet/price-sheet.module';
import { DEMO_FACTORY_STAFF, staffActorByUserName } from '../staff/staff.module';
import { seedOfflinePayments } from '../payment/payment.module';
import { recordSeededUpload } from '../upload/upload.module';
import { demoGerberZip } from './demo-gerber';
import { demoProgress, takeDemoStep, type DemoProgress } from './demo-factory';
import { createOrderLifecycle } from './order-lifecycle';
import { createOrderLifecycleRepository } from './order-lifecycle.repository';
import { createOrderRepository } from './order.repository';
import { priceOrder } from './order-pricing';
import { invoiceSnapshotOf, recordOrderIn } from './order.service';
import type { OrderRow, ReceiverSnapshot } from './order.table';
import { createStaffOrderLifecycleService } from './staff-order-lifecycle.service';

/** Which of the demo member's credit (月结) history a demo order is, paid by the credit seed. */
export type DemoCreditRole = 'repaidBill' | 'openBill' | 'unbilled';

/**
 * Where a demo order is brought: a status, and for 待确认 what waits for the member. `stepHours`:
 * its steps that far apart from the placing (else spread up to now); `invoice`: placed with a
 * 普票 to the member's default profile; `credit`: left in 待付款 for the credit seed to pay on
 * credit (月结) and bill, as this part of the history.
 */
type DemoOrder = KindParams & {
  hoursAgo: number;
  fileName: string;
  status: OrderStatus;
  waitsOn?: 'eq' | 'price';
  stepHours?: number;
  invoice?: 'vatPlain';
  credit?: DemoCreditRole;
};

const demoBoard = { ...defaultPcbParams, lengthMm: 50, widthMm: 40 };

/**
 * The demo member's orders: PCB in every status, SMT and stencils in several. The first seven
 * were placed by earlier versions of this seed (same request ids), so an older database gets
 * them moved too; the design files are all the demo Gerber zip.
 */
const demoOrders: DemoOrder[] = [
  {
    kind: 'pcb',
    params: defaultPcbParams,
    hoursAgo: 30,
    fileName: '主控板V1.2.zip',
    status: 'completed',
  },
  {
    kind: 'pcb',
    params: {
      ...defaultPcbParams,
      layers: 4,
      lengthMm: 150,
      quantity: 50,
      test: 'flyingProbeFull',
      finish: 'enig1u',
    },
    hoursAgo: 20,
    fileName: '电源模块-4层.zip',
    status: 'inProduction',
  },
  {
    kind: 'pcb',
    params: { ...defaultPcbParams, lengthMm: 200, widthMm: 150, quantity: 500, maskColor: 'black' },
    hoursAgo: 3,
    fileName: 'LED驱动板.zip',
    status: 'pendingReview',
  },
  {
    kind: 'smt',
    params: defaultSmtParams,
    hoursAgo: 26,
    fileName: '主控板SMT资料.zip',
    status: 'shipped',
  },
  {
    kind: 'smt',
    params: { ...defaultSmtParams, quantity: 100, sides: 'double', smdJoints: 420, dipJoints: 12 },
    hoursAgo: 5,
    fileName: '传感器板BOM坐标.zip',
    status: 'awaitingPayment',
  },
  {
    kind: 'stencil',
    params: defaultStencilParams,
    hoursAgo: 28,
    fileName: '主控板钢网.zip',
    status: 'completed',
  },
  {
    kind: 'stencil',
    params: { ...defaultStencilParams, electropolish: true, fiducials: 'halfLasered' },
    hoursAgo: 2,
    fileName: '电源模块钢网.zip',
    status: 'awaitingConfirmation',
    waitsOn: 'eq',
  },
  {
    kind: 'pcb',
    params: { ...demoBoard, quantity: 20 },
    hoursAgo: 8,
    fileName: '蓝牙模块.zip',
    status: 'awaitingConfirmation',
    waitsOn: 'price',
  },
  {
    kind: 'pcb',
    params: { ...demoBoard, quantity: 30, finish: 'enig1u' },
    hoursAgo: 10,
    fileName: '温控板.zip',
    status: 'awaitingPayment',
  },
  {
    kind: 'pcb',
    params: { ...demoBoard, quantity: 100, maskColor: 'black' },
    hoursAgo: 54,
    fileName: '网关主板.zip',
    status: 'shipped',
  },
  {
    kind: 'pcb',
    params: { ...demoBoard, quantity: 5 },
    hoursAgo: 40,
    fileName: '电机驱动板.zip',
    status: 'cancelled',
  },
  // Paid on credit (月结) with a 普票, by the credit seed: two months' bills and this month's.
  {
    kind: 'pcb',
    params: {
      ...defaultPcbParams,
      lengthMm: 120,
      widthMm: 80,
      quantity: 100,
      layers: 4,
      test: 'flyingProbeFull',
    },
    hoursAgo: 24 * 45,
    stepHours: 2,
    fileName: '工控主板-4层.zip',
    status: 'awaitingPayment',
    invoice: 'vatPlain',
    credit: 'repaidBill',
  },
  {
    kind: 'stencil',
    params: defaultStencilParams,
    hoursAgo: 24 * 42,
    stepHours: 2,
    fileName: '工控主板钢网.zip',
    status: 'awaitingPayment',
    invoice: 'vatPlain',
    credit: 'repaidBill',
  },
  {
    kind: 'pcb',
    params: { ...defaultPcbParams, lengthMm: 100, widthMm: 100, quantity: 200 },
    hoursAgo: 24 * 30,
    stepHours: 2,
    fileName: '显示驱动板.zip',
    status: 'awaitingPayment',
    invoice: 'vatPlain',
    credit: 'openBill',
  },
  {
    kind: 'smt',
    params: { ...defaultSmtParams, quantity: 50, smdJoints: 300 },
    hoursAgo: 24 * 12,
    stepHours: 2,
    fileName: '显示驱动板SMT资料.zip',
    status: 'awaitingPayment',
    invoice: 'vatPlain',
    credit: 'openBill',
  },
  {
    kind: 'pcb',
    params: { ...demoBoard, quantity: 100, finish: 'enig1u' },
    hoursAgo: 30,
    stepHours: 1,
    fileName: '采集板.zip',
    status: 'awaitingPayment',
    invoice: 'vatPlain',
    credit: 'unbilled',
  },
];

const demoRequestId = (i: number) => `00000000-0000-4000-8000-${String(i + 1).padStart(12, '0')}`;

/** Steps an order takes to its demo status, to spread them over the time since it was placed. */
function plannedSteps(demo: DemoOrder): number {
  const production = productionSteps[demo.kind].length;
  switch (demo.status) {
    case 'completed':
      return 2 + production + 1 + 3 + 1;
    case 'shipped':
      return 2 + production + 1 + 2;
    case 'inProduction':
      return 2 + Math.ceil(production / 2);
    case 'cancelled':
      return 2;
    default:
      return 1;
  }
}

/** Whether the order is where its demo status wants it (for the statuses the factory reaches). */
function reached(demo: DemoOrder, row: OrderRow, progress: DemoProgress): boolean {
  if (row.status !== demo.status) return false;
  if (demo.status === 'inProduction')
    return progress.steps.length >= Math.ceil(productionSteps[demo.kind].length / 2);
  if (demo.status === 'shipped') return (progress.parcels[0]?.events ?? 0) >= 2;
  return true;
}

/**
 * The demo member's orders (product decisions §6, decision 0048), priced by the server's own
 * path with the published sheet and brought to their statuses by the real staff actions, as
 * the demo factory's account (演示工厂), each audited, each move logged and told to the member,
 * dated between the placing and now. Fixed request ids keep it idempotent: an order is placed
 * once, and moved only while it is as the seed placed it (待审核, nothing else in its log).
 * Each design file is a small real Gerber zip in the object storage, recorded as the member's
 * upload, so download, replace and reorder work.
 */
export async function seedOrders({ tx, now, storage }: SeedContext): Promise<void> {
  const memberId = await memberIdByMobile(tx, DEMO_MOBILE);
  if (memberId === null) return;
  const receivers = await tx.execute<{
    id: number;
    receiver_name: string;
    mobile: string;
    region_code: string;
    province: string;
    city: string;
    county: string;
    address: string;
    postcode: string | null;
    company: string | null;
  }>(sql`SELECT * FROM member_receiver WHERE member_id = ${memberId} ORDER BY is_default DESC, id`);
  const sheets = await tx.execute<{ sheet: PriceSheet }>(
    sql`SELECT sheet FROM price_sheet WHERE status = 'published'`,
  );
  const sheet = sheets.rows[0]?.sheet;
  const actor = await staffActorByUserName(tx, DEMO_FACTORY_STAFF.userName);
  if (receivers.rows.length === 0 || !sheet || !actor) return;
  const receiverOf = (i: number): ReceiverSnapshot => {
    const r = receivers.rows[i % receivers.rows.length]!;
    return {
      receiverId: r.id,
      receiverName: r.receiver_name,
      mobile: r.mobile,
      regionCode: r.region_code,
      province: r.province,
      city: r.city,
      county: r.county,
      address: r.address,
      postcode: r.postcode,
      company: r.company,
    };
  };
  // The seed runs in one transaction; the repositories' writes all take it explicitly.
  const repository = createOrderRepository(tx as unknown as Db);
  const mover = demoMover(tx, actor);
  const { calendar } = buildWorkCalendar(now);
  const zip = demoGerberZip();
  // As placing an order with an invoice does: a copy of the profile on the order.
  const profile = await seedInvoiceProfiles(tx, () => now).findDefault(memberId);
  const invoiceProfile = profile ? invoiceSnapshotOf(profile) : null;
  for (const [i, demo] of demoOrders.entries()) {
    const requestId = demoRequestId(i);
    let row = await repository.findByRequest(memberId, requestId, tx);
    if (!row) {
      const at = new Date(now.getTime() - demo.hoursAgo * 3_600_000);
      const values = priceOrder({
        kind: demo.kind,
        memberId,
        params: demo.params,
        sheet,
        calendar,
        orderedAt: at,
        receiver: receiverOf(i),
        courier: i % 2 === 0 ? 'sf' : 'zto',
        contact: null,
        invoice: demo.invoice && invoiceProfile ? demo.invoice : 'none',
        invoiceProfile: demo.invoice ? invoiceProfile : null,
        fileKey: `${demo.kind}File/${memberId}/demo-${i + 1}${demo.fileName.slice(demo.fileName.lastIndexOf('.'))}`,
        fileName: demo.fileName,
        remark: i === 1 ? '请尽快安排，谢谢' : null,
        requestId,
        // Seeded as placed before the member had any grade.
        memberPerk: null,
      });
      row = await recordOrderIn(tx, repository, values, at);
      if (!row) continue;
    }
    // Earlier seeds named some files .rar or .pdf: those keys stay without an object.
    if (row.fileKey.endsWith('.zip') && (await storedDemoFile(storage, row.fileKey, zip))) {
      await recordSeededUpload(tx, {
        key: row.fileKey,
        memberId,
        dirType: orderFileDirType[demo.kind],
        at: row.createdAt,
      });
    }
    if (demo.status !== 'pendingReview' && (await mover.untouched(row))) {
      await mover.bring(row, demo, now);
    }
  }
}

/**
 * The demo file under `key`, stored unless it is there; false when the storage cannot be
 * reached (a development machine offline with OSS configured): the demo then goes without the
 * file rather than the server without a start.
 */
async function storedDemoFile(storage: ObjectStorage, key: string, zip: Uint8Array) {
  try {
    if (!(await storage.exists(key))) await storage.put(key, zip, 'application/zip');
    return true;
  } catch (error) {
    if (error instanceof ObjectStorageError) return false;
    throw error;
  }
}

/** Moves demo orders through the staff services, on the seed's transaction and its own clock. */
function demoMover(tx: Tx, actor: StaffActorRef) {
  let current = new Date();
  const clock = () => current;
  const sendIn = seedMessageSender(tx, clock);
  const record = seedAuditRecorder(tx, clock);
  const db = tx as unknown as Db;
  const repository = createOrderLifecycleRepository(db);
  const lifecycle = createOrderLifecycle({
    repository,
    orders: createOrderRepository(db),
    notifier: { notifyIn: async (inner, notice) => void (await sendIn(inner, notice)) },
    now: clock,
  });
  const staff = createStaffOrderLifecycleService({
    lifecycle,
    repository,
    uploads: {
      assertUploadedByStaff: () => {
        throw new Error('the demo seed asks its questions without images');
      },
    },
    payments: seedOfflinePayments(tx, clock),
    now: clock,
  });
  const factory = { staff, repository, record, actor, origin: 'seed' };
  const writeAs = (action: string) =>
    staffWriteIn(tx, { actor, action, origin: factory.origin, record });

  return {
    /** A paid order brought on to 已完成 by the factory's steps, spread from `from` to `to`. */
    async complete(orderId: number, from: Date, to: Date): Promise<void> {
      const stepMs = (to.getTime() - from.getTime()) / 24;
      current = from;
      for (let guard = 0; guard < 40; guard++) {
        current = new Date(Math.min(current.getTime() + stepMs, to.getTime()));
        if (!(await takeDemoStep(factory, tx, orderId, current))) return;
      }
    },

    async untouched(row: OrderRow): Promise<boolean> {
      return row.status === 'pendingReview' && (await repository.process(row.id, tx)).length === 1;
    },

    async bring(row: OrderRow, demo: DemoOrder, now: Date): Promise<void> {
      const start = row.createdAt.getTime();
      const stepMs =
        demo.stepHours !== undefined
          ? demo.stepHours * 3_600_000
          : Math.max(now.getTime() - start - 10 * 60_000, 0) / (plannedSteps(demo) + 1);
      let taken = 0;
      const tick = () => {
        taken++;
        current = new Date(start + stepMs * taken);
      };
      if (demo.status === 'awaitingConfirmation') {
        tick();
        const w = writeAs(
          demo.waitsOn === 'price' ? 'StaffOrder.ChangePrice' : 'StaffOrder.RaiseEq',
        );
        if (demo.waitsOn === 'price') {
          await staff.changePrice(w.write, {
            id: row.id,
            lines: [
              ...row.lines.map((l) => ({ code: l.code, name: l.name, amount: l.amount })),
              { code: 'impedanceReport', name: '阻抗测试报告', amount: 3000 },
            ],
            reason: '板上有阻抗要求，需加做阻抗条与测试报告',
          });
        } else {
          await staff.raiseEq(w.write, {
            id: row.id,
            question: '钢网文件中有两处焊盘开口小于0.2mm，是否按1:1开口，还是外扩0.02mm？',
            images: [],
            options: ['按1:1开口', '外扩0.02mm'],
          });
        }
        w.finish();
        return;
      }
      for (let guard = 0; guard < 40; guard++) {
        const locked = await repository.lock(tx, row.id);
        if (!locked) return;
        const progress = await demoProgress(repository, row.id, tx);
        if (reached(demo, locked, progress)) return;
        tick();
        if (demo.status === 'cancelled' && locked.status === 'awaitingPayment') {
          const w = writeAs('StaffOrder.Cancel');
          await staff.cancel(w.write, row.id, '客户改用其他方案，来电要求取消');
          w.finish();
          continue;
        }
        if (!(await takeDemoStep(factory, tx, row.id, current))) {
          throw new Error(`demo seed: order ${row.orderNo} cannot reach ${demo.status}`);
        }
      }
      throw new Error(`demo seed: order ${row.orderNo} did not reach ${demo.status}`);
    },
  };
}

/**
 * For the credit seed (listed below this module): the demo orders this seed left in 待付款 for
 * it to pay on credit, in the list's order, each with its part of the credit history; none once
 * they were paid.
 */
export async function demoOrdersForCredit(
  tx: SeedTx,
  memberId: number,
): Promise<{ order: OrderRow; role: DemoCreditRole }[]> {
  const repository = createOrderRepository(tx as unknown as Db);
  const found: { order: OrderRow; role: DemoCreditRole }[] = [];
  for (const [i, demo] of demoOrders.entries()) {
    if (!demo.credit) continue;
    const row = await repository.findByRequest(memberId, demoRequestId(i), tx);
    if (row?.status === 'awaitingPayment') found.push({ order: row, role: demo.credit });
  }
  return found;
}

/**
 * For later modules' seeds: the order side of paying (`PayableOrders`' lock and 待付款 → 生产中,
 * logged and told to the member) on the seed's transaction, dated by `now`.
 */
export function seedPayableOrders(
  tx: SeedTx,
  now: Clock,
): Pick<PayableOrders, 'lock' | 'markPaid'> {
  const db = tx as unknown as Db;
  const sendIn = seedMessageSender(tx, now);
  const repository = createOrderLifecycleRepository(db);
  const lifecycle = createOrderLifecycle({
    repository,
    orders: createOrderRepository(db),
    notifier: { notifyIn: async (inner, notice) => void (await sendIn(inner, notice)) },
    now,
  });
  return createPayableOrders({ lifecycle, repository });
}

/**
 * For the credit seed: a demo order it paid taken on to 已完成 (production, shipping with its
 * parcel events, completion) by the demo factory's steps as 演示工厂, each audited, between
 * `from` (its payment) and `to`.
 */
export async function seedCompleteDemoOrder(
  tx: SeedTx,
  orderId: number,
  from: Date,
  to: Date,
): Promise<void> {
  const actor = await staffActorByUserName(tx, DEMO_FACTORY_STAFF.userName);
  if (!actor || to <= from) return;
  await demoMover(tx, actor).complete(orderId, from, to);
}
