import { Table, Tag, Typography } from 'antd';
import type { StaffInvoiceRequest } from '@pcb/contract/bill';
import { invoiceTypeNames } from '@pcb/contract/member-invoice';
import { PageSection } from '../../../components/page-section';
import { ReviewQueuePage } from '../../../components/review-queue/review-queue-page';
import { useReviewQueue } from '../../../components/review-queue/use-review-queue';
import { formatYuan } from '../../../lib/money';
import { useInvoiceRequests, useRedLetters } from '../api/invoice-requests';
import { InvoiceRequestDrawer } from '../components/invoice-request-drawer';

function Flags({ row }: { row: StaffInvoiceRequest }) {
  return (
    <>
      {row.needsRedLetter && <Tag color="red">需开红字发票</Tag>}
      {row.hasRefundedBill && row.status === 'pending' && <Tag color="orange">含退款账单</Tag>}
    </>
  );
}

/** Issued requests with a bill refunded since: a red-letter invoice is due. */
function RedLetters({ onOpen }: { onOpen: (id: number) => void }) {
  const red = useRedLetters();
  if (!red.data || red.data.total === 0) return null;
  return (
    <PageSection title={`需开红字发票（${red.data.total}）`}>
      <Table<StaffInvoiceRequest>
        size="small"
        rowKey="id"
        pagination={false}
        dataSource={red.data.items}
        onRow={(row) => ({ onClick: () => onOpen(row.id) })}
        columns={[
          { title: '申请', dataIndex: 'id', width: 80, render: (id: number) => `#${id}` },
          { title: '抬头', dataIndex: 'title' },
          { title: '发票号码', dataIndex: 'invoiceNo' },
          { title: '金额', dataIndex: 'total', render: formatYuan, align: 'right' },
        ]}
        data-testid="red-letters"
      />
    </PageSection>
  );
}

/** Invoice requests (finance): a review queue whose approval issues the e-invoice. */
export default function InvoiceRequestsPage() {
  const queue = useReviewQueue();
  const requests = useInvoiceRequests(queue.input);
  return (
    <>
      <ReviewQueuePage<StaffInvoiceRequest>
        title="开票申请"
        queue={queue}
        query={requests}
        pendingEmptyText="没有待开具的开票申请"
        asked={{
          title: '申请开票',
          render: (row) => (
            <>
              <div>
                {row.title} <Flags row={row} />
              </div>
              <Typography.Text type="secondary">
                {invoiceTypeNames[row.invoiceType]} · {row.billCount}个账单 ·{' '}
                {formatYuan(row.total)}
                {row.invoiceNo && ` · 发票号码 ${row.invoiceNo}`}
              </Typography.Text>
            </>
          ),
        }}
      >
        <InvoiceRequestDrawer id={queue.openId} onClose={queue.close} />
      </ReviewQueuePage>
      <RedLetters onOpen={queue.open} />
    </>
  );
}
