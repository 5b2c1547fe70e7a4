import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { StaffAnnouncement } from '@pcb/contract/staff-announcement';
import { mockApi, ok, refuse } from '@pcb/client/test';
import { page, sessionFixture } from '../../../test/fixtures';
import { renderConsole } from '../../../test/render-app';

const existing: StaffAnnouncement = {
  id: 4,
  type: 'home',
  title: '春节放假通知',
  content: '2月1日至2月7日暂停发货。',
  linkUrl: null,
  startsAt: '2026-01-20T00:00:00+08:00',
  endsAt: '2026-02-08T00:00:00+08:00',
  state: 'ended',
  createdAt: '2026-01-19T10:00:00+08:00',
};

function openForm() {
  fireEvent.click(screen.getByRole('button', { name: /新建公告/ }));
  return screen.findByRole('dialog');
}

const itemOf = (dialog: HTMLElement, label: string) =>
  within(dialog).getByLabelText(label).closest('.ant-form-item') as HTMLElement;

describe('announcements', () => {
  it('lists them with their state, by type', async () => {
    const api = mockApi({
      'GET /api/StaffAuth/Me': () => ok(sessionFixture(['content'])),
      'GET /api/StaffAnnouncement/List': () => ok(page([existing])),
    });
    renderConsole('/announcements');
    const row = (await screen.findByText('春节放假通知')).closest('tr') as HTMLElement;
    expect(within(row).getByText('已结束')).toBeInTheDocument();
    expect(within(row).getByText('首页')).toBeInTheDocument();
    fireEvent.click(screen.getByText('登录页'));
    await waitFor(() =>
      expect(
        api.calls('GET /api/StaffAnnouncement/List').at(-1)?.url.searchParams.get('type'),
      ).toBe('login'),
    );
  });

  it('creates one; a refusal naming a field shows under that field', async () => {
    let refused = false;
    const api = mockApi({
      'GET /api/StaffAuth/Me': () => ok(sessionFixture(['content'])),
      'GET /api/StaffAnnouncement/List': () => ok(page([])),
      'POST /api/StaffAnnouncement/Create': (request) => {
        if (!refused) {
          refused = true;
          return refuse(400, '开始时间：同一位置已有这段时间展示的公告', 'startsAt');
        }
        return ok({ ...existing, ...(request.body as object), id: 5, state: 'active' });
      },
    });
    renderConsole('/announcements');
    await screen.findByText('暂无公告');
    const dialog = await openForm();

    // The contract's rules first: empty title and content, a link that is no URL.
    fireEvent.change(within(dialog).getByLabelText('链接'), { target: { value: 'pcb.example' } });
    fireEvent.click(within(dialog).getByRole('button', { name: '保存' }));
    await waitFor(() => {
      expect(itemOf(dialog, '标题')).toHaveTextContent('不能为空');
      expect(itemOf(dialog, '链接')).toHaveTextContent('应为完整的网址');
    });
    expect(api.calls('POST /api/StaffAnnouncement/Create')).toHaveLength(0);

    fireEvent.change(within(dialog).getByLabelText('标题'), { target: { value: '五一发货安排' } });
    fireEvent.change(within(dialog).getByLabelText('内容'), {
      target: { value: '5月1日至3日正常发货。' },
    });
    fireEvent.change(within(dialog).getByLabelText('链接'), { target: { value: '' } });
    fireEvent.click(within(dialog).getByRole('button', { name: '保存' }));

    // The server's refusal of startsAt lands under the range picker that edits it.
    await waitFor(() =>
      expect(
        within(dialog).getByText('同一位置已有这段时间展示的公告', {
          selector: '.ant-form-item-explain-error',
        }),
      ).toBeInTheDocument(),
    );
    const sent = api.calls('POST /api/StaffAnnouncement/Create')[0]?.body as Record<
      string,
      unknown
    >;
    expect(sent).toMatchObject({
      type: 'home',
      title: '五一发货安排',
      content: '5月1日至3日正常发货。',
      linkUrl: null,
      endsAt: null,
    });
    expect(sent.startsAt).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:00[+-]\d{2}:\d{2}$/);

    fireEvent.click(within(dialog).getByRole('button', { name: '保存' }));
    expect(await screen.findByText('公告已创建')).toBeInTheDocument();
    expect(api.calls('POST /api/StaffAnnouncement/Create')).toHaveLength(2);
    // The list is asked again after the change.
    await waitFor(() => expect(api.calls('GET /api/StaffAnnouncement/List')).toHaveLength(2));
  });
});
