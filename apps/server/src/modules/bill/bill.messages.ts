// The site messages of invoicing (decision 0069), in one place.
import { yuan } from '@pcb/pricing';
import type { MessageDraft } from '../member-message/member-message.module';
import type { InvoiceRequestRow } from './bill.table';

const detailLink = (id: number) => `/MakeInvoice/invoiceDetail/${id}`;

export const billMessages = {
  issued: (row: InvoiceRequestRow): MessageDraft => ({
    memberId: row.memberId,
    category: 'finance',
    title: '电子发票已开具',
    content: `您的开票申请（${row.profile.title}，${yuan(row.totalFen)}）已开具，发票号码${row.invoiceNo ?? ''}。可在开票中心下载电子发票，发票也已发送至${row.profile.email}。`,
    link: detailLink(row.id),
  }),
  rejected: (row: InvoiceRequestRow): MessageDraft => ({
    memberId: row.memberId,
    category: 'finance',
    title: '开票申请未通过',
    content: `您的开票申请（${row.profile.title}，${yuan(row.totalFen)}）未通过，原因：${row.rejectReason ?? ''}。所含账单可重新申请开票。`,
    link: detailLink(row.id),
  }),
};
