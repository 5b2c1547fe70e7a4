import { Button, Segmented, Tag } from 'antd';
import type { TableColumnsType } from 'antd';
import type { StaffCompanyApply } from '@pcb/contract/staff-company-apply';
import { PageSection } from '../../../components/page-section';
import { PagedTable } from '../../../components/paged-table';
import { formatTime } from '../../../lib/date';
import { usePagedFilters } from '../../../lib/paging';
import { useSearchParamId } from '../../../lib/use-search-param-id';
import { useCompanyApplies } from '../api/list-company-applies';
import { CompanyApplyDrawer } from '../components/company-apply-drawer';
import { companyApplyStatusTags } from '../company-apply-labels';

type Status = StaffCompanyApply['status'];

/** Enterprise certifications by status (pending first); review one in the drawer. */
export default function CompanyAppliesPage() {
  const [openId, open] = useSearchParamId('apply');
  const { filters, paging, setFilters, pagination } = usePagedFilters<{ status?: Status }>({
    status: 'pending',
  });
  const applies = useCompanyApplies({ ...filters, ...paging });

  const columns: TableColumnsType<StaffCompanyApply> = [
    { title: 'ID', dataIndex: 'id', width: 80 },
    {
      title: '会员',
      dataIndex: 'member',
      render: (m: StaffCompanyApply['member']) => `${m.displayName}（#${m.id}）`,
    },
    { title: '企业名称', dataIndex: 'companyName', ellipsis: true },
    { title: '统一社会信用代码', dataIndex: 'creditCode', width: 190 },
    { title: '法定代表人', dataIndex: 'legalPerson', width: 110 },
    {
      title: '状态',
      dataIndex: 'status',
      width: 90,
      render: (s: Status) => (
        <Tag color={companyApplyStatusTags[s].color}>{companyApplyStatusTags[s].label}</Tag>
      ),
    },
    { title: '提交时间', dataIndex: 'updatedAt', width: 150, render: formatTime },
    {
      title: '操作',
      key: 'actions',
      width: 80,
      render: (_, row) => (
        <Button
          type="link"
          size="small"
          onClick={() => open(row.id)}
          data-testid={`company-apply-open-${row.id}`}
        >
          {row.status === 'pending' ? '审核' : '查看'}
        </Button>
      ),
    },
  ];

  return (
    <PageSection
      title="企业认证审核"
      extra={
        <Segmented<Status | 'all'>
          aria-label="申请状态"
          value={filters.status ?? 'all'}
          onChange={(value) => setFilters({ status: value === 'all' ? undefined : value })}
          options={[
            ...Object.entries(companyApplyStatusTags).map(([value, tag]) => ({
              value: value as Status,
              label: tag.label,
            })),
            { value: 'all', label: '全部' },
          ]}
        />
      }
    >
      <PagedTable<StaffCompanyApply>
        query={applies}
        pagination={pagination}
        emptyText={filters.status === 'pending' ? '没有待审核的企业认证' : '暂无申请'}
        columns={columns}
      />
      <CompanyApplyDrawer id={openId} onClose={() => open(null)} />
    </PageSection>
  );
}
