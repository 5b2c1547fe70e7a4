import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { maskMobile, type ReviewRowBase } from '@pcb/contract';
import { buildTestApp, uniqueMobile, type ApiResponse, type TestApp } from './helper';
import {
  auditRows,
  createStaff,
  sessionFor,
  staffCall,
  type StaffSessionForTest,
} from './staff-support';

/**
 * Both review queues (decision 0041) list, filter, order and decide alike: pending oldest
 * first, then decided newest decision first; a status and a member keyword; the member's and
 * the reviewer's names on every row. Applications are written straight into the tables with
 * the times the test needs; decisions go through the endpoints.
 */
let t: TestApp;
let sales: StaffSessionForTest;
/** A second reviewer, deciding the same applications at the same time. */
let other: StaffSessionForTest;
beforeAll(async () => {
  t = await buildTestApp();
  sales = await sessionFor(t, (await createStaff(t, { roles: ['sales'], realName: '钱审核' })).id);
  other = await sessionFor(t, (await createStaff(t, { roles: ['admin'], realName: '孙审核' })).id);
});
afterAll(async () => t?.close());

const HOUR = 3600_000;
type Row = ReviewRowBase & Record<string, unknown>;
interface Page {
  items: Row[];
  total: number;
}

interface Queue {
  name: string;
  module: string;
  /** The audit rows' object type. */
  objectType: string;
  /** A pending application of the member, submitted at `at`. */
  insert: (memberId: number, at: Date, n: number) => Promise<number>;
  /** What the member's resubmission does to it (certification only). */
  resubmit?: (id: number, at: Date) => Promise<void>;
}

const queues: Queue[] = [
  {
    name: 'enterprise certifications',
    module: 'StaffCompanyApply',
    objectType: 'companyApply',
    insert: async (memberId, at, n) => {
      const { rows } = await t.database.pool.query<{ id: number }>(
        `INSERT INTO member_company_apply (member_id, company_name, credit_code, legal_person,
           contact_name, contact_phone, license_key, letter_key, status, created_at, updated_at)
         VALUES ($1, $2, $3, '张华', '李工', '13800138000', 'l.png', 'a.pdf', 'pending', $4, $4)
         RETURNING id`,
        [memberId, `排队公司${n}`, `91440300MA5DCK${String(n).padStart(4, '0')}`, at],
      );
      return rows[0]!.id;
    },
    resubmit: async (id, at) => {
      await t.database.pool.query(
        `UPDATE member_company_apply SET status = 'pending', reject_reason = NULL,
           decided_at = NULL, decided_by = NULL, updated_at = $2 WHERE id = $1`,
        [id, at],
      );
    },
  },
  {
    name: 'mobile changes',
    module: 'StaffMobileApply',
    objectType: 'mobileApply',
    insert: async (memberId, at, n) => {
      const { rows } = await t.database.pool.query<{ id: number }>(
        `INSERT INTO member_mobile_apply (member_id, old_mobile, new_mobile, reason,
           id_document_key, status, created_at)
         SELECT $1, mobile, $2, $3, 'identity/x.jpg', 'pending', $4 FROM member WHERE id = $1
         RETURNING id`,
        [memberId, uniqueMobile(), `原号码已停用${n}`, at],
      );
      return rows[0]!.id;
    },
  },
];

const list = async (queue: Queue, input: Record<string, unknown> = {}) => {
  const res = await staffCall<Page>(t, sales, 'GET', `/api/${queue.module}/List`, {
    pageSize: 100,
    ...input,
  });
  expect(res.status).toBe(200);
  return res.body.data;
};
const ids = (page: Page) => page.items.map((r) => r.id);
const decide = (
  queue: Queue,
  id: number,
  reason?: string,
  by: StaffSessionForTest = sales,
): Promise<ApiResponse<unknown>> =>
  staffCall(t, by, 'POST', `/api/${queue.module}/${reason ? 'Reject' : 'Approve'}`, {
    id,
    ...(reason ? { reason } : {}),
  });
const storedStatus = async (queue: Queue, id: number) => {
  const table =
    queue.objectType === 'companyApply' ? 'member_company_apply' : 'member_mobile_apply';
  const { rows } = await t.database.pool.query<{ status: string; decided_by: number }>(
    `SELECT status, decided_by FROM ${table} WHERE id = $1`,
    [id],
  );
  return rows[0];
};

