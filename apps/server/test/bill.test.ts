import { billRefusals, INVOICE_MIN_TOTAL, type PlacedOrder } from '@pcb/contract';
import { Bill, StaffInvoice } from '@pcb/contract/bill';
import { MemberInvoice } from '@pcb/contract/member-invoice';
import { StaffUpload } from '@pcb/contract/staff-upload';
import { yuan } from '@pcb/pricing';
import { extractText, getDocumentProxy } from 'unpdf';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call } from './call';
import { pcbOrderBody, saveOrder } from './order-support';
import { moduleOf, pay as recordOffline, staffPost } from './order-lifecycle-support';
import {
  expectBooksClean,
  fund,
  pay,
  payer,
  paymentTest,
  type Member,
  type PaymentTest,
} from './payment-support';
import { postToSandbox, ticketFields } from './upload-support';

const COMPANY = '深圳华创电子有限公司';
const TAX = '91440300MA5DCKXX0T';
const OTHER_TAX = '91310000MA1FL5KX54';

let p: PaymentTest;
beforeAll(async () => {
  p = await paymentTest();
});
afterAll(async () => {
  await p.t.close();
});

async function profile(member: Member, body: Record<string, unknown> = {}): Promise<number> {
  const res = await call(
    p.t,
    MemberInvoice.Create,
    {
      invoiceType: 'normal',
      titleType: 'company',
      title: COMPANY,
      taxNumber: TAX,
      email: 'finance@huachuang.example',
      ...body,
    } as never,
    { token: member.token },
  );
  if (!res.body.success) throw new Error(`profile refused: ${res.body.message}`);
  return res.body.data.id;
}

/** A PCB order placed with an invoice on `profileId`, passed by the engineer: 待付款. */
async function invoicedOrder(
  member: Member,
  profileId: number,
  invoice: 'vatPlain' | 'vatSpecial' = 'vatPlain',
): Promise<PlacedOrder> {
  const res = await saveOrder(
    p.t,
    member.token,
    await pcbOrderBody(p.t, member.setup, { invoice, invoiceProfileId: profileId }),
  );
  if (!res.body.success) throw new Error(`order refused: ${res.body.message}`);
  const pass = await staffPost(p.t, p.staff.engineer, 'Pass', { id: res.body.data.id });
  if (!pass.body.success) throw new Error(`pass refused: ${pass.body.message}`);
  return res.body.data;
}

/** Paid by the finance's recorded transfer. */
async function paidOrder(member: Member, profileId: number, invoice?: 'vatPlain' | 'vatSpecial') {
  const order = await invoicedOrder(member, profileId, invoice);
  await recordOffline(p.t, p.staff, order.id, order.total);
  return order;
}

const bills = (member: Member, filter: Record<string, unknown> = {}) =>
  call(p.t, Bill.GetList, { page: 1, pageSize: 50, ...filter } as never, { token: member.token });

const check = (member: Member, billIds: number[], invoiceProfileId: number) =>
  call(p.t, Bill.CheckBillStandard, { billIds, invoiceProfileId }, { token: member.token });

const save = (member: Member, billIds: number[], invoiceProfileId: number) =>
  call(p.t, Bill.SaveRequest, { billIds, invoiceProfileId }, { token: member.token });

/** A bill as the payment's trigger writes it, for rules that need odd ones. */
async function syntheticBill(
  member: Member,
  values: {
    amount?: number;
    excluded?: number;
    type?: 'normal' | 'special';
    title?: string;
    tax?: string | null;
    refunded?: boolean;
  } = {},
): Promise<number> {
  const id = 1_000_000_000 + Math.floor(Math.random() * 1_000_000_000);
  const amount = values.amount ?? 50_000;
  const excluded = values.excluded ?? 0;
  await p.t.database.pool.query(
    `INSERT INTO bill (order_id, member_id, order_no, order_kind, invoice_type, title_type, title,
       tax_number, paid_fen, excluded_fen, amount_fen, refunded_fen, paid_at, refunded_at)
     VALUES ($1, $2, $3, 'pcb', $4, $5, $6, $7, $8, $9, $10, $11, now(), $12)`,
    [
      id,
      member.id,
      `PT${id}`,
      values.type ?? 'normal',
      values.tax === null ? 'personal' : 'company',
      values.title ?? COMPANY,
      values.tax === undefined ? TAX : values.tax,
      amount + excluded,
      excluded,
      amount,
      values.refunded ? amount : 0,
      values.refunded ? new Date() : null,
    ],
  );
  return id;
}

