// The invoicing centre (开票中心, issue 22, decisions 0067–0069) from both sides: a member's
// order placed with an invoice is paid, becomes a bill on /MakeInvoice, the member requests an
// invoice on their phone; finance issues it in the console (a second browser context, a
// generated PDF outside production), the member downloads the PDF from invoiceDetail. Then a
// rejected request and a deleted one free their bills again.
import { randomUUID } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { expect as baseExpect, test, type APIRequestContext, type Page } from '@playwright/test';
import type { UploadTicket } from '@pcb/contract';
import { defaultPcbParams } from '@pcb/pricing';
import { FINANCE_TOTP_SECRET, staffPage } from './desk';
import { apiSetPaymentPassword, data, shot, staff, yuanText } from './money-support';
import { memberPhone } from './order-flow';
import { apiRegister, confirmDialog, toast, uniqueMobile } from './support';

const expect = baseExpect.configure({ timeout: 30_000 });
test.describe.configure({ timeout: 300_000 });

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
const PAY_PASSWORD = '258036';
const COMPANY = '南宁开票电子有限公司';

/** A member with a 普票 profile of their company, a receiver and a design file. */
async function invoicingMember(request: APIRequestContext) {
  const mobile = uniqueMobile();
  const token = await apiRegister(request, { mobile, password: 'Order2026pass' });
  const profile = await data<{ id: number }>(
    await request.post('/api/MemberInvoice/Create', {
      headers: bearer(token),
      data: {
        invoiceType: 'normal',
        titleType: 'company',
        title: COMPANY,
        taxNumber: '91440300MA5DCKXX0T',
        email: 'caiwu@nanning.example',
      },
    }),
  );
  const receiver = await data<{ id: number }>(
    await request.post('/api/MemberReceiver/Create', {
      headers: bearer(token),
      data: { receiverName: '李工', mobile, regionCode: '450103', address: '民族大道100号' },
    }),
  );
  const me = await data<{ id: number }>(
    await request.get('/api/MemberInfo/Get', { headers: bearer(token) }),
  );
  return { mobile, token, profileId: profile.id, receiverId: receiver.id, memberId: me.id };
}

type InvoicingMember = Awaited<ReturnType<typeof invoicingMember>>;

/** A PCB order placed with a 普票 on the member's profile, passed by the engineer: 待付款. */
async function invoicedOrder(request: APIRequestContext, m: InvoicingMember, baseURL: string) {
  const ticket = await data<UploadTicket>(
    await request.get('/api/Common/getUploadCode?dirType=pcbFile&fileExt=zip', {
      headers: bearer(m.token),
    }),
  );
  const fileKey = `${ticket.dir}${ticket.filename}${ticket.fileExt}`;
  const stored = await request.post(ticket.host, {
    multipart: {
      key: fileKey,
      OSSAccessKeyId: ticket.accessid,
      policy: ticket.policy,
      Signature: ticket.signature,
      success_action_status: '200',
      'x-oss-forbid-overwrite': 'true',
      file: { name: '主控板.zip', mimeType: 'application/zip', buffer: Buffer.from('PK\x03\x04') },
    },
  });
  expect(stored.status()).toBe(200);
  const quote = await data<{ total: number; sheetVersion: number }>(
    await request.post('/api/Pcb/CalcPrice', {
      headers: bearer(m.token),
      data: {
        params: defaultPcbParams,
        receiverId: m.receiverId,
        courier: 'sf',
        invoice: 'vatPlain',
      },
    }),
  );
  const order = await data<{ id: number; orderNo: string; total: number }>(
    await request.post('/api/Pcb/SaveOrder', {
      headers: bearer(m.token),
      data: {
        params: defaultPcbParams,
        sheetVersion: quote.sheetVersion,
        expectedTotal: quote.total,
        receiverId: m.receiverId,
        courier: 'sf',
        invoice: 'vatPlain',
        invoiceProfileId: m.profileId,
        fileKey,
        fileName: '主控板.zip',
        requestId: randomUUID(),
      },
    }),
  );
  const factory = await staff(baseURL);
  await factory.pass(order.id);
  await factory.dispose();
  return order;
}

/** Orders paid from the balance until the bills reach the ¥100 minimum of one request. */
async function paidBills(request: APIRequestContext, baseURL: string, count: number) {
  const m = await invoicingMember(request);
  const orders = [];
  for (let i = 0; i < count; i += 1) orders.push(await invoicedOrder(request, m, baseURL));
  const factory = await staff(baseURL);
  await factory.credit(
    m.memberId,
    orders.reduce((sum, o) => sum + o.total, 0),
  );
  await factory.dispose();
  const token = await apiSetPaymentPassword(
    request,
    { token: m.token, mobile: m.mobile },
    PAY_PASSWORD,
  );
  for (const order of orders) {
    await data(
      await request.post('/api/Pcb/Pay', {
        headers: bearer(token),
        data: {
          id: order.id,
          method: 'balance',
          paymentPassword: PAY_PASSWORD,
          requestId: randomUUID(),
        },
      }),
    );
  }
  return { member: { ...m, token, receiverMobile: m.mobile }, orders };
}

/** Requests an invoice for every open bill on the phone; answers the request's id. */
async function requestAll(phone: Page, total: number): Promise<number> {
  await phone.goto('/MakeInvoice');
  await expect(phone.getByTestId('bill-item').first()).toBeVisible();
  await phone.getByTestId('bill-select-all').click();
  await expect(phone.getByTestId('bill-total')).toContainText(yuanText(total));
  await phone.getByTestId('bill-apply').click();
  await expect(phone).toHaveURL(/\/MakeInvoice\/applyInvoice\/normal\/[\d,]+$/);
  await expect(phone.getByTestId('apply-total')).toHaveText(yuanText(total));
  await expect(phone.getByTestId('apply-submit')).toBeEnabled();
  await phone.getByTestId('apply-submit').click();
  await expect(toast(phone, '开票申请已提交')).toBeVisible();
  await expect(phone).toHaveURL(/\/MakeInvoice\/invoiceDetail\/\d+$/);
  await expect(phone.getByTestId('detail-status')).toHaveText('待开票');
  return Number(/(\d+)$/.exec(phone.url())![1]);
}

