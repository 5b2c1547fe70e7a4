import { Button, Select, Space, Tag } from 'antd';
import type { TableColumnsType } from 'antd';
import type { StaffMemberRow } from '@pcb/contract/staff-member';
import { PageSection } from '../../../components/page-section';
import { PagedTable } from '../../../components/paged-table';
import { SearchBox } from '../../../components/search-box';
import { formatTime } from '../../../lib/date';
import { usePagedFilters } from '../../../lib/paging';
import { useSearchParamId } from '../../../lib/use-search-param-id';
import { useSearchMembers } from '../api/search-members';
import { MemberDetailDrawer } from '../components/member-detail-drawer';
import { memberStatusTags, memberTypeNames } from '../member-labels';

type Status = StaffMemberRow['status'];

/** Members: search by mobile prefix, name or company, filter by status; details in a drawer. */
export default function MembersPage() {
  const [openId, open] = useSearchParamId('member');
  const { filters, paging, setFilters, pagination } = usePagedFilters<{
    keyword?: string;
    status?: Status;
  }>({});
  const members = useSearchMembers({ ...filters, ...paging });

  const columns: TableColumnsType<StaffMemberRow> = [
    { title: 'ID', dataIndex: 'id', width: 80 },
    { title: '手机号', dataIndex: 'mobileMasked', width: 140 },
    { title: '姓名', dataIndex: 'realNameMasked', render: (v: string | null) => v ?? '—' },
    { title: '用户名', dataIndex: 'userName', render: (v: string | null) => v ?? '—' },
    {
      title: '公司',
      dataIndex: 'companyName',
      ellipsis: true,
      render: (v: string | null) => v ?? '—',
    },
    {
      title: '类型',
      dataIndex: 'memberType',
      width: 80,
      render: (v: StaffMemberRow['memberType']) => memberTypeNames[v],
    },
    { title: '等级', dataIndex: 'gradeName', width: 90 },
    {
      title: '客户经理',
      dataIndex: 'manager',
      render: (m: StaffMemberRow['manager']) => m?.realName ?? <Tag>未分配</Tag>,
    },
    {
      title: '状态',
      dataIndex: 'status',
      width: 90,
      render: (s: Status) => (
        <Tag color={memberStatusTags[s].color}>{memberStatusTags[s].label}</Tag>
      ),
    },
    { title: '注册时间', dataIndex: 'createdAt', width: 150, render: formatTime },
    {
      title: '操作',
      key: 'actions',
      width: 80,
      fixed: 'right',
      render: (_, row) => (
        <Button type="link" size="small" onClick={() => open(row.id)}>
          详情
        </Button>
      ),
    },
  ];

  return (
    <PageSection
      title="会员管理"
      extra={
        <Space wrap>
          <SearchBox
            label="搜索会员"
            placeholder="手机号前缀、姓名、用户名或公司"
            width={300}
            maxLength={64}
            onSearch={(keyword) => setFilters({ ...filters, keyword })}
          />
          <Select<Status | 'all'>
            aria-label="会员状态"
            style={{ width: 120 }}
            value={filters.status ?? 'all'}
            onChange={(value) =>
              setFilters({ ...filters, status: value === 'all' ? undefined : value })
            }
            options={[
              { value: 'all', label: '全部状态' },
              ...Object.entries(memberStatusTags).map(([value, tag]) => ({
                value: value as Status,
                label: tag.label,
              })),
            ]}
          />
        </Space>
      }
    >
      <PagedTable<StaffMemberRow>
        query={members}
        pagination={pagination}
        emptyText={filters.keyword || filters.status ? '没有符合条件的会员' : '暂无会员'}
        columns={columns}
        scroll={{ x: 1100 }}
        onRow={(row) => ({ onDoubleClick: () => open(row.id) })}
      />
      <MemberDetailDrawer id={openId} onClose={() => open(null)} />
    </PageSection>
  );
}