const messagesOf = async (memberId: number) =>
  (
    await p.t.database.pool.query<{ title: string; link: string }>(
      'SELECT title, link FROM member_message WHERE member_id = $1 ORDER BY id',
      [memberId],
    )
  ).rows;

const outboxFor = async (requestId: number) =>
  (
    await p.t.database.pool.query<{ to_address: string; attachment_url: string }>(
      'SELECT to_address, attachment_url FROM invoice_mail_outbox WHERE request_id = $1',
      [requestId],
    )
  ).rows;

describe('bills follow paid orders', () => {
  it('an order paid with an invoice is a bill of its paid amount; one without is none', async () => {
    const member = await payer(p.t);
    const pid = await profile(member);
    const order = await paidOrder(member, pid);
    const list = await bills(member);
    expect(list.body.data.items).toHaveLength(1);
    const [b] = list.body.data.items;
    expect(b).toMatchObject({
      id: order.id,
      orderNo: order.orderNo,
      invoiceType: 'normal',
      title: COMPANY,
      paid: order.total,
      excluded: 0,
      refunded: 0,
      amount: order.total,
      state: 'open',
      requestId: null,
    });
    // Unpaid and invoice-less orders are no bills.
    await invoicedOrder(member, pid);
    expect((await bills(member)).body.data.total).toBe(1);
  });

  it('the gift balance is not invoiceable; a refund takes the bill to zero, exactly', async () => {
    const member = await payer(p.t);
    const pid = await profile(member);
    const gifted = await invoicedOrder(member, pid);
    await fund(p, member.id, gifted.total, 'gift');
    expect((await pay(p.t, member, gifted, 'gift')).body.success).toBe(true);
    const byBalance = await invoicedOrder(member, pid);
    await fund(p, member.id, byBalance.total);
    expect((await pay(p.t, member, byBalance, 'balance')).body.success).toBe(true);

    const items = (await bills(member)).body.data.items;
    const gift = items.find((b) => b.id === gifted.id)!;
    expect(gift).toMatchObject({ paid: gifted.total, excluded: gifted.total, amount: 0 });
    const check1 = await check(member, [gifted.id], pid);
    expect(check1.body.data.reason).toBe(billRefusals.nothingToInvoice(gifted.orderNo));

    const total = await call(p.t, Bill.GetTotalAmount, { params: {} }, { token: member.token });
    expect(total.body.data).toEqual({ total: byBalance.total, count: 1 });

    const cancel = await p.t.post(
      `/api/${moduleOf.pcb}/Cancel`,
      { id: byBalance.id, reason: '不需要了' },
      { token: member.token },
    );
    expect(cancel.body.success).toBe(true);
    const after = (await bills(member)).body.data.items.find((b) => b.id === byBalance.id)!;
    expect(after).toMatchObject({ paid: byBalance.total, refunded: byBalance.total, amount: 0 });
    expect(after.state).toBe('refunded');
    const total2 = await call(p.t, Bill.GetTotalAmount, { params: {} }, { token: member.token });
    expect(total2.body.data).toEqual({ total: 0, count: 0 });
    expect((await check(member, [byBalance.id], pid)).body.data.reason).toBe(
      billRefusals.refunded(byBalance.orderNo),
    );
    await expectBooksClean(p.t);
  });
});

