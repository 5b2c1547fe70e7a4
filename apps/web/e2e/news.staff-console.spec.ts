// News (issue 23, decision 0075): 运营 writes an article in the console's editor and publishes it;
// it shows on / and on the news page at 375 px. The stored-XSS corpus, saved and published as
// one article, renders on the member news page without anything running.
import { devices, expect, request as requestContext, test, type Browser } from '@playwright/test';
import { xssCorpus, xssCorpusHtml } from '@pcb/client/test/xss-corpus';
import { expectAccessible } from './axe';
import { expectFitsWidth } from './layout';
import { data } from './money-support';
import { consoleLogin, STAFF_PASSWORD } from './support';

const phoneContext = (browser: Browser, width = 375) =>
  browser.newContext({
    ...devices['Pixel 7'],
    viewport: { width, height: 812 },
    locale: 'zh-CN',
    timezoneId: 'Asia/Shanghai',
    baseURL: test.info().project.use.baseURL,
  });

test('运营 writes and publishes an article; members read it on / and /news', async ({
  page,
  browser,
}) => {
  const title = `阻焊颜色新增哑光黑 ${Date.now() % 100000}`;
  await consoleLogin(page, 'content');
  await page.goto('/console/news');
  await expect(page.getByRole('heading', { name: '新闻管理' })).toBeVisible();
  // The demo articles, and the seed's draft.
  await expect(page.getByRole('cell', { name: /二号厂区投产/ })).toBeVisible();
  await expect(page.getByRole('row', { name: /五一假期发货安排/ })).toContainText('草稿');
  await expectAccessible(page);
  await page.screenshot({ path: test.info().outputPath('console-news-list.png') });

  await page.getByRole('button', { name: '写新闻' }).click();
  await expect(page).toHaveURL(/\/console\/news\/new$/);
  // By role: once the editor's toolbar is there, its H2 大标题 and H3 小标题 carry 标题 too.
  await page.getByRole('textbox', { name: '标题' }).fill(title);
  await page.getByLabel('摘要').fill('哑光黑阻焊即日起可选，交期不变。');
  const body = page.getByRole('textbox', { name: '正文' });
  await body.click();
  await page.getByRole('button', { name: '大标题' }).click();
  await page.keyboard.type('新工艺说明');
  await page.keyboard.press('Enter');
  await page.getByRole('button', { name: '加粗' }).click();
  await page.keyboard.type('哑光黑阻焊');
  await page.getByRole('button', { name: '加粗' }).click();
  await page.keyboard.type('适合外观要求高的产品，');
  await page.keyboard.type('下单时在阻焊颜色中选择。');
  await expect(body.locator('h2')).toHaveText('新工艺说明');
  await expect(body.locator('strong')).toHaveText('哑光黑阻焊');
  await page.screenshot({ path: test.info().outputPath('console-news-edit.png') });

  await page.getByRole('button', { name: '保存并发布' }).click();
  await expect(page.getByText('新闻已发布')).toBeVisible();
  await expect(page).toHaveURL(/\/console\/news\/\d+$/);
  const id = Number(page.url().split('/').pop());
  await expectAccessible(page);

  await page.goto('/console/news');
  await expect(page.getByRole('row', { name: new RegExp(title) })).toContainText('已发布');

  const phone = await phoneContext(browser);
  const member = await phone.newPage();
  await member.goto('/');
  const news = member.getByRole('region', { name: '新闻动态' });
  await expect(news.getByRole('link', { name: new RegExp(title) })).toBeVisible();
  await expect(news.getByRole('link', { name: /春节放假及发货安排/ })).toContainText('置顶');
  await expect(news).not.toContainText('五一假期发货安排');
  await news.scrollIntoViewIfNeeded();
  await member.screenshot({ path: test.info().outputPath('home-news-375.png'), fullPage: true });
  await expectFitsWidth(member);

  await news.getByRole('link', { name: new RegExp(title) }).click();
  await expect(member).toHaveURL(new RegExp(`/news/${id}$`));
  const article = member.getByTestId('news-article');
  await expect(article.getByRole('heading', { name: title })).toBeVisible();
  await expect(article.locator('h2')).toHaveText('新工艺说明');
  await expect(article.locator('strong')).toHaveText('哑光黑阻焊');
  await expectFitsWidth(member);
  await expectAccessible(member);
  await member.screenshot({ path: test.info().outputPath('news-article-375.png'), fullPage: true });

  await member.goto('/news');
  await expect(member.getByTestId('news-item').filter({ hasText: title })).toBeVisible();
  await expect(member.getByTestId('news-list')).not.toContainText('五一假期发货安排');
  await expectFitsWidth(member);
  await expectAccessible(member);
  await member.screenshot({ path: test.info().outputPath('news-list-375.png'), fullPage: true });
  await phone.close();

  // At 320 px nothing runs off the side either.
  const narrow = await phoneContext(browser, 320);
  const small = await narrow.newPage();
  for (const path of ['/', '/news', `/news/${id}`]) {
    await small.goto(path);
    await expect(small.getByTestId(/-page$/).first()).toBeVisible();
    await expect(small.getByTestId('page-loading')).toHaveCount(0);
    await expectFitsWidth(small);
  }
  await small.screenshot({ path: test.info().outputPath('news-article-320.png'), fullPage: true });
  await narrow.close();
});

