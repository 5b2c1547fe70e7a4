import { afterEach, describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { News, type NewsArticle, type NewsSummary } from '@pcb/contract/news';
import { envelope, refuse } from '@pcb/client/test';
import { urlOf } from '@pcb/client/url';
import { xssCorpus, xssCorpusHtml } from '@pcb/client/test/xss-corpus';
import { baseApi, currentPath } from '../../../test/base-api';
import { renderApp } from '../../../test/render-app';
import { LATEST_NEWS_COUNT } from '../api/get-latest-news';
import { sanitizeForPage } from '../components/news-body';

declare global {
  interface Window {
    __xss?: number;
  }
}
afterEach(() => {
  delete window.__xss;
});

const summary = (id: number, over: Partial<NewsSummary> = {}): NewsSummary => ({
  id,
  title: `新闻${id}`,
  summary: `摘要${id}`,
  isPinned: false,
  publishedAt: '2026-11-20T02:00:00.000Z',
  ...over,
});

const pageOf = (items: NewsSummary[]) => ({
  body: envelope({ items, total: items.length, page: 1, pageSize: 10 }),
});

describe('news on the home page', () => {
  it('shows the newest titles with dates, each opening its article', async () => {
    const api = baseApi({
      'GET /api/News/GetList': () =>
        pageOf([summary(3, { title: '春节放假及发货安排', isPinned: true }), summary(2)]),
      'GET /api/News/GetDetail': (r) => ({
        body: envelope({
          ...summary(Number(r.url.searchParams.get('id')), { title: '春节放假及发货安排' }),
          content: '<p>1月26日起暂停发货。</p>',
        } satisfies NewsArticle),
      }),
    });
    renderApp('/');
    const section = await screen.findByRole('region', { name: '新闻动态' });
    const items = await within(section).findAllByTestId('home-news-item');
    expect(items.map((i) => i.textContent)).toEqual([
      '置顶春节放假及发货安排2026-11-20',
      '新闻22026-11-20',
    ]);
    // The URL the route table preloads for / (route-table.test.ts holds it to the same), so
    // the preloaded answer is the one used.
    const call = api.calls('GET /api/News/GetList')[0];
    expect(`${call?.url.pathname}${call?.url.search}`).toBe(
      urlOf(News.GetList, { page: 1, pageSize: LATEST_NEWS_COUNT }),
    );

    fireEvent.click(items[0]!);
    expect(await screen.findByText('1月26日起暂停发货。')).toBeInTheDocument();
    expect(currentPath()).toBe('/news/3');
    expect(api.calls('GET /api/News/GetDetail')[0]?.url.searchParams.get('id')).toBe('3');
  });

  it('shows no news section when there is none', async () => {
    baseApi();
    renderApp('/');
    await screen.findByRole('region', { name: '快速计价' });
    await waitFor(() => expect(screen.queryByTestId('home-news')).toBeNull());
  });
});

describe('/news', () => {
  it('lists articles with summaries and dates', async () => {
    baseApi({ 'GET /api/News/GetList': () => pageOf([summary(1, { summary: '产能提升 40%' })]) });
    renderApp('/news');
    const item = await screen.findByTestId('news-item');
    expect(item).toHaveTextContent('新闻1');
    expect(item).toHaveTextContent('产能提升 40%');
    expect(item).toHaveTextContent('2026-11-20');
    expect(item).toHaveAttribute('href', '/news/1');
  });

  it('says so when there is no news', async () => {
    baseApi({ 'GET /api/News/GetList': () => pageOf([]) });
    renderApp('/news');
    expect(await screen.findByText('暂无新闻')).toBeInTheDocument();
  });

  it('offers a retry when the list fails', async () => {
    let failing = true;
    baseApi({
      'GET /api/News/GetList': () => (failing ? refuse(500, '服务繁忙') : pageOf([summary(9)])),
    });
    renderApp('/news');
    const retry = await screen.findByTestId('retry', {}, { timeout: 5000 });
    failing = false;
    fireEvent.click(retry);
    expect(await screen.findByText('新闻9')).toBeInTheDocument();
  });
});

describe('/news/:id', () => {
  it('renders the stored-XSS corpus inert even if the server had let it through', async () => {
    baseApi({
      'GET /api/News/GetDetail': () => ({
        body: envelope({
          ...summary(7, { title: 'XSS 合集' }),
          content: `<h2>小标题</h2><p><a href="https://pcb.example">链接</a></p>${xssCorpusHtml}`,
        } satisfies NewsArticle),
      }),
    });
    renderApp('/news/7');
    const body = await screen.findByTestId('news-body');
    expect(within(body).getByRole('heading', { name: '小标题' })).toBeInTheDocument();
    const link = within(body).getByRole('link', { name: '链接' });
    expect(link).toHaveAttribute('rel', 'noopener noreferrer nofollow');

    expectInert(body);
    expect(window.__xss).toBeUndefined();
  });

  // The safe text before each payload stays; what follows may go with it (DOMPurify drops the
  // rest of a body after a noscript trick: lost text, never run script).
  it('sanitises each payload on its own, keeping the safe text before it', () => {
    for (const payload of xssCorpus) {
      const holder = document.createElement('div');
      holder.innerHTML = sanitizeForPage(`<p>前</p>${payload}<p>后</p>`);
      expect(holder.textContent, payload).toMatch(/^前/);
      expectInert(holder);
    }
  });

  it('says the article is gone when it is not published', async () => {
    baseApi({ 'GET /api/News/GetDetail': () => refuse(404, '新闻不存在或已下线') });
    renderApp('/news/8');
    expect(await screen.findByText('新闻不存在或已下线')).toBeInTheDocument();
  });
});

/** Nothing in the element that a browser would run, load as a document, or submit. */
function expectInert(body: HTMLElement) {
  const unsafe = body.querySelectorAll(
    'script, style, iframe, object, embed, form, button, input, meta, base, link, svg, math, template, noscript, details, video, marquee',
  );
  expect([...unsafe].map((e) => e.outerHTML)).toEqual([]);
  for (const element of body.querySelectorAll('*')) {
    for (const { name, value } of element.attributes) {
      expect(name, element.outerHTML).not.toMatch(/^on|^style$|^srcdoc$|^formaction$|^xlink/i);
      if (name === 'href') expect(value).toMatch(/^(https?:\/\/|mailto:)/);
      if (name === 'src') expect(value).toMatch(/^(https:\/\/|\/(?!\/))/);
    }
  }
}
