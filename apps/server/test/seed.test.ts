import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  Announcement,
  Bill,
  CreditAccount,
  CreditBill,
  InvoiceRequest,
  MemberInfo,
} from '@pcb/contract';
import { announcementTypes, staffRoles } from '@pcb/contract';
import {
  DEMO_FACTORY_STAFF,
  DEMO_STAFF,
  DEMO_STAFF_PASSWORD,
  DEMO_TOTP_SECRETS,
} from '../src/modules/staff/staff.module';
import {
  DEMO_MOBILE,
  DEMO_PASSWORD,
  INACTIVE_DEMO_MOBILE,
  RELATED_DEMO_MOBILE,
} from '../src/modules/member/member.seed';
import { seedDemoData } from '../src/modules/seed';
import { buildTestApp, type TestApp } from './helper';
import { staffCall, staffLogin } from './staff-support';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
  await Promise.all([
    seedDemoData(t.database.db, { ...t.config, memberAgreementVersion: '2026-11' }),
    seedDemoData(t.database.db, { ...t.config, memberAgreementVersion: '2026-11' }),
  ]);
  await seedDemoData(t.database.db, { ...t.config, memberAgreementVersion: '2026-11' });
});
afterAll(async () => t?.close());

const count = async (table: string) =>
  Number(
    (await t.database.pool.query<{ n: string }>(`SELECT count(*) AS n FROM ${table}`)).rows[0]?.n,
  );

async function login(mobile: string) {
  const res = await t.post<{ accessToken: string }>('/api/MemberAuth/Login', {
    userNameOrMobile: mobile,
    password: DEMO_PASSWORD,
    ncVerifyDto: await t.solveCaptcha(),
  });
  expect(res.status).toBe(200);
  return res.body.data.accessToken;
}

describe('demo seed', () => {
  it('is idempotent, also when run concurrently', async () => {
    expect(await count('member')).toBe(3);
    expect(await count('account_manager')).toBe(3);
    expect(await count('announcement')).toBe(4);
    expect(await count('member_agreement')).toBe(2);
    expect(await count('member_relation')).toBe(1);
    // The demo member signed in the three days before today (decision 0073).
    expect(await count('member_sign_in')).toBe(3);
  });

  it('gives a demo member who can log in, with a company and a manager', async () => {
    const token = await login(DEMO_MOBILE);
    const info = await t.get<MemberInfo>('/api/MemberInfo/Get', { token });
    expect(info.body.data).toMatchObject({
      mobile: DEMO_MOBILE,
      companyName: '深圳示例电子有限公司',
      status: 'active',
      agreementCurrent: true,
    });
    const manager = await t.get<{ pic: string }>('/api/MemberAdmin/Get', { token });
    expect(manager.body.data.pic).toBe('/avatars/manager-1.svg');
  });

  it('gives a staff-created member who must activate', async () => {
    const token = await login(INACTIVE_DEMO_MOBILE);
    const info = await t.get<MemberInfo>('/api/MemberInfo/Get', { token });
    expect(info.body.data).toMatchObject({ status: 'inactive', agreementVersion: null });
  });

  it('lets the demo member switch to a related colleague and back', async () => {
    const token = await login(DEMO_MOBILE);
    const list = await t.get<{
      related: { status: string; member: { id: number; displayName: string } }[];
    }>('/api/MemberRelationApprove/GetRelationListForMember', {
      token,
      query: { isMobile: 'true' },
    });
    const [colleague] = list.body.data.related;
    expect(colleague).toMatchObject({ status: 'approved', member: { displayName: '李工' } });
    const switched = await t.get<{ accessToken: string }>(
      '/api/MemberRelationApprove/SwitchMember',
      {
        token,
        query: { id: String(colleague?.member.id) },
      },
    );
    expect(switched.status).toBe(200);
    const info = await t.get<MemberInfo>('/api/MemberInfo/Get', {
      token: switched.body.data.accessToken,
    });
    expect(info.body.data).toMatchObject({
      mobile: RELATED_DEMO_MOBILE,
      realName: '李工',
      companyName: '深圳示例电子有限公司',
      status: 'active',
    });
    // The colleague can log in on their own too.
    expect(await login(RELATED_DEMO_MOBILE)).toMatch(/^[\w-]+\.[\w-]+\.[\w-]+$/);
  });

  it('has an effective announcement for every type', async () => {
    for (const type of announcementTypes) {
      const res = await t.get<Announcement>('/api/MemberAuth/GetEffectiveAnnouncement', {
        query: { type },
      });
      expect(res.body.data?.type).toBe(type);
    }
  });

  it('has published news, pinned first, and a draft members never see', async () => {
    const res = await t.get<{ items: { title: string; isPinned: boolean }[] }>('/api/News/GetList');
    const titles = res.body.data.items.map((n) => n.title);
    expect(titles).toEqual([
      '春节放假及发货安排',
      '二号厂区投产，多层板产能提升 40%',
      '新增沉金 + OSP 选择性表面处理工艺',
    ]);
    expect(res.body.data.items[0]?.isPinned).toBe(true);
    expect(titles.join()).not.toContain('草稿');
  });
});