describe.each(queues)('$name', (queue) => {
  // Four members, four applications; each test file has its own database, each queue its table.
  let members: { id: number; mobile: string }[];
  let apps: number[];

  beforeAll(async () => {
    members = [];
    for (let i = 0; i < 4; i++) {
      const mobile = uniqueMobile();
      members.push({ id: (await t.createMember({ mobile })).id, mobile });
    }
    await t.database.pool.query(`UPDATE member SET real_name = '王小明' WHERE id = $1`, [
      members[1]!.id,
    ]);
    const now = t.clock.now().getTime();
    const hoursAgo = [4, 1, 3, 2];
    apps = [];
    for (const [i, m] of members.entries()) {
      apps.push(await queue.insert(m.id, new Date(now - hoursAgo[i]! * HOUR), i));
    }
    // The third is rejected, a minute later the fourth approved.
    expect((await decide(queue, apps[2]!, '材料不清晰')).status).toBe(200);
    t.clock.advance(60_000);
    expect((await decide(queue, apps[3]!)).status).toBe(200);
  });

  it('lists pending oldest first, then decided newest decision first', async () => {
    const [a1, a2, a3, a4] = apps as [number, number, number, number];
    expect(ids(await list(queue, { status: 'pending' }))).toEqual([a1, a2]);
    const all = await list(queue);
    expect(ids(all)).toEqual([a1, a2, a4, a3]);
    expect(all.total).toBe(4);
    expect(ids(await list(queue, { status: 'rejected' }))).toEqual([a3]);
    expect(ids(await list(queue, { status: 'approved' }))).toEqual([a4]);
    // One page at a time, in the same order.
    const second = await list(queue, { page: 2, pageSize: 1 });
    expect([ids(second), second.total]).toEqual([[a2], 4]);
  });

  it('gives every row its submission, member, status, reviewer and decision', async () => {
    const all = await list(queue);
    const byId = new Map(all.items.map((r) => [r.id, r]));
    const pending = byId.get(apps[0]!)!;
    expect(pending).toMatchObject({
      member: { id: members[0]!.id, displayName: maskMobile(members[0]!.mobile) },
      status: 'pending',
      decidedBy: null,
      decidedAt: null,
      rejectReason: null,
    });
    expect(Date.parse(pending.submittedAt)).toBe(t.clock.now().getTime() - 60_000 - 4 * HOUR);
    expect(byId.get(apps[1]!)!.member.displayName).toBe('王小明');
    expect(byId.get(apps[2]!)).toMatchObject({
      status: 'rejected',
      rejectReason: '材料不清晰',
      decidedBy: { realName: '钱审核' },
    });
    const approved = byId.get(apps[3]!)!;
    expect(approved).toMatchObject({ status: 'approved', rejectReason: null });
    expect(approved.decidedAt).toBe(t.clock.now().toISOString());
  });

  it('filters by the member: a mobile’s start or a name, with or without a status', async () => {
    const [a1, a2] = apps as [number, number];
    expect(ids(await list(queue, { keyword: members[0]!.mobile.slice(0, 9) }))).toEqual([a1]);
    expect(ids(await list(queue, { keyword: ' 小明 ' }))).toEqual([a2]);
    expect(ids(await list(queue, { keyword: '小明', status: 'approved' }))).toEqual([]);
    const nobody = await list(queue, { keyword: '没有这个人' });
    expect([nobody.items, nobody.total]).toEqual([[], 0]);
    const bad = await staffCall(t, sales, 'GET', `/api/${queue.module}/List`, {
      status: 'done',
    });
    expect([bad.status, bad.body.field]).toEqual([400, 'status']);
  });

  it('decides only what is pending: 409 naming the status once decided, 404 when none', async () => {
    const again = await decide(queue, apps[3]!, '改主意了');
    expect([again.status, again.body.message]).toEqual([
      409,
      '该申请已处理（当前为「已通过」），请刷新后查看',
    ]);
    const rejected = await decide(queue, apps[2]!);
    expect(rejected.body.message).toBe('该申请已处理（当前为「已驳回」），请刷新后查看');
    expect((await decide(queue, 2_000_000_000)).status).toBe(404);
  });

  it('lets one of two staff deciding at once win: the other gets the 409, one audit row', async () => {
    const rounds: [string | undefined, string | undefined][] = [
      [undefined, undefined],
      ['资料不全', '证件模糊'],
      [undefined, '资料不全'],
      ['资料不全', undefined],
    ];
    for (const [i, [first, second]] of rounds.entries()) {
      const member = await t.createMember({ mobile: uniqueMobile() });
      const id = await queue.insert(member.id, t.clock.now(), 10 + i);
      const answers = await Promise.all([
        decide(queue, id, first, sales),
        decide(queue, id, second, other),
      ]);
      expect(answers.map((a) => a.status).sort()).toEqual([200, 409]);
      const winner = answers[0]!.status === 200 ? 0 : 1;
      const won = await storedStatus(queue, id);
      const status = (winner === 0 ? first : second) ? 'rejected' : 'approved';
      expect(won).toEqual({
        status,
        decided_by: (winner === 0 ? sales : other).staffId,
      });
      expect(answers[1 - winner]!.body.message).toBe(
        `该申请已处理（当前为「${status === 'approved' ? '已通过' : '已驳回'}」），请刷新后查看`,
      );
      const audits = await auditRows(t, `object_type = $1 AND object_id = $2`, [
        queue.objectType,
        String(id),
      ]);
      expect(audits.map((a) => [a.staff_id, a.before?.status, a.after?.status])).toEqual([
        [(winner === 0 ? sales : other).staffId, 'pending', status],
      ]);
    }
  });

  const { resubmit } = queue;
  if (resubmit) {
    it('puts a resubmission after a rejection at the back of the pending ones', async () => {
      const [a1, a2, a3] = apps as [number, number, number];
      await resubmit(a3, t.clock.now());
      expect(ids(await list(queue, { status: 'pending' }))).toEqual([a1, a2, a3]);
    });
  }
});
