import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { allEndpoints, staffRoles, type EndpointDef, type StaffRole } from '@pcb/contract';
import { buildTestApp, uniqueMobile, type TestApp } from './helper';
import { createStaff, sessionFor, staffCall, type StaffSessionForTest } from './staff-support';

/**
 * Generated from the contract: every staff endpoint, every role. A role the endpoint names is
 * let through (whatever the rules then say of the sample input), every other role gets 403;
 * no session 401, a member token 401, a write without the CSRF header 403.
 */
let t: TestApp;
let memberToken: string;
const staffOf = new Map<StaffRole, number>();
const sessions = new Map<StaffRole, StaffSessionForTest>();

beforeAll(async () => {
  t = await buildTestApp();
  memberToken = (await t.createMember({ mobile: uniqueMobile() })).token;
  for (const role of staffRoles) {
    const { id } = await createStaff(t, { roles: [role] });
    staffOf.set(role, id);
    sessions.set(role, await sessionFor(t, id));
  }
});
afterAll(async () => t?.close());

/** An input the contract accepts, naming rows that do not exist (ids far beyond any made). */
function sampleInput(endpoint: EndpointDef): Record<string, unknown> {
  const candidates: Record<string, unknown> = {
    id: 2_000_000_000,
    managerId: 2_000_000_000,
    userName: 'sample.user',
    realName: '样例',
    roles: ['engineer'],
    status: 'active',
    password: 'Sample123',
    oldPassword: 'Sample123',
    newPassword: 'Sample456',
    field: 'mobile',
    reason: '样例原因',
    type: 'home',
    title: '样例',
    content: '样例',
    summary: '样例摘要',
    isPinned: false,
    linkUrl: null,
    startsAt: '2026-01-01T00:00:00+08:00',
    endsAt: null,
    memberId: 2_000_000_000,
    bankName: '样例银行',
    accountName: '样例公司',
    accountNo: '62220200000000',
    name: '样例电子有限公司',
    creditCode: '91350100M000100Y43',
    sheet: {},
    expectedCurrentVersion: 2_000_000_000,
    // The order lifecycle's staff actions (decision 0042).
    lines: [{ code: 'board', name: '板费', amount: 100 }],
    question: '样例问题',
    amount: 100,
    bankReference: 'SAMPLE0001',
    payerName: '样例公司',
    receivedAt: '2026-01-01T00:00:00+08:00',
    step: 'cutting',
    // Finance's adjustments (decision 0051).
    account: 'balance',
    // Bank transfers (decision 0055).
    valueDate: '2026-01-01',
    csv: '交易日期,流水号,对方户名,收款账号,金额\n2026-01-01,SAMPLE0001,样例公司,62220200000000,1.00',
    requestId: '123e4567-e89b-42d3-a456-426614174000',
    doneAt: '2026-01-01T00:00:00+08:00',
    parcels: [{ courier: 'sf', trackingNo: 'SF0000000001' }],
    shippedAt: '2026-01-01T00:00:00+08:00',
    parcelId: 2_000_000_000,
    at: '2026-01-01T00:00:00+08:00',
    place: '样例',
    text: '样例',
    dirType: 'eqQuestion',
    fileExt: 'jpg',
    // Credit approvals (decision 0059).
    limit: 100_000,
    billingDay: 1,
    // Coupons (decisions 0061, 0062).
    serviceType: 'pcb',
    minOrderAmount: 0,
    validityKind: 'days',
    validDays: 30,
    templateId: 2_000_000_000,
    stock: 10,
    perMemberLimit: 1,
    isActive: true,
    items: [],
    quantity: 1,
    // Layout/BOM coupons redeemed against an offline quote (decision 0066).
    couponId: 2_000_000_000,
    quoteRef: 'Q-SAMPLE-1',
    quoteAmount: 10_000,
    // Member grades (decision 0071): the default five levels.
    levels: [
      { level: 'normal', thresholdFen: 0, discountBp: 0, freeShipping: false },
      { level: 'bronze', thresholdFen: 500_000, discountBp: 100, freeShipping: false },
      { level: 'silver', thresholdFen: 2_000_000, discountBp: 200, freeShipping: false },
      { level: 'gold', thresholdFen: 10_000_000, discountBp: 300, freeShipping: true },
      { level: 'diamond', thresholdFen: 50_000_000, discountBp: 500, freeShipping: true },
    ],
    // Points rules (decision 0073).
    pointsPerYuan: 1,
    signInRewards: [1, 2, 3, 4, 5, 6, 10],
    // The points shop (decision 0074).
    kind: 'goods',
    description: '',
    pointsPrice: 1,
    courier: '顺丰',
    trackingNo: 'SF0000000001',
  };
  const shape = (endpoint.input as unknown as { shape?: Record<string, unknown> }).shape ?? {};
  const input = Object.fromEntries(
    Object.keys(shape)
      .filter((key) => key in candidates)
      .map((key) => [key, candidates[key]]),
  );
  // Statuses differ by module: a member's, or an application's.
  if ('status' in input && !endpoint.input.safeParse(input).success) input.status = 'pending';
  // Or an order's.
  if ('status' in input && !endpoint.input.safeParse(input).success) {
    input.status = 'pendingReview';
  }
  // Kinds differ by module too: an order's, or a shop item's.
  if ('kind' in input && !endpoint.input.safeParse(input).success) input.kind = 'pcb';
  // A campaign's window ends at a time (an announcement's may be open).
  if ('endsAt' in input && !endpoint.input.safeParse(input).success) {
    input.endsAt = '2026-12-31T00:00:00+08:00';
  }
  if (!endpoint.input.safeParse(input).success) throw new Error(`no sample for ${endpoint.path}`);
  return input;
}

