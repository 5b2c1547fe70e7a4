import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from './helper';
import {
  auditRows,
  createStaff,
  sessionFor,
  staffCall,
  type StaffSessionForTest,
} from './staff-support';

let t: TestApp;
let content: StaffSessionForTest;
let contentId: number;
beforeAll(async () => {
  t = await buildTestApp();
  contentId = (await createStaff(t, { roles: ['content'] })).id;
  content = await sessionFor(t, contentId);
});

/** Time passes beyond the idle time-out: the content staff member logs in again. */
async function later(ms: number) {
  t.clock.advance(ms);
  content = await sessionFor(t, contentId);
}
afterAll(async () => t?.close());

const iso = (ms: number) => new Date(t.clock.now().getTime() + ms).toISOString();
const effective = async () =>
  (
    await t.get<{ title: string } | null>('/api/MemberAuth/GetEffectiveAnnouncement', {
      query: { type: 'register' },
    })
  ).body.data;

describe('announcements from the console', () => {
  it('serves a scheduled one from its start until its end, audited with each change', async () => {
    const created = await staffCall<{ id: number; state: string }>(
      t,
      content,
      'POST',
      '/api/StaffAnnouncement/Create',
      {
        type: 'register',
        title: '新注册礼',
        content: '注册即送优惠券',
        linkUrl: null,
        startsAt: iso(3600_000),
        endsAt: iso(2 * 3600_000),
      },
    );
    expect(created.status).toBe(200);
    expect(created.body.data.state).toBe('scheduled');
    expect(await effective()).toBeNull();
    await later(3600_000 + 1000);
    expect((await effective())?.title).toBe('新注册礼');

    const id = created.body.data.id;
    const updated = await staffCall<{ title: string; state: string }>(
      t,
      content,
      'POST',
      '/api/StaffAnnouncement/Update',
      {
        id,
        type: 'register',
        title: '新注册礼（更新）',
        content: '注册即送优惠券',
        linkUrl: 'https://example.com/gift',
        startsAt: iso(-1000),
        endsAt: iso(3600_000),
      },
    );
    expect(updated.body.data).toMatchObject({ title: '新注册礼（更新）', state: 'active' });
    expect((await effective())?.title).toBe('新注册礼（更新）');
    await later(3600_000 + 1000);
    expect(await effective()).toBeNull();

    const list = await staffCall<{ items: { id: number; state: string }[] }>(
      t,
      content,
      'GET',
      '/api/StaffAnnouncement/List',
      { type: 'register' },
    );
    expect(list.body.data.items.find((a) => a.id === id)?.state).toBe('ended');

    expect(
      (await staffCall(t, content, 'POST', '/api/StaffAnnouncement/Delete', { id })).status,
    ).toBe(200);
    const rows = await auditRows(t, `object_type = 'announcement' AND object_id = $1`, [
      String(id),
    ]);
    expect(rows.map((r) => r.action)).toEqual([
      'StaffAnnouncement.Create',
      'StaffAnnouncement.Update',
      'StaffAnnouncement.Delete',
    ]);
    expect(rows[0]).toMatchObject({
      staff_id: content.staffId,
      before: null,
      after: { title: '新注册礼' },
    });
    expect(rows[1]?.before).toMatchObject({ title: '新注册礼' });
    expect(rows[1]?.after).toMatchObject({
      title: '新注册礼（更新）',
      linkUrl: 'https://example.com/gift',
    });
    expect(rows[2]?.after).toBeNull();
  });

  it('writes no audit row for a refused change', async () => {
    const before = (await auditRows(t)).length;
    const res = await staffCall(t, content, 'POST', '/api/StaffAnnouncement/Create', {
      type: 'home',
      title: '倒序',
      content: '结束早于开始',
      linkUrl: null,
      startsAt: iso(3600_000),
      endsAt: iso(1000),
    });
    expect(res.status).toBe(400);
    expect(res.body.field).toBe('endsAt');
    const missing = await staffCall(t, content, 'POST', '/api/StaffAnnouncement/Delete', {
      id: 2_000_000_000,
    });
    expect(missing.status).toBe(404);
    expect((await auditRows(t)).length).toBe(before);
  });
});