test('a paid order → a bill → a request → finance issues → the member downloads the PDF', async ({
  browser,
  request,
  baseURL,
}) => {
  // Enough orders for the ¥100 minimum of a request.
  const probe = await invoicingMember(request);
  const one = await invoicedOrder(request, probe, baseURL!);
  const count = Math.max(1, Math.ceil(10_000 / one.total));
  const { member, orders } = await paidBills(request, baseURL!, count);
  const total = orders.reduce((sum, o) => sum + o.total, 0);

  const phone = await memberPhone(browser, member);
  await phone.goto('/member');
  await expect(phone.getByTestId('member-entry-invoices')).toHaveText('开票中心');
  await phone.getByTestId('member-entry-invoices').click();
  await expect(phone).toHaveURL(/\/MakeInvoice$/);
  await expect(phone.getByTestId('bill-item')).toHaveCount(orders.length);
  await shot(phone, 'invoicing-bills');
  const requestId = await requestAll(phone, total);
  await shot(phone, 'invoicing-request-pending');

  // Finance, in its own browser: the queue, the request, issue (a generated PDF here).
  const finance = await staffPage(browser, 'finance', FINANCE_TOTP_SECRET);
  await finance.goto(`/console/finance/invoice-requests?apply=${requestId}`);
  const drawer = finance.getByRole('dialog').filter({ hasText: `开票申请 #${requestId}` });
  await expect(drawer).toContainText(COMPANY);
  await expect(drawer).toContainText(yuanText(total));
  await finance.screenshot({ path: test.info().outputPath('invoicing-console-request.png') });
  await drawer.getByRole('button', { name: /^通\s*过$/ }).click();
  await confirmDialog(finance, /^通\s*过$/);
  await expect(finance.getByText('已开具，会员已收到通知')).toBeVisible();
  await expect(drawer.getByTestId('invoice-pdf-link')).toBeVisible();
  await finance.screenshot({ path: test.info().outputPath('invoicing-console-issued.png') });

  // The member: issued, the PDF downloads.
  await phone.reload();
  await expect(phone.getByTestId('detail-status')).toHaveText('已开票');
  await shot(phone, 'invoicing-issued');
  const download = phone.waitForEvent('download');
  await phone.getByTestId('detail-download').click();
  const file = await (await download).path();
  const bytes = await readFile(file);
  expect(bytes.subarray(0, 5).toString()).toBe('%PDF-');

  // Mailed to the profile's address (the sandbox outbox, in the console).
  await finance.goto('/console/invoice-mail-outbox');
  await expect(finance.getByText('caiwu@nanning.example').first()).toBeVisible();

  // The bills are invoiced now.
  await phone.goto('/MakeInvoice');
  await phone.getByTestId('bill-state-invoiced').click();
  await expect(phone.getByTestId('bill-item')).toHaveCount(orders.length);
  await phone.context().close();
  await finance.context().close();
});

test('a rejected request and a deleted one free their bills', async ({
  browser,
  request,
  baseURL,
}) => {
  const probe = await invoicingMember(request);
  const one = await invoicedOrder(request, probe, baseURL!);
  const count = Math.max(1, Math.ceil(10_000 / one.total));
  const { member, orders } = await paidBills(request, baseURL!, count);
  const total = orders.reduce((sum, o) => sum + o.total, 0);
  const phone = await memberPhone(browser, member);

  // Deleted while waiting.
  await requestAll(phone, total);
  await phone.getByTestId('detail-delete').click();
  await phone.locator('.adm-dialog-button', { hasText: '删除' }).click();
  await expect(toast(phone, '已删除')).toBeVisible();
  await expect(phone).toHaveURL(/\/MakeInvoice\?tab=requests$/);
  await expect(phone.getByTestId('page-empty')).toBeVisible();

  // Asked again, rejected by finance with a reason.
  const requestId = await requestAll(phone, total);
  const finance = await staffPage(browser, 'finance', FINANCE_TOTP_SECRET);
  await finance.goto(`/console/finance/invoice-requests?apply=${requestId}`);
  const drawer = finance.getByRole('dialog').filter({ hasText: `开票申请 #${requestId}` });
  await drawer.getByRole('button', { name: /^驳\s*回$/ }).click();
  const modal = finance.getByRole('dialog', { name: '驳回开票申请' });
  await modal.getByRole('textbox').fill('发票抬头与合同不一致，请核对');
  await modal.getByRole('button', { name: /^驳\s*回$/ }).click();
  await expect(drawer).toContainText('已驳回');

  await phone.reload();
  await expect(phone.getByTestId('detail-status')).toHaveText('已驳回');
  await expect(phone.getByTestId('detail-reason')).toContainText('发票抬头与合同不一致');
  await shot(phone, 'invoicing-rejected');
  await phone.goto('/MakeInvoice');
  await expect(phone.getByTestId('bill-item')).toHaveCount(orders.length);
  await expect(phone.getByTestId('bill-item').first()).toHaveAttribute('data-state', 'open');
  await phone.goto('/MakeInvoice?tab=requests');
  await expect(phone.getByTestId('request-item')).toHaveCount(1);
  await shot(phone, 'invoicing-requests');
  await phone.context().close();
  await finance.context().close();
});