test('the stored-XSS corpus renders inert on the member news page', async ({ browser }) => {
  const baseURL = test.info().project.use.baseURL;
  const staff = await requestContext.newContext({ baseURL });
  const login = await data<{ session: { csrfToken: string } }>(
    await staff.post('/api/StaffAuth/Login', {
      data: { userName: 'content', password: STAFF_PASSWORD },
    }),
  );
  const headers = { 'x-csrf-token': login.session.csrfToken };
  const saved = await data<{ id: number }>(
    await staff.post('/api/StaffNews/Create', {
      headers,
      data: { title: 'XSS 合集', summary: '', content: xssCorpusHtml, isPinned: false },
    }),
  );
  await data(await staff.post('/api/StaffNews/Publish', { headers, data: { id: saved.id } }));

  const phone = await phoneContext(browser);
  const member = await phone.newPage();
  const dialogs: string[] = [];
  member.on('dialog', (dialog) => {
    dialogs.push(dialog.message());
    void dialog.dismiss();
  });
  const popups: string[] = [];
  member.on('popup', (popup) => popups.push(popup.url()));
  await member.goto(`/news/${saved.id}`);
  const body = member.getByTestId('news-body');
  // Every payload reached the page: none swallowed those after it.
  await expect(body).toContainText(`第 ${xssCorpus.length} 条`);
  // Every handler had its chance: images failed to load, animations began, focus moved.
  await member.waitForTimeout(1500);
  await body.hover();
  await member.keyboard.press('Tab');
  for (const link of await body.getByRole('link').all()) await link.hover();

  expect(await member.evaluate(() => (window as { __xss?: unknown }).__xss)).toBeUndefined();
  expect(dialogs).toEqual([]);
  expect(popups).toEqual([]);
  const executable = await body.evaluate((root) => {
    const found: string[] = [];
    for (const element of root.querySelectorAll('*')) {
      const tag = element.tagName.toLowerCase();
      if (/^(script|iframe|object|embed|form|svg|math|style|meta|base|template)$/.test(tag)) {
        found.push(tag);
      }
      for (const { name, value } of element.attributes) {
        if (/^on/i.test(name) || name === 'style' || name === 'srcdoc')
          found.push(`${tag}[${name}]`);
        if (/^\s*(javascript|data|vbscript):/i.test(value)) found.push(`${tag}[${name}=${value}]`);
      }
    }
    return found;
  });
  expect(executable).toEqual([]);
  await member.screenshot({ path: test.info().outputPath('news-xss-375.png'), fullPage: true });
  await phone.close();

  await data(await staff.post('/api/StaffNews/Delete', { headers, data: { id: saved.id } }));
  await staff.dispose();
});
