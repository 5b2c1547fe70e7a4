import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { Editor } from '@tiptap/react';
import type { StaffNews, StaffNewsSummary } from '@pcb/contract/staff-news';
import { mockApi, ok, refuse } from '@pcb/client/test';
import { page, sessionFixture } from '../../../test/fixtures';
import { renderConsole } from '../../../test/render-app';

const article: StaffNews = {
  id: 12,
  title: '二号厂区投产',
  summary: '多层板产能提升 40%',
  content: '<p>新产线<strong>投产</strong>。</p>',
  isPinned: true,
  state: 'draft',
  publishedAt: null,
  createdAt: '2026-11-20T02:00:00.000Z',
  updatedAt: '2026-11-20T02:00:00.000Z',
};
const { content: _content, ...summaryOf } = article;
const row: StaffNewsSummary = summaryOf;

/** The editor on screen, as Tiptap hangs it on its element. */
async function editorOnScreen(): Promise<Editor> {
  const dom = await screen.findByRole('textbox', { name: '正文' });
  return (dom as HTMLElement & { editor: Editor }).editor;
}

/** The OK button of the confirmation that is open. */
async function confirmButton(): Promise<HTMLElement> {
  const popups = await waitFor(() => {
    const open = document.querySelectorAll<HTMLElement>('.ant-popconfirm:not(.ant-popover-hidden)');
    expect(open.length).toBeGreaterThan(0);
    return open;
  });
  return within(popups[popups.length - 1]!)
    .getAllByRole('button')
    .at(-1)!;
}

describe('news in the console', () => {
  it('lists drafts and published articles; publishes, unpublishes and deletes', async () => {
    let current: StaffNewsSummary = row;
    const api = mockApi({
      'GET /api/StaffAuth/Me': () => ok(sessionFixture(['content'])),
      'GET /api/StaffNews/List': () => ok(page(current ? [current] : [])),
      'POST /api/StaffNews/Publish': () => {
        current = { ...current, state: 'published', publishedAt: '2026-11-21T02:00:00.000Z' };
        return ok({ ...article, ...current });
      },
      'POST /api/StaffNews/Unpublish': () => {
        current = { ...current, state: 'draft' };
        return ok({ ...article, ...current });
      },
      'POST /api/StaffNews/Delete': () => ok({ ok: true }),
    });
    renderConsole('/news');
    const tr = (await screen.findByText('二号厂区投产')).closest('tr') as HTMLElement;
    expect(within(tr).getByText('草稿')).toBeInTheDocument();
    expect(within(tr).getByLabelText('置顶')).toBeInTheDocument();

    fireEvent.click(within(tr).getByRole('button', { name: '发布' }));
    expect(await screen.findByText('新闻已发布')).toBeInTheDocument();
    expect(api.calls('POST /api/StaffNews/Publish')[0]?.body).toEqual({ id: 12 });
    await waitFor(() => expect(within(tr).getByText('已发布')).toBeInTheDocument());

    fireEvent.click(within(tr).getByRole('button', { name: '撤回' }));
    fireEvent.click(await confirmButton());
    expect(await screen.findByText('新闻已撤回')).toBeInTheDocument();
    expect(api.calls('POST /api/StaffNews/Unpublish')[0]?.body).toEqual({ id: 12 });
    await waitFor(() => expect(within(tr).getByText('草稿')).toBeInTheDocument());

    fireEvent.click(within(tr).getByRole('button', { name: '删除' }));
    fireEvent.click(await confirmButton());
    expect(await screen.findByText('新闻已删除')).toBeInTheDocument();
    expect(api.calls('POST /api/StaffNews/Delete')[0]?.body).toEqual({ id: 12 });

    fireEvent.click(screen.getByText('已发布'));
    await waitFor(() =>
      expect(api.calls('GET /api/StaffNews/List').at(-1)?.url.searchParams.get('state')).toBe(
        'published',
      ),
    );
  });

  it('writes a new article with the editor, saves it and publishes it', async () => {
    let refused = false;
    const api = mockApi({
      'GET /api/StaffAuth/Me': () => ok(sessionFixture(['content'])),
      'GET /api/StaffNews/List': () => ok(page([])),
      'GET /api/StaffNews/Get': () => ok({ ...article, id: 13, state: 'published' }),
      'POST /api/StaffNews/Create': (request) => {
        if (!refused) {
          refused = true;
          return refuse(400, '正文：正文不能为空', 'content');
        }
        return ok({ ...article, ...(request.body as object), id: 13 });
      },
      'POST /api/StaffNews/Publish': () => ok({ ...article, id: 13, state: 'published' }),
    });
    renderConsole('/news');
    fireEvent.click(await screen.findByRole('button', { name: /写新闻/ }));
    const editor = await editorOnScreen();

    // The contract's rules first: an empty title and body are not sent.
    fireEvent.click(screen.getByRole('button', { name: '保存并发布' }));
    const titleItem = screen.getByLabelText('标题').closest('.ant-form-item') as HTMLElement;
    await waitFor(() => expect(titleItem).toHaveTextContent('不能为空'));
    expect(api.calls('POST /api/StaffNews/Create')).toHaveLength(0);

    fireEvent.change(screen.getByLabelText('标题'), { target: { value: '新增沉金+OSP 工艺' } });
    editor.commands.insertContent('<h2>工艺说明</h2><p>按键区<strong>沉金</strong></p>');
    fireEvent.click(screen.getByRole('button', { name: '保存并发布' }));
    // The server's refusal of the body shows under the editor.
    expect(
      await screen.findByText('正文不能为空', { selector: '.ant-form-item-explain-error' }),
    ).toBeInTheDocument();

    fireEvent.click(screen.getByRole('button', { name: '保存并发布' }));
    expect(await screen.findByText('新闻已发布')).toBeInTheDocument();
    const sent = api.calls('POST /api/StaffNews/Create')[1]?.body as Record<string, unknown>;
    expect(sent).toMatchObject({ title: '新增沉金+OSP 工艺', summary: '', isPinned: false });
    expect(sent.content).toBe('<h2>工艺说明</h2><p>按键区<strong>沉金</strong></p>');
    expect(api.calls('POST /api/StaffNews/Publish')[0]?.body).toEqual({ id: 13 });
    await waitFor(() => expect(screen.getByTestId('probe-path').textContent).toBe('/news/13'));
  });

  it('edits an article: its body in the editor, saved as an update', async () => {
    const api = mockApi({
      'GET /api/StaffAuth/Me': () => ok(sessionFixture(['content'])),
      'GET /api/StaffNews/Get': () => ok(article),
      'POST /api/StaffNews/Update': (request) => ok({ ...article, ...(request.body as object) }),
    });
    renderConsole('/news/12');
    const editor = await editorOnScreen();
    await waitFor(() => expect(editor.getHTML()).toBe('<p>新产线<strong>投产</strong>。</p>'));
    expect(screen.getByLabelText('标题')).toHaveValue('二号厂区投产');
    editor.commands.setContent('<p>改过的正文</p>', { emitUpdate: true });
    fireEvent.click(screen.getByRole('button', { name: '保存' }));
    expect(await screen.findByText('新闻已保存')).toBeInTheDocument();
    expect(api.calls('POST /api/StaffNews/Update')[0]?.body).toEqual({
      id: 12,
      title: '二号厂区投产',
      summary: '多层板产能提升 40%',
      content: '<p>改过的正文</p>',
      isPinned: true,
    });
  });
});