describe('CheckBillStandard', () => {
  it('refuses each broken rule with its reason, and passes a good selection', async () => {
    const member = await payer(p.t);
    const other = await payer(p.t);
    const pid = await profile(member);
    const personal = await profile(member, {
      titleType: 'personal',
      title: '张工',
      taxNumber: undefined,
    });
    const otherCompany = await profile(member, { title: '另一家公司', taxNumber: OTHER_TAX });
    const good = await syntheticBill(member);
    const reason = async (ids: number[], profileId = pid) =>
      (await check(member, ids, profileId)).body.data.reason;

    expect(await reason([])).toBe(billRefusals.noBills);
    expect(await reason([await syntheticBill(other)])).toBe(billRefusals.notFound);
    expect(await reason([good, 999_999_999])).toBe(billRefusals.notFound);
    const refunded = await syntheticBill(member, { refunded: true });
    expect(await reason([good, refunded])).toBe(billRefusals.refunded(`PT${refunded}`));
    const zero = await syntheticBill(member, { amount: 0, excluded: 20_000 });
    expect(await reason([zero])).toBe(billRefusals.nothingToInvoice(`PT${zero}`));
    const special = await syntheticBill(member, { type: 'special' });
    expect(await reason([good, special])).toBe(billRefusals.mixedTypes);
    expect(await reason([special])).toBe(billRefusals.typeMismatch('special'));
    expect(await reason([good], 999_999_999)).toBe(billRefusals.profileNotFound);
    const otherMembersProfile = await profile(other);
    expect(await reason([good], otherMembersProfile)).toBe(billRefusals.profileNotFound);
    const elsewhere = await syntheticBill(member, { title: '另一家公司', tax: OTHER_TAX });
    expect(await reason([good, elsewhere])).toBe(billRefusals.mixedCompanies);
    expect(await reason([good], otherCompany)).toBe(billRefusals.otherCompany(COMPANY));
    expect(await reason([good], personal)).toBe(billRefusals.otherCompany(COMPANY));
    const small = await syntheticBill(member, { amount: INVOICE_MIN_TOTAL - 1 });
    expect(await reason([small])).toBe(billRefusals.belowMinimum(yuan(INVOICE_MIN_TOTAL)));

    // 专票: the profile needs the certification, now.
    await p.t.database.pool.query('UPDATE member SET certified_at = now() WHERE id = $1', [
      member.id,
    ]);
    const specialProfile = await profile(member, {
      invoiceType: 'special',
      registeredAddress: '深圳市南山区高新南七道18号',
      registeredPhone: '0755-12345678',
      bankName: '招商银行深圳分行',
      bankAccount: '755912345610001',
    });
    expect((await check(member, [special], specialProfile)).body.data.ok).toBe(true);
    await p.t.database.pool.query('UPDATE member SET certified_at = NULL WHERE id = $1', [
      member.id,
    ]);
    expect(await reason([special], specialProfile)).toBe(billRefusals.specialNotAllowed);

    // Passes, with the total; then in a request, then invoiced.
    const ok = await check(member, [good, small], pid);
    expect(ok.body.data).toEqual({
      ok: true,
      reason: null,
      total: 50_000 + INVOICE_MIN_TOTAL - 1,
      count: 2,
    });
    const saved = await save(member, [good, small], pid);
    expect(saved.body.success).toBe(true);
    expect(await reason([good])).toBe(billRefusals.requested(`PT${good}`));
    const refused = await save(member, [good], pid);
    expect(refused.status).toBe(400);
    expect(refused.body.message).toBe(billRefusals.requested(`PT${good}`));
    const issued = await call(
      p.t,
      StaffInvoice.Approve,
      { id: saved.body.data.id },
      {
        staff: p.staff.finance,
      },
    );
    expect(issued.body.success).toBe(true);
    expect(await reason([good])).toBe(billRefusals.invoiced(`PT${good}`));
  });

  it('bad input is a 400 in Chinese', async () => {
    const member = await payer(p.t);
    const res = await p.t.post(
      '/api/Bill/SaveRequest',
      { billIds: 'x', invoiceProfileId: 1 },
      { token: member.token },
    );
    expect(res.status).toBe(400);
    expect(res.body.message).toMatch(/[\u4e00-\u9fa5]/);
  });
});

