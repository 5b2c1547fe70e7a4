import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseDocument, DomUtils } from 'htmlparser2';
import { xssCorpus, xssCorpusHtml } from '@pcb/client/test/xss-corpus';
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
let finance: StaffSessionForTest;
beforeAll(async () => {
  t = await buildTestApp();
  content = await sessionFor(t, (await createStaff(t, { roles: ['content'] })).id);
  finance = await sessionFor(t, (await createStaff(t, { roles: ['finance'] })).id);
});
afterAll(async () => t?.close());

interface StaffNewsOut {
  id: number;
  title: string;
  content: string;
  state: string;
  isPinned: boolean;
  publishedAt: string | null;
}
interface Page<T> {
  items: T[];
  total: number;
}

const article = (over: Record<string, unknown> = {}) => ({
  title: '二号厂区投产',
  summary: '多层板产能提升',
  content: '<p>新产线<strong>投产</strong>。</p>',
  isPinned: false,
  ...over,
});

async function create(over: Record<string, unknown> = {}) {
  const res = await staffCall<StaffNewsOut>(
    t,
    content,
    'POST',
    '/api/StaffNews/Create',
    article(over),
  );
  expect(res.status, res.body.message).toBe(200);
  return res.body.data;
}

const call = (action: string, body: Record<string, unknown>) =>
  staffCall<StaffNewsOut>(t, content, 'POST', `/api/StaffNews/${action}`, body);

const memberList = async (query: Record<string, string> = {}) =>
  (
    await t.get<Page<{ id: number; title: string; isPinned: boolean }>>('/api/News/GetList', {
      query,
    })
  ).body.data;

