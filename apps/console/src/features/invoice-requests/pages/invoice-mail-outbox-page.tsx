import { Result } from 'antd';
import type { TableColumnsType } from 'antd';
import { ApiError } from '@pcb/client';
import { PageSection } from '../../../components/page-section';
import { PagedTable } from '../../../components/paged-table';
import { formatTime } from '../../../lib/date';
import { usePagedFilters } from '../../../lib/paging';
import { useInvoiceMailOutbox } from '../api/invoice-requests';

interface MailEntry {
  id: number;
  to: string;
  subject: string;
  text: string;
  attachmentName: string;
  requestId: number | null;
  sentAt: string;
}

const columns: TableColumnsType<MailEntry> = [
  { title: '时间', dataIndex: 'sentAt', width: 160, render: formatTime },
  { title: '收件人', dataIndex: 'to', width: 220 },
  { title: '主题', dataIndex: 'subject' },
  { title: '附件', dataIndex: 'attachmentName', width: 220 },
  {
    title: '申请',
    dataIndex: 'requestId',
    width: 90,
    render: (id: number | null) => (id ? `#${id}` : '—'),
  },
];

/** The e-invoice mails the InvoiceMail sandbox "sent" (not in production: 404 there). */
export default function InvoiceMailOutboxPage() {
  const { paging, pagination } = usePagedFilters<Record<string, never>>({});
  const outbox = useInvoiceMailOutbox(paging);
  if (outbox.error instanceof ApiError && outbox.error.status === 404) {
    return (
      <Result
        status="info"
        title="生产环境不提供发票邮件发件箱"
        subTitle="邮件已经SMTP真实发送。"
      />
    );
  }
  return (
    <PageSection title="发票邮件发件箱">
      <PagedTable<MailEntry>
        query={outbox}
        pagination={pagination}
        emptyText="暂无邮件"
        columns={columns}
      />
    </PageSection>
  );
}