describe('demo staff', () => {
  it('has one account per role, each logging in; admin and finance with their fixed TOTP secret', async () => {
    // And the demo factory's account (decision 0048), which never logs in.
    expect(await count('staff_account')).toBe(DEMO_STAFF.length + 1);
    const roles = new Set(DEMO_STAFF.flatMap((s) => s.roles));
    expect([...roles].sort()).toEqual([...staffRoles].sort());
    for (const s of DEMO_STAFF) {
      t.clock.advance(31_000);
      const totpSecret = DEMO_TOTP_SECRETS[s.userName as keyof typeof DEMO_TOTP_SECRETS];
      const session = await staffLogin(t, s.userName, {
        password: DEMO_STAFF_PASSWORD,
        totpSecret,
      });
      const me = await staffCall<{ staff: { roles: string[] } }>(
        t,
        session,
        'GET',
        '/api/StaffAuth/Me',
      );
      expect(me.body.data.staff.roles).toEqual(s.roles);
    }
  });

  it("keeps the demo factory's account disabled: the log names it, nobody logs in as it", async () => {
    const { rows } = await t.database.pool.query<{ status: string; real_name: string }>(
      'SELECT status, real_name FROM staff_account WHERE user_name = $1',
      [DEMO_FACTORY_STAFF.userName],
    );
    expect(rows).toEqual([{ status: 'disabled', real_name: '演示工厂' }]);
    const res = await t.post('/api/StaffAuth/Login', {
      userName: DEMO_FACTORY_STAFF.userName,
      password: DEMO_STAFF_PASSWORD,
    });
    expect(res.body.success).toBe(false);
  });

  it('makes the account managers the sales staff (assignable)', async () => {
    const admin = await staffLogin(t, 'admin', {
      password: DEMO_STAFF_PASSWORD,
      totpSecret: DEMO_TOTP_SECRETS.admin,
    });
    const managers = await staffCall<{ realName: string }[]>(
      t,
      admin,
      'GET',
      '/api/StaffMember/ListManagers',
    );
    expect(managers.body.data.map((m) => m.realName)).toEqual(['陈晓静', '王志强', '李思雨']);
  });

  it('gives the demo member coupons in every state: one used against an offline BOM quote', async () => {
    const token = await login(DEMO_MOBILE);
    const counts = await t.get<{
      unused: number;
      used: number;
      expired: number;
      expiringSoon: number;
    }>('/api/MemberRebate/GetNum', { token });
    expect(counts.body.data).toEqual({ unused: 4, used: 1, expired: 1, expiringSoon: 1 });
    const used = await t.get<{ items: { quote: unknown; serviceType: string }[] }>(
      '/api/MemberRebate/GetList',
      { token, query: { state: 'used' } },
    );
    expect(used.body.data.items).toEqual([
      expect.objectContaining({
        serviceType: 'bom',
        quote: { ref: 'BOM-2026-1108', amount: 128_000, deduction: 3_000 },
      }),
    ]);
    const audits = await t.database.pool.query(
      `SELECT 1 FROM audit_log WHERE action = 'StaffCoupon.Redeem'`,
    );
    expect(audits.rowCount).toBe(1);
  });
});