describe('a bill is in at most one live request', () => {
  it('of 60 requests at once for one bill (the issue asks 20), one is made', async () => {
    const member = await payer(p.t);
    const pid = await profile(member);
    const shared = await syntheticBill(member);
    const results = await Promise.all(
      Array.from({ length: 60 }, async (_, i) => {
        const own = await syntheticBill(member, { amount: 20_000 + i });
        return save(member, [own, shared], pid);
      }),
    );
    const made = results.filter((r) => r.body.success);
    expect(made).toHaveLength(1);
    for (const r of results.filter((x) => !x.body.success)) {
      expect([400, 409]).toContain(r.status);
      expect(r.body.message).toBe(billRefusals.requested(`PT${shared}`));
    }
    const { rows } = await p.t.database.pool.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM invoice_request_bill l JOIN invoice_request r ON r.id = l.request_id
       WHERE l.order_id = $1 AND r.status <> 'rejected'`,
      [shared],
    );
    expect(rows[0]!.n).toBe(1);
    // The losers' own bills were not kept: their requests rolled back.
    const open = await call(p.t, Bill.GetTotalAmount, { params: {} }, { token: member.token });
    expect(open.body.data.count).toBe(59);
    // The database refuses a second claim whatever the code does.
    const second = await p.t.database.pool.query(
      `UPDATE bill SET request_id = request_id WHERE order_id = $1 AND request_id IS NULL`,
      [shared],
    );
    expect(second.rowCount).toBe(0);
  });
});

describe('the request: issued, rejected, deleted', () => {
  it('from a paid order to an issued invoice: message, PDF for the owner only, mail and resend', async () => {
    const member = await payer(p.t);
    const stranger = await payer(p.t);
    const pid = await profile(member);
    const order = await paidOrder(member, pid);
    const extra = await syntheticBill(member, { amount: INVOICE_MIN_TOTAL });
    const saved = await save(member, [order.id, extra], pid);
    expect(saved.body.data).toMatchObject({
      status: 'pending',
      title: COMPANY,
      total: order.total + INVOICE_MIN_TOTAL,
      billCount: 2,
      invoiceNo: null,
    });
    const id = saved.body.data.id;
    expect((await bills(member, { state: 'requested' })).body.data.total).toBe(2);

    const queue = await call(
      p.t,
      StaffInvoice.List,
      { status: 'pending', page: 1, pageSize: 100 },
      {
        staff: p.staff.finance,
      },
    );
    expect(queue.body.data.items.map((r) => r.id)).toContain(id);
    const sales = await call(
      p.t,
      StaffInvoice.List,
      { page: 1, pageSize: 20 },
      {
        staff: p.staff.sales,
      },
    );
    expect(sales.status).toBe(403);

    const issued = await call(p.t, StaffInvoice.Approve, { id }, { staff: p.staff.finance });
    expect(issued.body.success).toBe(true);
    const again = await call(p.t, StaffInvoice.Approve, { id }, { staff: p.staff.finance });
    expect(again.status).toBe(409);

    const detail = await call(p.t, Bill.GetRequestDetail, { id }, { token: member.token });
    expect(detail.body.data.status).toBe('approved');
    expect(detail.body.data.invoiceNo).toMatch(/^\d{20}$/);
    expect(detail.body.data.bills.map((b) => b.id).sort()).toEqual([order.id, extra].sort());
    const url = detail.body.data.pdfUrl!;
    const pdf = await p.t.app.inject({ method: 'GET', url: url.replace(/^https?:\/\/[^/]+/, '') });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    // The generated invoice, in the CJK font: whom to, the number, the total, the sandbox mark.
    const doc = await getDocumentProxy(new Uint8Array(pdf.rawPayload));
    const flat = (await extractText(doc, { mergePages: true })).text.replace(/\s+/g, '');
    expect(flat).toContain(COMPANY);
    expect(flat).toContain(detail.body.data.invoiceNo!);
    expect(flat).toContain(yuan(order.total + INVOICE_MIN_TOTAL));
    expect(flat).toContain('非税务机关开具');

    expect((await messagesOf(member.id)).map((m) => m.title)).toContain('电子发票已开具');
    await new Promise((r) => setTimeout(r, 50));
    const mails = await outboxFor(id);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.to_address).toBe('finance@huachuang.example');
    expect((await bills(member, { state: 'invoiced' })).body.data.total).toBe(2);

    expect((await call(p.t, Bill.ResendMail, { id }, { token: member.token })).body.success).toBe(
      true,
    );
    expect(await outboxFor(id)).toHaveLength(2);
    const staffResend = await call(
      p.t,
      StaffInvoice.ResendMail,
      { id },
      { staff: p.staff.finance },
    );
    expect(staffResend.body.success).toBe(true);
    expect(await outboxFor(id)).toHaveLength(3);

    // Nobody else sees any of it.
    expect((await bills(stranger)).body.data.total).toBe(0);
    expect((await call(p.t, Bill.GetRequestDetail, { id }, { token: stranger.token })).status).toBe(
      404,
    );
    expect((await call(p.t, Bill.ResendMail, { id }, { token: stranger.token })).status).toBe(404);
    expect((await call(p.t, Bill.DeleteRequest, { id }, { token: stranger.token })).status).toBe(
      404,
    );
    const sum = await call(
      p.t,
      Bill.GetTotalAmount,
      { params: { ids: [order.id] } },
      {
        token: stranger.token,
      },
    );
    expect(sum.body.data).toEqual({ total: 0, count: 0 });
    const list = await call(
      p.t,
      Bill.GetRequestList,
      { page: 1, pageSize: 20 },
      {
        token: stranger.token,
      },
    );
    expect(list.body.data.total).toBe(0);

    // An issued request is no longer deletable.
    expect((await call(p.t, Bill.DeleteRequest, { id }, { token: member.token })).status).toBe(409);

    // A refund after issue: the request is flagged for a red-letter invoice.
    const cancel = await staffPost(p.t, p.staff.admin, 'Cancel', {
      id: order.id,
      reason: '客户取消，全额退款',
    });
    expect(cancel.body.success).toBe(true);
    const red = await call(p.t, StaffInvoice.RedLetters, { page: 1 }, { staff: p.staff.finance });
    expect(red.body.data.items.find((r) => r.id === id)?.needsRedLetter).toBe(true);
    const refunded = (await bills(member)).body.data.items.find((b) => b.id === order.id)!;
    expect(refunded).toMatchObject({ state: 'refunded', amount: 0, refunded: order.total });
    await expectBooksClean(p.t);
  });

  it('issues with the tax bureau PDF finance uploaded', async () => {
    const member = await payer(p.t);
    const pid = await profile(member);
    const saved = await save(member, [await syntheticBill(member)], pid);
    const id = saved.body.data.id;
    const generic = await call(
      p.t,
      StaffUpload.GetUploadCode,
      { dirType: 'invoicePdf', fileExt: '.pdf' },
      { staff: p.staff.admin },
    );
    expect(generic.status).toBe(400);
    const ticket = await call(
      p.t,
      StaffInvoice.GetPdfUploadCode,
      { fileExt: '.pdf' },
      {
        staff: p.staff.finance,
      },
    );
    expect(ticket.body.success).toBe(true);
    const t = ticket.body.data as unknown as Parameters<typeof ticketFields>[0] & { key: string };
    const up = await postToSandbox(p.t, ticketFields(t), {
      content: Buffer.from('%PDF-1.7 bureau'),
    });
    expect(up.statusCode).toBe(200);
    const key = `${t.dir}${t.filename}${t.fileExt}`;
    const noNumber = await call(
      p.t,
      StaffInvoice.Approve,
      { id, pdfKey: key },
      {
        staff: p.staff.finance,
      },
    );
    expect(noNumber.status).toBe(400);
    const notUploaded = await call(
      p.t,
      StaffInvoice.Approve,
      { id, pdfKey: 'invoicePdf/staff-1/nothing.pdf', invoiceNo: '12345678901234567890' },
      { staff: p.staff.finance },
    );
    expect(notUploaded.status).toBe(400);
    const ok = await call(
      p.t,
      StaffInvoice.Approve,
      { id, pdfKey: key, invoiceNo: '24442000000012345678' },
      { staff: p.staff.finance },
    );
    expect(ok.body.success).toBe(true);
    const detail = await call(p.t, Bill.GetRequestDetail, { id }, { token: member.token });
    expect(detail.body.data.invoiceNo).toBe('24442000000012345678');
    const { rows } = await p.t.database.pool.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM audit_log WHERE object_type = 'invoiceRequest' AND object_id = $1`,
      [String(id)],
    );
    expect(rows[0]!.n).toBe(1);
  });

  it('rejected with a reason frees the bills and tells the member; deleted while pending too', async () => {
    const member = await payer(p.t);
    const pid = await profile(member);
    const b1 = await syntheticBill(member);
    const first = await save(member, [b1], pid);
    const noReason = await call(
      p.t,
      StaffInvoice.Reject,
      { id: first.body.data.id, reason: ' ' },
      {
        staff: p.staff.finance,
      },
    );
    expect(noReason.status).toBe(400);
    const rejected = await call(
      p.t,
      StaffInvoice.Reject,
      { id: first.body.data.id, reason: '抬头与合同不一致' },
      { staff: p.staff.finance },
    );
    expect(rejected.body.success).toBe(true);
    const detail = await call(
      p.t,
      Bill.GetRequestDetail,
      { id: first.body.data.id },
      {
        token: member.token,
      },
    );
    expect(detail.body.data).toMatchObject({
      status: 'rejected',
      rejectReason: '抬头与合同不一致',
      pdfUrl: null,
    });
    expect((await messagesOf(member.id)).map((m) => m.title)).toContain('开票申请未通过');
    expect((await check(member, [b1], pid)).body.data.ok).toBe(true);

    const second = await save(member, [b1], pid);
    expect(second.body.success).toBe(true);
    const del = await call(
      p.t,
      Bill.DeleteRequest,
      { id: second.body.data.id },
      {
        token: member.token,
      },
    );
    expect(del.body.success).toBe(true);
    expect(
      (await call(p.t, Bill.GetRequestDetail, { id: second.body.data.id }, { token: member.token }))
        .status,
    ).toBe(404);
    expect((await check(member, [b1], pid)).body.data.ok).toBe(true);
    const list = await call(
      p.t,
      Bill.GetRequestList,
      { page: 1, pageSize: 20 },
      {
        token: member.token,
      },
    );
    expect(list.body.data.items.map((r) => r.status)).toEqual(['rejected']);
  });
});
