import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { belowMinimumMessage, COUPON_USED_MESSAGE, type CouponServiceType } from '@pcb/contract';
import { MemberRebate } from '@pcb/contract/member-rebate';
import { StaffCoupon } from '@pcb/contract/staff-coupon';
import { call } from './call';
import { newMember } from './order-lifecycle-support';
import { paymentTest, type PaymentTest } from './payment-support';
import { auditRows } from './staff-support';
import { NOT_OFFLINE_COUPON_MESSAGE } from '../src/modules/member-rebate/coupon-admin.service';

// Layout and BOM coupons redeemed (核销) by staff against an offline quote (decision 0066).

vi.setConfig({ testTimeout: 120_000 });

let p: PaymentTest;
beforeAll(async () => {
  p = await paymentTest();
});
afterAll(async () => p?.t.close());

async function couponOf(memberId: number, serviceType: CouponServiceType, amount = 5_000) {
  // The minimum is ¥200; a coupon of ¥200 takes a whole ¥200 quote off.
  const tpl = await call(
    p.t,
    StaffCoupon.CreateTemplate,
    {
      name: `${serviceType}券`,
      serviceType,
      amount,
      minOrderAmount: 20_000,
      validityKind: 'days',
      validDays: 30,
    },
    { staff: p.staff.content },
  );
  expect(tpl.status, tpl.body.message).toBe(200);
  const granted = await call(
    p.t,
    StaffCoupon.Grant,
    { memberId, templateId: tpl.body.data.id, quantity: 1, reason: '测试' },
    { staff: p.staff.content },
  );
  expect(granted.status, granted.body.message).toBe(200);
  const { rows } = await p.t.database.pool.query<{ id: number }>(
    'SELECT id FROM member_coupon WHERE member_id = $1 AND template_id = $2',
    [memberId, tpl.body.data.id],
  );
  return rows[0]!.id;
}

const redeem = (
  input: { memberId: number; couponId: number; quoteRef?: string; quoteAmount?: number },
  staff = p.staff.sales,
) =>
  call(
    p.t,
    StaffCoupon.Redeem,
    { quoteRef: 'BJ-2026-0012', quoteAmount: 80_000, ...input },
    { staff },
  );

describe('redeeming a layout or BOM coupon against an offline quote', () => {
  it('uses it once with the quote; the member sees it used with the quote; audited', async () => {
    const m = await newMember(p.t);
    const id = await couponOf(m.id, 'layout');
    const res = await redeem({ memberId: m.id, couponId: id });
    expect(res.status, res.body.message).toBe(200);
    expect(res.body.data).toMatchObject({
      id,
      state: 'used',
      quote: { ref: 'BJ-2026-0012', amount: 80_000, deduction: 5_000 },
      redeemedBy: 'sales员工',
    });
    const used = await call(
      p.t,
      MemberRebate.GetList,
      { state: 'used', page: 1, pageSize: 20 },
      { token: m.token },
    );
    expect(used.body.data.items).toEqual([
      expect.objectContaining({
        id,
        state: 'used',
        orderNo: null,
        quote: { ref: 'BJ-2026-0012', amount: 80_000, deduction: 5_000 },
      }),
    ]);
    const counts = await call(p.t, MemberRebate.GetNum, {}, { token: m.token });
    expect(counts.body.data).toMatchObject({ used: 1, unused: 0 });
    const again = await redeem({ memberId: m.id, couponId: id, quoteRef: 'BJ-2026-0013' });
    expect(again.status).toBe(400);
    expect(again.body.message).toBe(COUPON_USED_MESSAGE);
    const audits = await auditRows(p.t, `action = 'StaffCoupon.Redeem' AND object_id = $1`, [
      String(id),
    ]);
    expect(audits).toHaveLength(1);
    expect(audits[0]).toMatchObject({
      staff_id: p.staff.sales.staffId,
      object_type: 'memberCoupon',
      before: { memberId: m.id, state: 'unused' },
      after: { state: 'used', quoteRef: 'BJ-2026-0012', quoteAmount: 80_000, deduction: 5_000 },
    });
    // Staff see it in the member's used coupons.
    const staffList = await call(
      p.t,
      StaffCoupon.MemberCoupons,
      { memberId: m.id, state: 'used' },
      { staff: p.staff.finance },
    );
    expect(staffList.body.data.items.map((c) => c.id)).toEqual([id]);
  });

  it('refuses other services, other members, a quote below the minimum, bad input; roles', async () => {
    const m = await newMember(p.t);
    const other = await newMember(p.t);
    const bom = await couponOf(m.id, 'bom', 20_000);
    const pcb = await couponOf(m.id, 'pcb');
    const wrongKind = await redeem({ memberId: m.id, couponId: pcb });
    expect(wrongKind.status).toBe(400);
    expect(wrongKind.body.message).toBe(NOT_OFFLINE_COUPON_MESSAGE);
    const notHis = await redeem({ memberId: other.id, couponId: bom });
    expect(notHis.status).toBe(404);
    const below = await redeem({ memberId: m.id, couponId: bom, quoteAmount: 15_000 });
    expect(below.status).toBe(400);
    expect(below.body.message).toBe(belowMinimumMessage(20_000, 15_000));
    const badRef = await redeem({ memberId: m.id, couponId: bom, quoteRef: '报价 单' });
    expect(badRef.status).toBe(400);
    expect(badRef.body.message).toContain('报价单号');
    for (const role of ['content', 'engineer', 'production'] as const) {
      expect((await redeem({ memberId: m.id, couponId: bom }, p.staff[role])).status).toBe(403);
    }
    // A coupon worth more than the quote takes the quote's amount off.
    const res = await redeem({ memberId: m.id, couponId: bom, quoteAmount: 20_000 }, p.staff.admin);
    expect(res.status, res.body.message).toBe(200);
    expect(res.body.data.quote).toEqual({ ref: 'BJ-2026-0012', amount: 20_000, deduction: 20_000 });
  });

  it('of 60 concurrent redemptions of one coupon, one wins', async () => {
    const m = await newMember(p.t);
    const id = await couponOf(m.id, 'bom');
    const answers = await Promise.all(
      Array.from({ length: 60 }, (_, i) =>
        redeem(
          { memberId: m.id, couponId: id, quoteRef: `Q-${i}` },
          i % 2 ? p.staff.finance : p.staff.sales,
        ),
      ),
    );
    const won = answers.filter((a) => a.status === 200);
    expect(won).toHaveLength(1);
    expect(
      answers.filter((a) => a.status === 400).every((a) => a.body.message === COUPON_USED_MESSAGE),
    ).toBe(true);
    const { rows } = await p.t.database.pool.query<{ redeemed_quote: string }>(
      'SELECT redeemed_quote FROM member_coupon WHERE id = $1',
      [id],
    );
    expect(rows[0]!.redeemed_quote).toBe(won[0]!.body.data.quote!.ref);
    expect(
      await auditRows(p.t, `action = 'StaffCoupon.Redeem' AND object_id = $1`, [String(id)]),
    ).toHaveLength(1);
  });
});
