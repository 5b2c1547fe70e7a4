import { Result } from 'antd';
import type { TableColumnsType } from 'antd';
import type { OutboxEntry } from '@pcb/contract/staff-outbox';
import { PageSection } from '../../../components/page-section';
import { PagedTable } from '../../../components/paged-table';
import { SearchBox } from '../../../components/search-box';
import { ApiError } from '@pcb/client';
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
        <SearchBox
          label="按手机号筛选"
          placeholder="手机号"
          width={220}
          maxLength={11}
          button="筛选"
          onSearch={(mobile) => setFilters({ mobile })}
        />
      }
    >
      <PagedTable<OutboxEntry>
        query={outbox}
        pagination={pagination}
        emptyText="暂无短信"
        columns={columns}
      />
    </PageSection>
  );
}
