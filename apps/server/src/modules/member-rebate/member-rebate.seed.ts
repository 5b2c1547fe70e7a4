import { eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { staffWriteIn } from '../../lib/workflow/staff-write';
import type { SeedContext } from '../app-module';
import { seedAuditRecorder } from '../audit/audit.module';
import { DEMO_MOBILE, memberIdByMobile } from '../member/member.module';
import { staffActorByUserName } from '../staff/staff.module';
import { createCouponAdminService } from './coupon-admin.service';
import { termsOf } from './coupon-terms';
import { createMemberRebateRepository } from './member-rebate.repository';
import {
  couponBundleItem,
  couponCampaign,
  couponTemplate,
  memberCoupon,
  type CouponTemplateRow,
} from './member-rebate.table';

const DAY_MS = 86_400_000;

type SeedTemplate = Omit<typeof couponTemplate.$inferInsert, 'createdAt'> & { code: string };

/** Demo templates (product decisions §6), by their natural key. */
const templates = (now: Date): SeedTemplate[] => [
  {
    code: 'reg-pcb-20',
    name: '新人PCB券',
    serviceType: 'pcb',
    amountFen: 2_000,
    minOrderFen: 10_000,
    validityKind: 'days',
    validDays: 30,
  },
  {
    code: 'reg-smt-50',
    name: '新人SMT券',
    serviceType: 'smt',
    amountFen: 5_000,
    minOrderFen: 50_000,
    validityKind: 'days',
    validDays: 30,
  },
  {
    code: 'reg-stencil-10',
    name: '新人钢网券',
    serviceType: 'stencil',
    amountFen: 1_000,
    minOrderFen: 5_000,
    validityKind: 'days',
    validDays: 30,
  },
  {
    code: 'pcb-50',
    name: 'PCB满500减50',
    serviceType: 'pcb',
    amountFen: 5_000,
    minOrderFen: 50_000,
    validityKind: 'days',
    validDays: 15,
  },
  {
    code: 'pcb-10-soon',
    name: 'PCB满50减10',
    serviceType: 'pcb',
    amountFen: 1_000,
    minOrderFen: 5_000,
    validityKind: 'days',
    validDays: 3,
  },
  {
    code: 'layout-100',
    name: 'PCB设计券',
    serviceType: 'layout',
    amountFen: 10_000,
    minOrderFen: 100_000,
    validityKind: 'fixed',
    validFrom: now,
    validTo: new Date(now.getTime() + 90 * DAY_MS),
  },
  {
    code: 'bom-30',
    name: 'BOM配单券',
    serviceType: 'bom',
    amountFen: 3_000,
    minOrderFen: 30_000,
    validityKind: 'days',
    validDays: 60,
  },
];

/**
 * The demo coupons: templates, the registration bundle (PCB, SMT and stencil coupons, left for
 * the demo member to receive), two claim-centre campaigns, and a few coupons the demo member
 * holds (one ending within 7 days, one expired). Idempotent by the templates' and campaigns'
 * codes; the member's coupons only when they hold none.
 */
export async function seedCoupons({ tx, now }: SeedContext): Promise<void> {
  const wanted = templates(now);
  await tx
    .insert(couponTemplate)
    .values(wanted.map((t) => ({ ...t, createdAt: now })))
    .onConflictDoNothing({ target: couponTemplate.code });
  const rows = await tx
    .select()
    .from(couponTemplate)
    .where(
      inArray(
        couponTemplate.code,
        wanted.map((t) => t.code),
      ),
    );
  const byCode = new Map(rows.map((r) => [r.code!, r] as [string, CouponTemplateRow]));
  const id = (code: string) => byCode.get(code)!.id;

  const bundle = await tx.select().from(couponBundleItem).limit(1);
  if (bundle.length === 0) {
    await tx.insert(couponBundleItem).values([
      { templateId: id('reg-pcb-20'), quantity: 2, position: 0 },
      { templateId: id('reg-smt-50'), quantity: 1, position: 1 },
      { templateId: id('reg-stencil-10'), quantity: 1, position: 2 },
    ]);
  }
  await tx
    .insert(couponCampaign)
    .values([
      {
        code: 'demo-pcb-50',
        name: '双11 PCB满500减50',
        templateId: id('pcb-50'),
        stock: 200,
        perMemberLimit: 2,
        startsAt: now,
        endsAt: new Date(now.getTime() + 30 * DAY_MS),
        createdAt: now,
      },
      {
        code: 'demo-bom-30',
        name: 'BOM配单限时领',
        templateId: id('bom-30'),
        stock: 50,
        perMemberLimit: 1,
        startsAt: now,
        endsAt: new Date(now.getTime() + 30 * DAY_MS),
        createdAt: now,
      },
    ])
    .onConflictDoNothing({ target: couponCampaign.code });

  const memberId = await memberIdByMobile(tx, DEMO_MOBILE);
  if (memberId === null) return;
  const held = await tx
    .select({ id: memberCoupon.id })
    .from(memberCoupon)
    .where(eq(memberCoupon.memberId, memberId))
    .limit(1);
  if (held.length > 0) return;
  const grant = (code: string, at: Date) => ({
    ...termsOf(byCode.get(code)!, at)!,
    memberId,
    source: 'grant' as const,
  });
  const inserted = await tx
    .insert(memberCoupon)
    .values([
      grant('pcb-50', now),
      grant('pcb-10-soon', now),
      grant('layout-100', now),
      grant('bom-30', now),
      // Granted 40 days ago for 30 days: expired.
      grant('reg-stencil-10', new Date(now.getTime() - 40 * DAY_MS)),
      // Redeemed below against an offline BOM quote: used.
      grant('bom-30', now),
    ])
    .returning({ id: memberCoupon.id });
  await redeemDemoCoupon(tx, now, memberId, inserted.at(-1)!.id);
}

/**
 * The demo member's used coupon: a BOM coupon sales (陈晓静) redeemed against an accepted
 * offline quote, through the console's own service (its conditional update and audit row).
 */
async function redeemDemoCoupon(
  tx: SeedContext['tx'],
  now: Date,
  memberId: number,
  couponId: number,
) {
  const actor = await staffActorByUserName(tx, 'sales');
  if (!actor) return;
  const db = tx as unknown as Db;
  const unused = () => {
    throw new Error('the demo redemption reads no member or staff names');
  };
  const admin = createCouponAdminService({
    repository: createMemberRebateRepository(db),
    members: { namesOf: unused, findById: unused },
    staff: { namesOf: unused },
    now: () => now,
  });
  const { write, finish } = staffWriteIn(tx, {
    actor,
    action: 'StaffCoupon.Redeem',
    origin: 'seed',
    record: seedAuditRecorder(tx, () => now),
  });
  await admin.redeem(write, {
    memberId,
    couponId,
    quoteRef: 'BOM-2026-1108',
    quoteAmount: 128_000,
  });
  finish();
}
