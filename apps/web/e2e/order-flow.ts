// The member's way to an order through the screens (the quote page, /fillOrder, 查看订单), and
// a phone of their own beside a staff member's desktop, for the specs of an order's life.
import {
  devices,
  expect as baseExpect,
  test,
  type APIRequestContext,
  type Browser,
  type Page,
} from '@playwright/test';
import { twoLayerBoard, zipFiles } from '../../../tooling/gerber-fixtures/make.mjs';
import { recordNotices } from './notices';
// `useToken` is no React hook: named otherwise here, where a plain function calls it.
import { apiRegister, uniqueMobile, useToken as signIn } from './support';

// The quote page, the upload and the lazy screens on two cores shared with the server and
// other browsers: more time to appear than the default five seconds.
const expect = baseExpect.configure({ timeout: 60_000 });

export interface Member {
  mobile: string;
  token: string;
  receiverMobile: string;
}

/**
 * A fresh member with one shipping address (the address screens have their own spec), signed
 * up and saved through the API.
 */
export async function newMember(request: APIRequestContext): Promise<Member> {
  const mobile = uniqueMobile();
  const token = await apiRegister(request, { mobile, password: 'Life2026pass' });
  const receiverMobile = uniqueMobile();
  const created = await request.post('/api/MemberReceiver/Create', {
    headers: { authorization: `Bearer ${token}` },
    data: {
      receiverName: '王工',
      mobile: receiverMobile,
      regionCode: '450103',
      address: '民族大道100号',
    },
  });
  expect(created.ok()).toBe(true);
  return { mobile, token, receiverMobile };
}

/** The member's own phone (375 × 812, touch), signed in, beside the staff's desktop. */
export async function memberPhone(browser: Browser, member: Member): Promise<Page> {
  const context = await browser.newContext({
    ...devices['Pixel 7'],
    viewport: { width: 375, height: 812 },
    locale: 'zh-CN',
    timezoneId: 'Asia/Shanghai',
    baseURL: test.info().project.use.baseURL,
  });
  const page = await context.newPage();
  await recordNotices(page);
  await signIn(page, member.token);
  return page;
}

/** Waits for the screen to be still: no request in flight, no animation running. */
export async function settle(page: Page): Promise<void> {
  await page.waitForLoadState('networkidle');
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((a) => a.effect?.getTiming().iterations !== Infinity)
        .map((a) => a.finished.catch(() => undefined)),
    ),
  );
}

/** A picture of the screen as it is, kept with the test's results. */
export async function shot(page: Page, name: string): Promise<void> {
  await settle(page);
  await page.screenshot({ path: test.info().outputPath(`${name}.png`), fullPage: true });
}

export interface PlacedOrder {
  id: number;
  orderNo: string;
  /** As /fillOrder showed it, e.g. `¥431.00`. */
  total: string;
  /** The detail's address. */
  url: string;
}

/** The design file a kind's order carries. */
const designFiles = {
  pcb: () => ({
    name: 'board-2layer.zip',
    mimeType: 'application/zip',
    buffer: Buffer.from(zipFiles(twoLayerBoard().files)),
  }),
  smt: () => ({
    name: 'smt-files.zip',
    mimeType: 'application/zip',
    buffer: Buffer.from('PK\x03\x04 bom and pick-and-place'),
  }),
  stencil: () => ({
    name: 'stencil.pdf',
    mimeType: 'application/pdf',
    buffer: Buffer.from('%PDF-1.4 paste layer'),
  }),
};

/**
 * The member prices an order on the quote page, goes on to /fillOrder, adds the design file,
 * submits it and opens it with 查看订单. A PCB's Gerber zip is read on the quote page (it sets
 * 100 × 80 mm, 2 layers) and carried to /fillOrder, as a member would do it.
 */
export async function placeOrder(
  page: Page,
  kind: 'pcb' | 'smt' | 'stencil',
  quantity: string,
): Promise<PlacedOrder> {
  await page.goto(kind === 'pcb' ? '/OrdersPCB' : `/OrdersPCB?kind=${kind}`);
  await expect(page.getByTestId('quote-total')).toHaveText(/^¥\d/);
  if (kind === 'pcb') {
    await page.getByTestId('gerber-input').setInputFiles(designFiles.pcb());
    await expect(page.getByAltText('电路板顶面预览')).toBeVisible({ timeout: 20_000 });
    await expect(page.getByRole('textbox', { name: '长(mm)' })).toHaveValue('100');
    await page.getByRole('textbox', { name: '数量' }).fill(quantity);
    await expect(page.getByTestId('quote-param-string')).toContainText(`${quantity}片`);
  } else {
    await page.getByRole('textbox', { name: /数量/ }).fill(quantity);
  }
  await expect(page.getByTestId('quote-total')).toHaveText(/^¥\d/);
  await page.getByTestId('quote-order').click();

  await expect(page).toHaveURL(/\/fillOrder$/);
  if (kind !== 'pcb') {
    await page.getByTestId('order-file-input').setInputFiles(designFiles[kind]());
  }
  await expect(page.getByTestId('order-file')).toHaveAttribute('data-status', 'done');
  await expect(page.getByTestId('order-receiver')).toContainText('王工');
  const total = page.getByTestId('order-total');
  await expect(total).toHaveText(/^¥\d/);
  const shown = (await total.textContent())!;
  await page.getByTestId('order-submit').click();

  const placed = page.getByTestId('order-placed');
  const prefix = { pcb: 'P', smt: 'S', stencil: 'G' }[kind];
  await expect(placed.getByTestId('order-no')).toHaveText(new RegExp(`^${prefix}\\d{8,}$`));
  await expect(placed).toContainText('待审核');
  await expect(placed).toContainText(shown);
  const orderNo = (await placed.getByTestId('order-no').textContent())!;
  await page.getByTestId('order-view').click();
  await expect(page).toHaveURL(/\/TheOrders\/orderDetail\?id=\d+/);
  await expect(page.getByTestId('order-no')).toHaveText(orderNo);
  const url = page.url();
  const id = Number(new URL(url).searchParams.get('id'));
  return { id, orderNo, total: shown, url };
}

/** The detail's status band: the status tag and the amount. */
export async function expectDetailStatus(page: Page, status: string, total?: string) {
  const band = page.getByTestId('order-band');
  await expect(band.getByTestId('order-status')).toHaveText(status);
  if (total) await expect(band).toContainText(total);
}