describe('news from the console to members', () => {
  it('a draft is never served; published it is, unpublished it is not again; audited', async () => {
    const draft = await create({ title: '草稿新闻' });
    expect(draft).toMatchObject({ state: 'draft', publishedAt: null });
    expect((await memberList({ pageSize: '100' })).items.map((n) => n.id)).not.toContain(draft.id);
    const hidden = await t.get('/api/News/GetDetail', { query: { id: String(draft.id) } });
    expect(hidden.status).toBe(404);
    expect(hidden.body.success).toBe(false);

    const published = await call('Publish', { id: draft.id });
    expect(published.status, published.body.message).toBe(200);
    expect(published.body.data.state).toBe('published');
    const firstPublishedAt = published.body.data.publishedAt;
    expect(firstPublishedAt).toBe(t.clock.now().toISOString());
    const detail = await t.get<{ title: string; content: string }>('/api/News/GetDetail', {
      query: { id: String(draft.id) },
    });
    expect(detail.body.data).toMatchObject({
      title: '草稿新闻',
      content: '<p>新产线<strong>投产</strong>。</p>',
    });

    const edited = await call('Update', { id: draft.id, ...article({ title: '已改标题' }) });
    expect(edited.body.data).toMatchObject({ title: '已改标题', state: 'published' });

    await call('Unpublish', { id: draft.id });
    expect((await memberList({ pageSize: '100' })).items.map((n) => n.id)).not.toContain(draft.id);
    expect((await t.get('/api/News/GetDetail', { query: { id: String(draft.id) } })).status).toBe(
      404,
    );

    // Republished later, it keeps its first date.
    t.clock.advance(120_000);
    const again = await call('Publish', { id: draft.id });
    expect(again.body.data.publishedAt).toBe(firstPublishedAt);

    expect((await call('Delete', { id: draft.id })).status).toBe(200);
    expect((await call('Delete', { id: draft.id })).status).toBe(404);

    const rows = await auditRows(t, `object_type = 'news' AND object_id = $1`, [String(draft.id)]);
    expect(rows.map((r) => r.action)).toEqual([
      'StaffNews.Create',
      'StaffNews.Publish',
      'StaffNews.Update',
      'StaffNews.Unpublish',
      'StaffNews.Publish',
      'StaffNews.Delete',
    ]);
    expect(rows.every((r) => r.staff_id === content.staffId)).toBe(true);
    expect(rows[0]).toMatchObject({ before: null, after: { title: '草稿新闻', state: 'draft' } });
    expect(rows[2]?.before).toMatchObject({ title: '草稿新闻' });
    expect(rows[2]?.after).toMatchObject({ title: '已改标题' });
    expect(rows[5]?.after).toBeNull();
  });

  it('lists published news pinned first, then newest first, in pages', async () => {
    const ids: number[] = [];
    for (const [i, isPinned] of [false, true, false].entries()) {
      t.clock.advance(60_000);
      const n = await create({ title: `排序${i}`, isPinned });
      await call('Publish', { id: n.id });
      ids.push(n.id);
    }
    const all = (await memberList({ pageSize: '100' })).items;
    const mine = all.filter((n) => ids.includes(n.id)).map((n) => n.title);
    expect(mine).toEqual(['排序1', '排序2', '排序0']);
    expect(all.findIndex((n) => n.isPinned === false)).toBeGreaterThan(
      all.findLastIndex((n) => n.isPinned),
    );
    const firstPage = await memberList({ page: '1', pageSize: '1' });
    expect(firstPage.items).toHaveLength(1);
    expect(firstPage.total).toBe(all.length);
  });

  it('refuses bad input with 400 and a Chinese message, writing nothing', async () => {
    const before = (await auditRows(t)).length;
    const cases: Record<string, unknown>[] = [
      article({ title: '标题\u0000控制字符' }),
      article({ title: '换行\n标题' }),
      article({ title: '' }),
      article({ title: '长'.repeat(101) }),
      article({ summary: '摘'.repeat(301) }),
      article({ content: `<p>${'字'.repeat(50_001)}</p>` }),
      article({ content: '<p>正文\u0007</p>' }),
      // Nothing readable is left once sanitised.
      article({ content: '<script>window.__xss=1</script>' }),
      article({ isPinned: 'yes' }),
      { ...article(), title: 42 },
    ];
    for (const body of cases) {
      const res = await staffCall(t, content, 'POST', '/api/StaffNews/Create', body);
      expect(res.status, JSON.stringify(body).slice(0, 80)).toBe(400);
      expect(res.body.success).toBe(false);
      expect(res.body.message).toMatch(/[\u4e00-\u9fff]/);
    }
    const badIds: Record<string, string>[] = [
      { id: 'abc' },
      { id: '-1' },
      { id: '99999999999' },
      {},
    ];
    for (const query of badIds) {
      const res = await t.get('/api/News/GetDetail', { query });
      expect(res.status).toBe(400);
    }
    expect((await t.get('/api/News/GetList', { query: { pageSize: '1000' } })).status).toBe(400);
    expect((await auditRows(t)).length).toBe(before);
  });

  it('refuses other roles (403) and anonymous callers (401)', async () => {
    const res = await staffCall(t, finance, 'POST', '/api/StaffNews/Create', article());
    expect(res.status).toBe(403);
    expect((await staffCall(t, finance, 'GET', '/api/StaffNews/List', {})).status).toBe(403);
    expect((await staffCall(t, null, 'GET', '/api/StaffNews/List', {})).status).toBe(401);
  });
});

// ---- The stored-XSS corpus ----

const allowedTags = new Set(
  'p h2 h3 h4 strong em u s a ul ol li blockquote code pre img br hr table thead tbody tr th td'.split(
    ' ',
  ),
);
const allowedAttributes: Record<string, Set<string>> = {
  a: new Set(['href', 'rel', 'target']),
  img: new Set(['src', 'alt']),
  th: new Set(['colspan', 'rowspan']),
  td: new Set(['colspan', 'rowspan']),
};