const staffEndpoints = allEndpoints.filter((e) => e.access === 'staff');

describe('staff access, on every staff endpoint of the contract', () => {
  it('covers the console modules', () => {
    expect(new Set(staffEndpoints.map((e) => e.module))).toEqual(
      new Set([
        'StaffAuth',
        'StaffAccount',
        'StaffAudit',
        'StaffAnnouncement',
        'StaffMember',
        'StaffMobileApply',
        'StaffOutbox',
        'StaffCompanyApply',
        'StaffVirtualAccount',
        'StaffCompanyDirectory',
        'StaffPriceSheet',
        'StaffOrder',
        'StaffUpload',
        'StaffLedger',
        'StaffBankTransfer',
        'StaffFinance',
        'StaffCreditPayment',
        'StaffCoupon',
        'StaffInvoice',
        'StaffNews',
        'StaffMemberGrade',
        'StaffPoint',
        'StaffShop',
      ]),
    );
  });

  for (const endpoint of staffEndpoints) {
    const method = endpoint.method as 'GET' | 'POST';
    describe(`${endpoint.method} ${endpoint.path}`, () => {
      const input = () => sampleInput(endpoint);

      it('answers 401 without a session, and to a member token', async () => {
        const none = await staffCall(t, null, method, endpoint.path, input());
        expect(none.status).toBe(401);
        expect(none.body.message).toBe('员工登录已失效，请重新登录');
        const member = await staffCall(t, null, method, endpoint.path, input(), {
          headers: { authorization: `Bearer ${memberToken}` },
        });
        expect(member.status).toBe(401);
      });

      it(`${method === 'GET' ? 'reads' : 'answers 403'} without the CSRF header`, async () => {
        const role = endpoint.roles![0]!;
        const res = await staffCall(t, sessions.get(role)!, method, endpoint.path, input(), {
          csrf: null,
        });
        if (method === 'GET') {
          // A read is safe: the SameSite cookie never comes from another site (decision 0020).
          expect(res.status, res.body.message).not.toBe(403);
          expect(res.status).toBeLessThan(500);
        } else {
          expect(res.status).toBe(403);
          expect(res.body.message).toBe('安全校验失败，请刷新页面后重试');
        }
      });

      for (const role of staffRoles) {
        const allowed = endpoint.roles!.includes(role);
        it(`${allowed ? 'lets' : 'refuses'} ${role}`, async () => {
          // A fresh session: an allowed Logout or ChangePassword must not end the shared one.
          const session = allowed ? await sessionFor(t, staffOf.get(role)!) : sessions.get(role)!;
          const res = await staffCall(t, session, method, endpoint.path, input());
          if (allowed) {
            expect(res.status, res.body.message).not.toBe(401);
            expect(res.status, res.body.message).not.toBe(403);
            expect(res.status, res.body.message).toBeLessThan(500);
          } else {
            expect(res.status).toBe(403);
            expect(res.body.message).toBe('当前账号没有此操作的权限');
          }
        });
      }
    });
  }
});
