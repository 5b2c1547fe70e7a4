import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  MessageCategory,
  MessageCategorySummary,
  SiteMessage,
  UnreadCounts,
} from '@pcb/contract';
import { unreadCountsQuery } from '../src/modules/member-message/member-message.repository';
import type { MessageDraft } from '../src/modules/member-message/member-message.module';
import { auth, buildTestApp, uniqueMobile, type TestApp } from './helper';
import { createStaff, sessionFor, staffCall, type StaffSessionForTest } from './staff-support';
import { uploadAs, uploadIdentityDocument } from './upload-support';

let t: TestApp;
let sales: StaffSessionForTest;
beforeAll(async () => {
  t = await buildTestApp();
  sales = await sessionFor(t, (await createStaff(t, { roles: ['sales'] })).id);
});
afterAll(async () => t?.close());

const NOT_FOUND = '消息不存在';

interface Member {
  id: number;
  token: string;
}
const newMember = async (): Promise<Member> => t.createMember({ mobile: uniqueMobile() });

const send = (member: Member, category: MessageCategory, title: string, extra = {}) =>
  t.app.modules.memberMessage.send({
    memberId: member.id,
    category,
    title,
    content: `${title}的内容`,
    ...extra,
  });

const unread = async (m: Member) =>
  (await t.get<UnreadCounts>('/api/MemberMessage/GetUnReadNum', { token: m.token })).body.data;
const list = async (m: Member, query: Record<string, string> = {}) =>
  (
    await t.get<{ items: SiteMessage[]; total: number; page: number; pageSize: number }>(
      '/api/MemberMessage/GetList',
      { token: m.token, query },
    )
  ).body.data;
const put = <T>(m: Member, action: string, body: Record<string, unknown>) =>
  t.request<T>({
    method: 'PUT',
    url: `/api/MemberMessage/${action}`,
    payload: body,
    headers: auth(m.token),
  });
const setRead = (m: Member, id: number | string) => put<SiteMessage>(m, 'SetIsRead', { id });
const setAllRead = (m: Member, category?: MessageCategory) =>
  put<{ count: number }>(m, 'SetAllMessagesToReaded', category ? { category } : {});
const summary = async (m: Member) =>
  (
    await t.get<MessageCategorySummary[]>('/api/MemberMessage/GetMbComprehensiveMessages', {
      token: m.token,
    })
  ).body.data;

/** What the rows say, counted without the module's code. */
async function countedUnread(memberId: number): Promise<Record<string, number>> {
  const { rows } = await t.database.pool.query<{ category: string; n: number }>(
    `SELECT category, count(*)::int AS n FROM member_message
      WHERE member_id = $1 AND NOT is_read GROUP BY category`,
    [memberId],
  );
  const by = Object.fromEntries(rows.map((r) => [r.category, r.n]));
  const of = (c: string) => by[c] ?? 0;
  return {
    total: rows.reduce((sum, r) => sum + r.n, 0),
    order: of('order'),
    eq: of('eq'),
    finance: of('finance'),
    system: of('system'),
  };
}

