import { Input, Result, Table } from 'antd';
import type { TableColumnsType } from 'antd';
import type { OutboxEntry } from '@pcb/contract/staff-outbox';
import { PageSection } from '../../../components/page-section';
import { QueryError } from '../../../components/query-error';
import { ApiError } from '../../../lib/api-client';
import { formatTime } from '../../../lib/date';
import { usePagedFilters } from '../../../lib/paging';
import { useOutbox } from '../api/list-outbox';

const columns: TableColumnsType<OutboxEntry> = [
  { title: '时间', dataIndex: 'sentAt', width: 160, render: formatTime },
  { title: '手机号', dataIndex: 'mobile', width: 130 },
  { title: '类型', dataIndex: 'kind', width: 150 },
  { title: '内容', dataIndex: 'text' },
];

/** The SMS the sandbox "sent" (development and test only; production answers 404). */
export default function SmsOutboxPage() {
  const { filters, paging, setFilters, pagination } = usePagedFilters<{ mobile?: string }>({});
  const outbox = useOutbox({ ...filters, ...paging });

  if (outbox.error instanceof ApiError && outbox.error.status === 404) {
    return (
      <Result
        status="info"
        title="生产环境不提供短信发件箱"
        subTitle="短信已由短信服务商真实发送。"
      />
    );
  }
  return (
    <PageSection
      title="短信发件箱"
      extra={
        <Input.Search
          allowClear
          placeholder="手机号"
          aria-label="按手机号筛选"
          style={{ width: 220 }}
          maxLength={11}
          inputMode="numeric"
          enterButton="筛选"
          onSearch={(value) => setFilters({ mobile: value.trim() || undefined })}
        />
      }
    >
      {outbox.isError && <QueryError error={outbox.error} onRetry={() => void outbox.refetch()} />}
      <Table<OutboxEntry>
        rowKey="id"
        size="middle"
        columns={columns}
        dataSource={outbox.data?.items}
        loading={outbox.isFetching}
        pagination={pagination(outbox.data?.total)}
        locale={{ emptyText: '暂无短信' }}
      />
    </PageSection>
  );
}
