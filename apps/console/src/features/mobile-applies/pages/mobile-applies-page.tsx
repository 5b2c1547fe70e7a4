import { Button, Segmented, Tag } from 'antd';
import type { TableColumnsType } from 'antd';
import type { StaffMobileApply } from '@pcb/contract/staff-mobile-apply';
import { PageSection } from '../../../components/page-section';
import { PagedTable } from '../../../components/paged-table';
import { formatTime } from '../../../lib/date';
import { usePagedFilters } from '../../../lib/paging';
import { useSearchParamId } from '../../../lib/use-search-param-id';
import { useMobileApplies } from '../api/list-mobile-applies';
import { ApplyDetailDrawer } from '../components/apply-detail-drawer';
import { applyStatusTags } from '../mobile-apply-labels';

type Status = StaffMobileApply['status'];

/** Mobile-change applications by status (pending first); review one in the drawer. */
export default function MobileAppliesPage() {
  const [openId, open] = useSearchParamId('apply');
  const { filters, paging, setFilters, pagination } = usePagedFilters<{ status?: Status }>({
    status: 'pending',
  });
  const applies = useMobileApplies({ ...filters, ...paging });

  const columns: TableColumnsType<StaffMobileApply> = [
    { title: 'ID', dataIndex: 'id', width: 80 },
    {
      title: '会员',
      dataIndex: 'member',
      render: (m: StaffMobileApply['member']) => `${m.displayName}（#${m.id}）`,
    },
    { title: '原手机号', dataIndex: 'oldMobileMasked', width: 140 },
    { title: '新手机号', dataIndex: 'newMobileMasked', width: 140 },
    { title: '申请原因', dataIndex: 'reason', ellipsis: true },
    {
      title: '状态',
      dataIndex: 'status',
      width: 90,
      render: (s: Status) => <Tag color={applyStatusTags[s].color}>{applyStatusTags[s].label}</Tag>,
    },
    { title: '提交时间', dataIndex: 'createdAt', width: 150, render: formatTime },
    {
      title: '操作',
      key: 'actions',
      width: 80,
      render: (_, row) => (
        <Button type="link" size="small" onClick={() => open(row.id)}>
          {row.status === 'pending' ? '审核' : '查看'}
        </Button>
      ),
    },
  ];

  return (
    <PageSection
      title="换绑手机审核"
      extra={
        <Segmented<Status | 'all'>
          aria-label="申请状态"
          value={filters.status ?? 'all'}
          onChange={(value) => setFilters({ status: value === 'all' ? undefined : value })}
          options={[
            ...Object.entries(applyStatusTags).map(([value, tag]) => ({
              value: value as Status,
              label: tag.label,
            })),
            { value: 'all', label: '全部' },
          ]}
        />
      }
    >
      <PagedTable<StaffMobileApply>
        query={applies}
        pagination={pagination}
        emptyText={filters.status === 'pending' ? '没有待审核的申请' : '暂无申请'}
        columns={columns}
      />
      <ApplyDetailDrawer id={openId} onClose={() => open(null)} />
    </PageSection>
  );
}