/** Everything in the HTML a browser could run, as it would parse it; empty when inert. */
function executableParts(html: string): string[] {
  const found: string[] = [];
  const document = parseDocument(html, { decodeEntities: true, lowerCaseAttributeNames: true });
  for (const element of DomUtils.findAll(() => true, document.children)) {
    const tag = element.name.toLowerCase();
    if (!allowedTags.has(tag)) found.push(`<${tag}>`);
    for (const [name, value] of Object.entries(element.attribs)) {
      if (!allowedAttributes[tag]?.has(name)) found.push(`${tag}[${name}]`);
      // eslint-disable-next-line no-control-regex -- a browser ignores these inside a URL scheme
      const url = value.replace(/[\s\u0000-\u001f]/g, '');
      if (name === 'href' && !/^(https?:\/\/|mailto:)/i.test(url)) found.push(`href=${value}`);
      if (name === 'src' && !/^(https:\/\/|\/(?!\/))/i.test(url)) found.push(`src=${value}`);
    }
    if (
      tag === 'a' &&
      element.attribs.href &&
      element.attribs.rel !== 'noopener noreferrer nofollow'
    ) {
      found.push(`a[rel=${element.attribs.rel}]`);
    }
  }
  if (/<\s*\/?\s*(script|iframe|object|embed|svg|math|style|meta|form|template)/i.test(html)) {
    found.push('raw tag');
  }
  return found;
}

describe('the stored-XSS corpus', () => {
  it('has at least 30 payloads, every one of which the check itself would catch', () => {
    expect(xssCorpus.length).toBeGreaterThanOrEqual(30);
    // The check must be able to fail: the raw payloads (bar pure-text mutations) are caught.
    const caught = xssCorpus.filter((p) => executableParts(p).length > 0);
    expect(caught.length).toBe(xssCorpus.length);
  });

  it('saves every payload with nothing executable left, as members then read it', async () => {
    for (const payload of xssCorpus) {
      const saved = await create({ title: 'XSS', content: `<p>安全文本</p>${payload}` });
      expect(executableParts(saved.content), `${payload}\n→ ${saved.content}`).toEqual([]);
      expect(saved.content).toContain('<p>安全文本</p>');
      await call('Publish', { id: saved.id });
      const served = await t.get<{ content: string }>('/api/News/GetDetail', {
        query: { id: String(saved.id) },
      });
      expect(served.body.data.content).toBe(saved.content);
      await call('Delete', { id: saved.id });
    }
  });

  it('sanitises the whole corpus as one article, and an update too', async () => {
    const saved = await create({ title: 'XSS 合集', content: '<p>x</p>' });
    const updated = await call('Update', { id: saved.id, ...article({ content: xssCorpusHtml }) });
    expect(updated.status).toBe(200);
    expect(executableParts(updated.body.data.content)).toEqual([]);
    expect(updated.body.data.content).toContain(`<p>第 ${xssCorpus.length} 条</p>`);
  });

  it('keeps what the editor writes: headings, lists, safe links and https images', async () => {
    const html =
      '<h2>标题</h2><p><em>斜</em><u>下划</u><s>删除</s><code>x</code></p>' +
      '<ul><li>一</li></ul><ol><li>二</li></ol><blockquote><p>引用</p></blockquote>' +
      '<pre><code>code</code></pre><hr><p><a href="https://pcb.example/a">链接</a>' +
      '<a href="mailto:sales@pcb.example">邮件</a><br><img src="https://img.example/a.png" alt="图">' +
      '<img src="/uploads/news/a.png" alt="本站"><img src="http://img.example/a.png"></p>';
    const saved = await create({ content: html });
    expect(saved.content).toBe(
      '<h2>标题</h2><p><em>斜</em><u>下划</u><s>删除</s><code>x</code></p>' +
        '<ul><li>一</li></ul><ol><li>二</li></ol><blockquote><p>引用</p></blockquote>' +
        '<pre><code>code</code></pre><hr /><p>' +
        '<a href="https://pcb.example/a" rel="noopener noreferrer nofollow" target="_blank">链接</a>' +
        '<a href="mailto:sales@pcb.example" rel="noopener noreferrer nofollow" target="_blank">邮件</a>' +
        '<br /><img src="https://img.example/a.png" alt="图" /><img src="/uploads/news/a.png" alt="本站" /></p>',
    );
  });
});