describe('demo money history (issues 21 and 22)', () => {
  type Page<T> = { items: T[]; total: number };

  it('gives the demo member credit bills made by the bill job: one repaid from the balance, one open and not due, an order not billed yet', async () => {
    const token = await login(DEMO_MOBILE);
    const account = (await t.get<CreditAccount>('/api/MemberCreditPayment/Get', { token })).body
      .data;
    const bills = (
      await t.get<Page<CreditBill>>('/api/MemberCreditPayment/GetBills', {
        token,
        query: { page: '1', pageSize: '20' },
      })
    ).body.data.items;
    expect(bills.map((b) => b.status)).toEqual(['unpaid', 'paid']);
    const [open, repaid] = bills as [CreditBill, CreditBill];
    expect(open).toMatchObject({ overdue: false, orderCount: 2, refunded: 0 });
    expect(open.outstanding).toBe(open.amount);
    expect(repaid).toMatchObject({ outstanding: 0, orderCount: 2, overdue: false });
    expect(repaid.period < open.period).toBe(true);
    expect(account).toMatchObject({ state: 'approved', overdue: false });
    expect(account.currentBill?.id).toBe(open.id);
    expect(account.unbilled).toBeGreaterThan(0);
    // Used = the open bill and the order since, the repaid bill given back to the line.
    expect(account.used).toBe(open.amount + account.unbilled);

    // Each move as the real paths make it: the ledger's postings, the member's messages.
    const logs = (
      await t.get<Page<{ type: string }>>('/api/MemberCreditPayment/GetLogs', {
        token,
        query: { page: '1', pageSize: '50' },
      })
    ).body.data.items;
    expect(logs.map((l) => l.type).reverse()).toEqual([
      'grant',
      'pay',
      'pay',
      'repay',
      'pay',
      'pay',
      'pay',
    ]);
    const { rows: messages } = await t.database.pool.query<{ title: string }>(
      `SELECT title FROM member_message m JOIN member u ON u.id = m.member_id
       WHERE u.mobile = $1 AND m.category = 'finance' ORDER BY m.id`,
      [DEMO_MOBILE],
    );
    expect(messages.map((m) => m.title)).toEqual(
      expect.arrayContaining(['月结账单已生成', '月结账单已还清']),
    );
    const { rows: payments } = await t.database.pool.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM order_payment p JOIN member u ON u.id = p.member_id
       WHERE u.mobile = $1 AND p.method = 'credit' AND p.credit_fen = p.total_fen`,
      [DEMO_MOBILE],
    );
    expect(payments[0]!.n).toBe(5);
  });

  it('gives the demo member bills to invoice: two invoiced by finance with a generated PDF, two requested, one open', async () => {
    const token = await login(DEMO_MOBILE);
    const bills = (
      await t.post<Page<Bill>>('/api/Bill/GetList', { page: 1, pageSize: 50 }, { token })
    ).body.data.items;
    expect(bills.map((b) => b.state).sort()).toEqual([
      'invoiced',
      'invoiced',
      'open',
      'requested',
      'requested',
    ]);
    expect(
      bills.every((b) => b.invoiceType === 'normal' && b.title === '深圳示例电子有限公司'),
    ).toBe(true);
    const requests = (
      await t.get<Page<InvoiceRequest>>('/api/Bill/GetRequestList', {
        token,
        query: { page: '1', pageSize: '20' },
      })
    ).body.data.items;
    expect(requests.map((r) => [r.status, r.billCount])).toEqual([
      ['pending', 2],
      ['approved', 2],
    ]);
    const issued = requests[1]!;
    expect(issued.invoiceNo).toEqual(expect.any(String));
    const detail = await t.get<{ pdfUrl: string | null }>('/api/Bill/GetRequestDetail', {
      token,
      query: { id: String(issued.id) },
    });
    const pdf = await t.app.inject({ method: 'GET', url: detail.body.data.pdfUrl! });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.rawPayload.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    const audits = await t.database.pool.query(
      `SELECT 1 FROM audit_log WHERE action = 'StaffInvoice.Approve' AND object_id = $1`,
      [String(issued.id)],
    );
    expect(audits.rowCount).toBe(1);
  });
});
