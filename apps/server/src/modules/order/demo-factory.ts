import { productionSteps, type ProductionStep } from '@pcb/contract';
import type { Courier } from '@pcb/pricing';
import { z } from 'zod';
import type { Executor, Tx } from '../../db/client';
import type { StaffWrite } from '../../http/define-route';
import type { Clock } from '../../lib/clock';
import { defineJob, type JobQueue, type JobRegistry } from '../../lib/jobs/job';
import { staffWriteIn, type RecordAudit, type StaffActorRef } from '../../lib/workflow/staff-write';
import type { OrderLifecycleRepository } from './order-lifecycle.repository';
import type { OrderRow } from './order.table';
import type { StaffOrderLifecycleService } from './staff-order-lifecycle.service';

/**
 * The demo factory (product decisions §6, decision 0048): outside production, a new order of a
 * demo member is moved through review, an offline payment, every production step, shipping with
 * a few parcel events and completion, one step per job, through the staff services a person in
 * the console would use — so the order's log, its messages and the audit read as they would.
 */

/** One step of an order's way through the factory, named as its job key names it. */
export type DemoStep =
  'pass' | 'payment' | `step-${ProductionStep}` | 'ship' | `track-${number}` | 'complete';

export const demoStepJob = defineJob(
  'order.demoStep',
  z.object({
    orderId: z.number().int().positive(),
    step: z.string().regex(/^(pass|payment|ship|complete|track-\d|step-[a-zA-Z]+)$/),
  }),
  { maxAttempts: 5 },
);

const demoStepKey = (orderId: number, step: string) => `order:${orderId}:demo:${step}`;

/** What the factory has done beyond the status: production steps and parcel events. */
export interface DemoProgress {
  steps: readonly ProductionStep[];
  parcels: readonly { id: number; events: number }[];
}

/** Where a parcel goes on its way, one event per step (the last is the receiver's city). */
const trackEvents = (row: OrderRow): { place: string; text: string }[] => [
  { place: '深圳市宝安区', text: '快件已由工厂发出，快递员已揽收' },
  { place: '深圳转运中心', text: '快件已到达深圳转运中心，正发往下一站' },
  {
    place: `${row.receiver.city}${row.receiver.county}`,
    text: '快件已到达派送网点，快递员正在派送',
  },
];

/**
 * The step that follows from the order's state, or null: nothing is left, or the order waits
 * on someone the factory does not play (a question or a new price for the member).
 */
export function nextDemoStep(row: OrderRow, progress: DemoProgress): DemoStep | null {
  switch (row.status) {
    case 'pendingReview':
      return 'pass';
    case 'awaitingPayment':
      return 'payment';
    case 'inProduction': {
      if (row.packedAt !== null) return 'ship';
      const next = productionSteps[row.kind][progress.steps.length];
      return next ? `step-${next}` : null;
    }
    case 'shipped': {
      const events = progress.parcels[0]?.events ?? 0;
      return events < trackEvents(row).length ? `track-${events + 1}` : 'complete';
    }
    default:
      return null;
  }
}

/** The staff endpoint each step stands for, as the audit log names it. */
const auditActionOf = (step: DemoStep): string =>
  step === 'pass'
    ? 'StaffOrder.Pass'
    : step === 'payment'
      ? 'StaffOrder.RecordPayment'
      : step === 'ship'
        ? 'StaffOrder.Ship'
        : step === 'complete'
          ? 'StaffOrder.Complete'
          : step.startsWith('track-')
            ? 'StaffOrder.AddParcelEvent'
            : 'StaffOrder.RecordStep';

/** A tracking number of the demo's own (unique per order, as a courier's would be). */
export const demoTrackingNo = (row: OrderRow) => `DEMO${row.orderNo}`;

/** Takes `step` on the locked `row` through the staff service, at `at`. */
export async function performDemoStep(
  staff: StaffOrderLifecycleService,
  w: StaffWrite,
  row: OrderRow,
  step: DemoStep,
  progress: DemoProgress,
  at: Date,
): Promise<void> {
  const iso = at.toISOString();
  if (step === 'pass') return staff.pass(w, row.id, '演示工厂：文件与参数检查无误');
  if (step === 'payment') {
    return staff.recordPayment(w, {
      id: row.id,
      amount: row.total,
      bankReference: `DEMO-${row.orderNo}`,
      payerName: row.receiver.company ?? row.receiver.receiverName,
      receivedAt: iso,
      note: '演示工厂模拟的公司转账',
    });
  }
  if (step === 'ship') {
    return staff.ship(w, {
      id: row.id,
      parcels: [{ courier: row.courier as Courier, trackingNo: demoTrackingNo(row) }],
      shippedAt: iso,
    });
  }
  if (step === 'complete') return staff.complete(w, row.id, '演示工厂：客户已签收');
  if (step.startsWith('track-')) {
    const parcel = progress.parcels[0];
    const event = trackEvents(row)[Number(step.slice('track-'.length)) - 1];
    if (!parcel || !event) throw new Error(`demo factory: no ${step} for order ${row.id}`);
    return staff.addParcelEvent(w, { parcelId: parcel.id, at: iso, ...event });
  }
  return staff.recordStep(w, {
    id: row.id,
    step: step.slice('step-'.length) as ProductionStep,
    doneAt: iso,
  });
}

