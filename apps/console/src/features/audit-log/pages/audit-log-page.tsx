import { Typography } from 'antd';
import type { TableColumnsType } from 'antd';
import type { AuditEntry } from '@pcb/contract/staff-audit';
import { PageSection } from '../../../components/page-section';
import { PagedTable } from '../../../components/paged-table';
import { formatTime } from '../../../lib/date';
import { usePagedFilters } from '../../../lib/paging';
import { useAuditEntries } from '../api/list-audit-entries';
import { AuditChange } from '../components/audit-change';
import { AuditFilters, type AuditFilterValues } from '../components/audit-filters';

/** Every staff write (and every reveal of masked data): filter, then expand a row's change. */
export default function AuditLogPage() {
  const { filters, paging, setFilters, pagination } = usePagedFilters<AuditFilterValues>({});
  const entries = useAuditEntries({ ...filters, ...paging });

  const columns: TableColumnsType<AuditEntry> = [
    {
      title: '时间',
      dataIndex: 'at',
      width: 160,
      render: (at: string) => formatTime(at),
    },
    {
      title: '员工',
      dataIndex: 'staff',
      width: 160,
      render: (s: AuditEntry['staff']) => (s ? `${s.realName}（${s.userName}）` : '系统'),
    },
    {
      title: '操作',
      dataIndex: 'action',
      render: (action: string) => <Typography.Text code>{action}</Typography.Text>,
    },
    {
      title: '对象',
      key: 'object',
      render: (_, row) => (row.objectId ? `${row.objectType} #${row.objectId}` : row.objectType),
    },
    { title: 'IP', dataIndex: 'ip', width: 140 },
  ];

  return (
    <PageSection title="审计日志">
      <AuditFilters onApply={setFilters} />
      <PagedTable<AuditEntry>
        query={entries}
        pagination={pagination}
        emptyText="没有符合条件的记录"
        columns={columns}
        expandable={{
          expandedRowRender: (row) => <AuditChange entry={row} />,
          rowExpandable: (row) => row.before !== null || row.after !== null,
        }}
      />
    </PageSection>
  );
}
