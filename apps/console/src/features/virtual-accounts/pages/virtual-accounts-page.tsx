import { useState } from 'react';
import { Button, InputNumber, Space } from 'antd';
import type { TableColumnsType } from 'antd';
import type { StaffVirtualAccount } from '@pcb/contract/staff-virtual-account';
import { PageSection } from '../../../components/page-section';
import { PagedTable } from '../../../components/paged-table';
import { formatTime } from '../../../lib/date';
import { usePagedFilters } from '../../../lib/paging';
import { useVirtualAccounts } from '../api/list-virtual-accounts';
import { CreateVirtualAccountModal } from '../components/create-virtual-account-modal';

/** Members' dedicated transfer accounts, all or one member's; finance opens new ones. */
export default function VirtualAccountsPage() {
  const { filters, paging, setFilters, pagination } = usePagedFilters<{ memberId?: number }>({});
  const accounts = useVirtualAccounts({ ...filters, ...paging });
  const [creating, setCreating] = useState(false);

  const columns: TableColumnsType<StaffVirtualAccount> = [
    { title: 'ID', dataIndex: 'id', width: 80 },
    {
      title: '会员',
      dataIndex: 'member',
      render: (m: StaffVirtualAccount['member']) => `${m.displayName}（#${m.id}）`,
    },
    { title: '开户银行', dataIndex: 'bankName' },
    { title: '户名', dataIndex: 'accountName' },
    { title: '账号', dataIndex: 'accountNo', width: 220 },
    {
      title: '开设人',
      dataIndex: 'createdBy',
      width: 110,
      render: (s: StaffVirtualAccount['createdBy']) => s?.realName ?? '—',
    },
    { title: '开设时间', dataIndex: 'createdAt', width: 150, render: formatTime },
  ];

  return (
    <PageSection
      title="虚拟账户"
      extra={
        <Space>
          <InputNumber
            min={1}
            precision={0}
            placeholder="按会员ID筛选"
            aria-label="会员ID"
            style={{ width: 160 }}
            value={filters.memberId ?? null}
            onChange={(value) => setFilters({ memberId: value ?? undefined })}
          />
          <Button type="primary" onClick={() => setCreating(true)}>
            开设虚拟账户
          </Button>
        </Space>
      }
    >
      <PagedTable<StaffVirtualAccount>
        query={accounts}
        pagination={pagination}
        emptyText={filters.memberId ? '该会员还没有虚拟账户' : '暂无虚拟账户'}
        columns={columns}
      />
      {creating && (
        <CreateVirtualAccountModal memberId={filters.memberId} onClose={() => setCreating(false)} />
      )}
    </PageSection>
  );
}
