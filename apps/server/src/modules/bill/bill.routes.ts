import { Bill, StaffInvoice } from '@pcb/contract/bill';
import type { DefineRoute } from '../../http/define-route';
import type { InvoiceMailOutbox } from '../../integrations/invoice-mail/invoice-mail-outbox';
import { AppError } from '../../http/errors';
import type { UploadApi } from '../upload/upload.module';
import type { BillService } from './bill.service';

/** Bills and invoice requests (decisions 0067–0069): the member's and finance's calls. */
export function registerBillRoutes(
  route: DefineRoute,
  bills: BillService,
  outbox: {
    mail: InvoiceMailOutbox;
    isProduction: boolean;
    uploads: Pick<UploadApi, 'issueStaffTicket'>;
  },
): void {
  route(Bill.GetList, async ({ input, requireMember }) => {
    const { page, pageSize, ...filter } = input;
    return bills.list(requireMember().id, filter, { page, pageSize });
  });
  route(Bill.GetTotalAmount, async ({ input, requireMember }) =>
    bills.total(requireMember().id, input.params),
  );
  route(Bill.CheckBillStandard, async ({ input, requireMember }) =>
    bills.check(requireMember().id, input.billIds, input.invoiceProfileId),
  );
  route(Bill.SaveRequest, async ({ input, requireMember }) =>
    bills.save(requireMember().id, input.billIds, input.invoiceProfileId),
  );
  route(Bill.GetRequestList, async ({ input, requireMember }) =>
    bills.requests(requireMember().id, input.status, input),
  );
  route(Bill.GetRequestDetail, async ({ input, requireMember }) =>
    bills.detail(requireMember().id, input.id),
  );
  route(Bill.DeleteRequest, async ({ input, requireMember }) =>
    bills.delete(requireMember().id, input.id),
  );
  route(Bill.ResendMail, async ({ input, requireMember }) =>
    bills.resend(requireMember().id, input.id),
  );

  const S = StaffInvoice;
  route(S.List, async ({ input }) => bills.staff.list(input, input));
  route(S.Get, async ({ input }) => bills.staff.get(input.id));
  route(S.Approve, async ({ input, write }) =>
    bills.staff.issue(write(), input.id, { invoiceNo: input.invoiceNo, pdfKey: input.pdfKey }),
  );
  route(S.Reject, async ({ input, write }) => bills.staff.reject(write(), input.id, input.reason));
  route(S.GetPdfUploadCode, async ({ input, write }) => {
    const { staff, audit } = write();
    const { key, ...ticket } = await outbox.uploads.issueStaffTicket(staff.id, {
      dirType: 'invoicePdf',
      fileExt: input.fileExt,
    });
    await audit('upload', key, null, { dirType: 'invoicePdf', key });
    return ticket;
  });
  route(S.ResendMail, async ({ input, write }) => bills.staff.resend(write(), input.id));
  route(S.RedLetters, async ({ input }) =>
    bills.staff.redLetters({ page: input.page, pageSize: 20 }),
  );
  route(S.MailOutbox, async ({ input }) => {
    if (outbox.isProduction) throw new AppError(404, '接口不存在');
    const page = await outbox.mail.page(input);
    return { ...page, items: page.items.map((m) => ({ ...m, sentAt: m.sentAt.toISOString() })) };
  });
}