export async function demoProgress(
  repository: OrderLifecycleRepository,
  orderId: number,
  ex: Executor,
): Promise<DemoProgress> {
  const [steps, parcels] = [
    await repository.steps(orderId, ex),
    await repository.parcels(orderId, ex),
  ];
  return {
    steps: steps.map((s) => s.step as ProductionStep),
    parcels: parcels.map((p) => ({ id: p.id, events: p.events.length })),
  };
}

/**
 * Takes the order's next step as `actor` in `tx` and answers the one after it (null: done).
 * Refuses (answers null, changing nothing) when the next step is not `expected`: someone else
 * moved the order since the step was planned, and the factory leaves it to them.
 */
export async function takeDemoStep(
  deps: {
    staff: StaffOrderLifecycleService;
    repository: OrderLifecycleRepository;
    record: RecordAudit;
    actor: StaffActorRef;
    origin: string;
  },
  tx: Tx,
  orderId: number,
  at: Date,
  expected?: DemoStep,
): Promise<{ taken: DemoStep; next: DemoStep | null } | null> {
  const row = await deps.repository.lock(tx, orderId);
  if (!row || row.deletedAt) return null;
  const progress = await demoProgress(deps.repository, orderId, tx);
  const step = nextDemoStep(row, progress);
  if (step === null || (expected !== undefined && step !== expected)) return null;
  const { write, finish } = staffWriteIn(tx, {
    actor: deps.actor,
    action: auditActionOf(step),
    origin: deps.origin,
    record: deps.record,
  });
  await performDemoStep(deps.staff, write, row, step, progress, at);
  finish();
  const after = await deps.repository.lock(tx, orderId);
  return {
    taken: step,
    next: after ? nextDemoStep(after, await demoProgress(deps.repository, orderId, tx)) : null,
  };
}

export const DEMO_FACTORY_ORIGIN = `job:${demoStepJob.name}`;

/**
 * The factory as a job chain: placing a demo member's order enqueues its first step (in the
 * placement's transaction); each step, taken in its own transaction, enqueues the next one in
 * the same transaction, after the pace (between one and two paces). Jobs are keyed per order
 * and step in `dedupe` mode: a step is queued once, and a retry finds the order already past it
 * and stops, so nothing is done twice.
 */
export function createDemoFactory(deps: {
  /** Null: the factory is off (always in production). */
  paceMs: number | null;
  jobs: JobQueue;
  staff: StaffOrderLifecycleService;
  repository: OrderLifecycleRepository;
  record: RecordAudit;
  isDemoMember: (memberId: number, ex: Executor) => Promise<boolean>;
  actor: () => Promise<StaffActorRef | null>;
  now: Clock;
  random?: () => number;
}) {
  const random = deps.random ?? Math.random;

  async function enqueue(tx: Tx, orderId: number, step: DemoStep, paceMs: number) {
    await deps.jobs.add(
      demoStepJob,
      { orderId, step },
      {
        delayMs: Math.round(paceMs * (1 + random())),
        key: demoStepKey(orderId, step),
        keyMode: 'dedupe',
        tx,
      },
    );
  }

  return {
    /** In the placement's transaction: a demo member's new order starts its way. */
    async startIn(tx: Tx, row: OrderRow): Promise<void> {
      if (deps.paceMs === null) return;
      if (!(await deps.isDemoMember(row.memberId, tx))) return;
      await enqueue(tx, row.id, 'pass', deps.paceMs);
    },

    /** One job: the planned step if the order is still where the factory left it. */
    async run(orderId: number, step: DemoStep): Promise<DemoStep | null> {
      const paceMs = deps.paceMs;
      if (paceMs === null) return null;
      const actor = await deps.actor();
      if (!actor) throw new Error('demo factory: its staff account is not seeded');
      return deps.repository.transaction(async (tx) => {
        const result = await takeDemoStep(
          { ...deps, actor, origin: DEMO_FACTORY_ORIGIN },
          tx,
          orderId,
          deps.now(),
          step,
        );
        if (result?.next) await enqueue(tx, orderId, result.next, paceMs);
        return result?.taken ?? null;
      });
    },
  };
}

export type DemoFactory = ReturnType<typeof createDemoFactory>;

export function registerDemoFactory(jobs: JobRegistry, factory: DemoFactory): void {
  jobs.handle(demoStepJob, async ({ orderId, step }, run) => {
    const taken = await factory.run(orderId, step as DemoStep);
    run.log.debug({ orderId, step, taken }, 'demo factory step');
  });
}