describe('site messages: the member calls', () => {
  it('counts unread messages per category and in all', async () => {
    const m = await newMember();
    expect(await unread(m)).toEqual({ total: 0, order: 0, eq: 0, finance: 0, system: 0 });
    await send(m, 'order', '订单已审核');
    await send(m, 'order', '订单已发货');
    await send(m, 'eq', '工程问题待回复');
    await send(m, 'system', '企业认证已通过');
    expect(await unread(m)).toEqual({ total: 4, order: 2, eq: 1, finance: 0, system: 1 });
  });

  it('lists newest first, by page, by category and by read state', async () => {
    const m = await newMember();
    const sent: SiteMessage[] = [];
    for (let i = 1; i <= 5; i++) {
      sent.push(await send(m, i % 2 ? 'order' : 'finance', `消息${i}`, { link: `/o?id=${i}` }));
      t.clock.advance(1000);
    }
    const all = await list(m);
    expect(all.total).toBe(5);
    expect(all.items.map((i) => i.title)).toEqual(['消息5', '消息4', '消息3', '消息2', '消息1']);
    expect(all.items[0]).toEqual({
      id: sent[4]!.id,
      category: 'order',
      title: '消息5',
      content: '消息5的内容',
      link: '/o?id=5',
      isRead: false,
      createdAt: sent[4]!.createdAt,
      readAt: null,
    });

    const page2 = await list(m, { page: '2', pageSize: '2' });
    expect(page2).toMatchObject({ total: 5, page: 2, pageSize: 2 });
    expect(page2.items.map((i) => i.title)).toEqual(['消息3', '消息2']);

    const finance = await list(m, { category: 'finance' });
    expect(finance.total).toBe(2);
    expect(finance.items.map((i) => i.title)).toEqual(['消息4', '消息2']);

    await setRead(m, sent[0]!.id);
    expect((await list(m, { isRead: 'true' })).items.map((i) => i.title)).toEqual(['消息1']);
    expect((await list(m, { isRead: 'false', category: 'order' })).total).toBe(2);

    const bad = await t.get('/api/MemberMessage/GetList', {
      token: m.token,
      query: { category: 'spam' },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toContain('消息类型不正确');
  });

  it('marks one read (the first read time kept), and all or one category read', async () => {
    const m = await newMember();
    const a = await send(m, 'order', 'A');
    await send(m, 'order', 'B');
    await send(m, 'eq', 'C');
    await send(m, 'finance', 'D');

    const first = await setRead(m, a.id);
    expect(first.status).toBe(200);
    expect(first.body.data).toMatchObject({ id: a.id, isRead: true });
    expect(first.body.data.readAt).toBe(t.clock.now().toISOString());
    t.clock.advance(60_000);
    const again = await setRead(m, a.id);
    expect(again.body.data.readAt).toBe(first.body.data.readAt);
    expect(await unread(m)).toMatchObject({ total: 3, order: 1 });

    expect((await setAllRead(m, 'order')).body.data).toEqual({ count: 1 });
    expect(await unread(m)).toEqual({ total: 2, order: 0, eq: 1, finance: 1, system: 0 });
    expect((await setAllRead(m)).body.data).toEqual({ count: 2 });
    expect((await setAllRead(m)).body.data).toEqual({ count: 0 });
    expect(await unread(m)).toEqual({ total: 0, order: 0, eq: 0, finance: 0, system: 0 });
  });

  it('sums up each category for the top of /InfoList, in the categories’ order', async () => {
    const m = await newMember();
    expect(await summary(m)).toEqual([
      { category: 'order', categoryName: '订单消息', unreadCount: 0, latest: null },
      { category: 'eq', categoryName: '工程问题', unreadCount: 0, latest: null },
      { category: 'finance', categoryName: '财务消息', unreadCount: 0, latest: null },
      { category: 'system', categoryName: '系统消息', unreadCount: 0, latest: null },
    ]);
    await send(m, 'system', '旧的系统消息');
    t.clock.advance(1000);
    const newest = await send(m, 'system', '新的系统消息', { link: '/firmCertification' });
    t.clock.advance(1000);
    const order = await send(m, 'order', '订单已发货');
    await setRead(m, order.id);
    const top = await summary(m);
    expect(top.map((s) => [s.category, s.unreadCount, s.latest?.title ?? null])).toEqual([
      ['order', 0, '订单已发货'],
      ['eq', 0, null],
      ['finance', 0, null],
      ['system', 2, '新的系统消息'],
    ]);
    expect(top[3]!.latest).toEqual(newest);
    expect(top[0]!.latest).toMatchObject({ isRead: true, readAt: t.clock.now().toISOString() });
  });

  it('answers 401 without a login', async () => {
    expect((await t.get('/api/MemberMessage/GetUnReadNum')).status).toBe(401);
    const res = await t.request({
      method: 'PUT',
      url: '/api/MemberMessage/SetAllMessagesToReaded',
      payload: {},
    });
    expect(res.status).toBe(401);
  });
});

describe('site messages: each member sees only their own', () => {
  it("refuses another member's message as a missing one, and changes nothing", async () => {
    const owner = await newMember();
    const other = await newMember();
    const msg = await send(owner, 'order', '只给主人');
    const foreign = await setRead(other, msg.id);
    const missing = await setRead(other, 2_000_000_000);
    expect(foreign.status).toBe(404);
    expect(foreign.body).toEqual({ success: false, data: null, message: NOT_FOUND });
    expect(missing.status).toBe(404);
    expect(missing.body).toEqual(foreign.body);

    expect((await setAllRead(other)).body.data).toEqual({ count: 0 });
    expect((await list(other)).total).toBe(0);
    expect((await summary(other)).every((s) => s.latest === null)).toBe(true);
    expect(await unread(owner)).toMatchObject({ total: 1, order: 1 });
    expect((await list(owner)).items[0]).toMatchObject({ id: msg.id, isRead: false });
  });

  it('a switched session reads and marks the messages of the account it acts in', async () => {
    const main = await newMember();
    const related = await newMember();
    await t.database.pool.query(
      `INSERT INTO member_relation (main_member_id, related_member_id, status, created_at, decided_at)
       VALUES ($1, $2, 'approved', now(), now())`,
      [main.id, related.id],
    );
    const switched = await t.get<{ accessToken: string }>(
      '/api/MemberRelationApprove/SwitchMember',
      { token: main.token, query: { id: String(related.id) } },
    );
    const acting = { id: related.id, token: switched.body.data.accessToken };
    await send(main, 'order', '主账号的消息');
    const relatedMessage = await send(related, 'eq', '关联账号的消息');
    expect((await list(acting)).items.map((i) => i.title)).toEqual(['关联账号的消息']);
    expect((await setRead(acting, relatedMessage.id)).status).toBe(200);
    expect(await unread(related)).toMatchObject({ total: 0 });
    expect(await unread(main)).toMatchObject({ total: 1, order: 1 });
  });
});

describe('site messages: counts stay exact', () => {
  it('60 parallel read-all calls while 60 messages arrive: each message is read once', async () => {
    const m = await newMember();
    const calls = await Promise.all(
      Array.from({ length: 60 }, (_, i) =>
        i % 2
          ? setAllRead(m).then((r) => r.body.data.count)
          : send(m, 'order', `并发${i}`).then(() => 0),
      ).concat(
        Array.from({ length: 30 }, (_, i) => send(m, 'finance', `并发财务${i}`).then(() => 0)),
      ),
    );
    const readByCalls = calls.reduce((sum, n) => sum + n, 0);
    const left = await unread(m);
    expect(readByCalls + left.total).toBe(60);
    expect(left).toEqual(await countedUnread(m.id));
  });

  it('60 parallel SetIsRead and SetAllMessagesToReaded calls leave the counts the rows give', async () => {
    const m = await newMember();
    const orders = await Promise.all(
      Array.from({ length: 40 }, (_, i) => send(m, 'order', `订单${i}`)),
    );
    await Promise.all(Array.from({ length: 10 }, (_, i) => send(m, 'eq', `EQ${i}`)));
    await Promise.all(Array.from({ length: 5 }, (_, i) => send(m, 'system', `系统${i}`)));
    const results = await Promise.all(
      Array.from({ length: 60 }, (_, i) => {
        if (i < 40) return setRead(m, orders[i]!.id).then((r) => r.status);
        if (i < 50) return setAllRead(m, 'order').then((r) => r.status);
        return setAllRead(m, 'eq').then((r) => r.status);
      }),
    );
    expect(results.every((s) => s === 200)).toBe(true);
    expect(await unread(m)).toEqual({ total: 5, order: 0, eq: 0, finance: 0, system: 5 });
    expect(await unread(m)).toEqual(await countedUnread(m.id));
    const top = await summary(m);
    expect(top.map((s) => s.unreadCount)).toEqual([0, 0, 0, 5]);
    const { rows } = await t.database.pool.query(
      `SELECT count(*)::int AS n FROM member_message WHERE member_id = $1 AND is_read AND read_at IS NULL`,
      [m.id],
    );
    expect(rows[0].n).toBe(0);
  });

  it('counts 10,000 messages of one member with one range of the unread index', async () => {
    const m = await newMember();
    const others = await newMember();
    await t.database.pool.query(
      `INSERT INTO member_message (member_id, category, title, content, is_read, created_at, read_at)
       SELECT $1::int, (ARRAY['order','eq','finance','system'])[1 + i % 4], '消息' || i, '',
              i % 1000 <> 0, now(), CASE WHEN i % 1000 <> 0 THEN now() END
         FROM generate_series(1, 10000) AS i
       UNION ALL
       SELECT $2::int, 'order', '别人的消息' || i, '', false, now(), NULL
         FROM generate_series(1, 2000) AS i`,
      [m.id, others.id],
    );
    await t.database.pool.query('ANALYZE member_message');
    expect(await unread(m)).toEqual({ total: 10, order: 10, eq: 0, finance: 0, system: 0 });

    const query = unreadCountsQuery(t.database.db, m.id).toSQL();
    const { rows } = await t.database.pool.query<{ 'QUERY PLAN': string }>(
      `EXPLAIN ${query.sql}`,
      query.params,
    );
    const plan = rows.map((r) => r['QUERY PLAN']).join('\n');
    expect(plan).toContain('member_message_unread_idx');
    expect(plan).not.toContain('Seq Scan');
  });
});

describe('site messages: sent by other modules', () => {
  const draft = (memberId: number, extra: Partial<MessageDraft> = {}): MessageDraft => ({
    memberId,
    category: 'system',
    title: '标题',
    content: '内容',
    ...extra,
  });

  it('sendIn writes in the caller’s transaction: no message when it rolls back', async () => {
    const m = await newMember();
    const api = t.app.modules.memberMessage;
    await expect(
      t.database.db.transaction(async (tx) => {
        await api.sendIn(tx, draft(m.id, { title: '回滚的消息' }));
        throw new Error('the event failed');
      }),
    ).rejects.toThrow('the event failed');
    await t.database.db.transaction(async (tx) => {
      await api.sendIn(tx, draft(m.id, { title: '提交的消息' }));
    });
    expect((await list(m)).items.map((i) => i.title)).toEqual(['提交的消息']);
  });

  it('refuses a link outside the site, an empty title and an unknown category', async () => {
    const m = await newMember();
    const api = t.app.modules.memberMessage;
    for (const link of ['https://evil.example/x', '//evil.example', '/\\evil', 'TheOrders']) {
      await expect(api.send(draft(m.id, { link }))).rejects.toThrow(/not a path of this site/);
    }
    await expect(api.send(draft(m.id, { title: '  ' }))).rejects.toThrow(/title/);
    await expect(api.send(draft(m.id, { category: 'spam' as MessageCategory }))).rejects.toThrow(
      /category/,
    );
    expect((await list(m)).total).toBe(0);
    const ok = await api.send(draft(m.id, { link: '/TheOrders/orderDetail?id=1' }));
    expect(ok.link).toBe('/TheOrders/orderDetail?id=1');
  });
});

describe('site messages: the approvals tell the member', () => {
  async function mobileApply() {
    const mobile = uniqueMobile();
    const member = await t.createMember({ mobile });
    const newMobile = uniqueMobile();
    const res = await t.post<{ id: number }>(
      '/api/MemberUpMobileApply/Create',
      {
        newMobile,
        smsCode: await t.sendCode('/api/MemberInfo/SendChangeMobileMessage', {
          mobile: newMobile,
          token: member.token,
        }),
        reason: '原手机号已停用，无法接收短信',
        idDocumentKey: await uploadIdentityDocument(t, member.token),
      },
      { token: member.token },
    );
    if (!res.body.success) throw new Error(res.body.message);
    return { member, newMobile, applyId: res.body.data.id };
  }

  /** A new token for the member (approving a mobile change ends every session). */
  async function tokenOf(memberId: number): Promise<Member> {
    const row = await t.app.modules.member.members.getForToken(memberId);
    return { id: memberId, token: await t.app.modules.member.tokens.issue(row) };
  }

  it('mobile change approved: a system message in the approval’s transaction', async () => {
    const a = await mobileApply();
    const res = await staffCall(t, sales, 'POST', '/api/StaffMobileApply/Approve', {
      id: a.applyId,
    });
    expect(res.status).toBe(200);
    const [msg] = (await list(await tokenOf(a.member.id))).items;
    expect(msg).toMatchObject({
      category: 'system',
      title: '更换手机号申请已通过',
      content: `您的会员账号手机号已更换为${a.newMobile.slice(0, 3)}****${a.newMobile.slice(7)}，请使用新手机号登录。`,
      link: '/userInfo',
      isRead: false,
    });
  });

  it('mobile change rejected: the reason; a refused approval leaves no message', async () => {
    const a = await mobileApply();
    await t.createMember({ mobile: a.newMobile });
    const refused = await staffCall(t, sales, 'POST', '/api/StaffMobileApply/Approve', {
      id: a.applyId,
    });
    expect(refused.status).toBe(409);
    expect((await list(a.member)).total).toBe(0);

    const res = await staffCall(t, sales, 'POST', '/api/StaffMobileApply/Reject', {
      id: a.applyId,
      reason: '证件照片不清晰',
    });
    expect(res.status).toBe(200);
    expect((await list(a.member)).items).toEqual([
      expect.objectContaining({
        category: 'system',
        title: '更换手机号申请未通过',
        content: '驳回原因：证件照片不清晰',
        link: '/userInfo/editPhone',
      }),
    ]);
    expect(await unread(a.member)).toMatchObject({ total: 1, system: 1 });
  });

  async function companyApply(creditCode: string) {
    const member = await newMember();
    const res = await t.request<{ id: number }>({
      method: 'PUT',
      url: '/api/MemberCompanyApply/Save',
      headers: auth(member.token),
      payload: {
        companyName: '深圳消息电子有限公司',
        creditCode,
        legalPerson: '张华',
        contactName: '李工',
        contactPhone: '0755-86001234',
        licenseKey: await uploadAs(t, member.token, 'companyLicense', '.png'),
        letterKey: await uploadAs(
          t,
          member.token,
          'companyLetter',
          '.pdf',
          Buffer.from('%PDF-1.7 letter'),
        ),
      },
    });
    if (!res.body.success) throw new Error(res.body.message);
    return { member, applyId: res.body.data.id };
  }

  it('certification rejected, then approved: a system message each time', async () => {
    const a = await companyApply('91440300708461136T');
    const rejected = await staffCall(t, sales, 'POST', '/api/StaffCompanyApply/Reject', {
      id: a.applyId,
      reason: '营业执照已过期',
    });
    expect(rejected.status).toBe(200);
    expect((await list(a.member)).items[0]).toMatchObject({
      category: 'system',
      title: '企业认证未通过',
      content: expect.stringContaining('驳回原因：营业执照已过期'),
      link: '/firmCertification',
    });

    const again = await companyApply('91350100M000100Y43');
    const approved = await staffCall(t, sales, 'POST', '/api/StaffCompanyApply/Approve', {
      id: again.applyId,
    });
    expect(approved.status).toBe(200);
    expect((await list(again.member)).items).toEqual([
      expect.objectContaining({
        category: 'system',
        title: '企业认证已通过',
        content: '您提交的企业认证（深圳消息电子有限公司）已通过审核。',
      }),
    ]);
  });
});
