import { useState } from 'react';
import { App, Button, Space, Tag } from 'antd';
import type { TableColumnsType } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import type { StaffAccount } from '@pcb/contract/staff-account';
import { staffRoleNames } from '@pcb/contract/staff-common';
import { PageSection } from '../../../components/page-section';
import { PagedTable } from '../../../components/paged-table';
import { SearchBox } from '../../../components/search-box';
import { formatTime } from '../../../lib/date';
import { usePagedFilters } from '../../../lib/paging';
import { useStaffAccounts } from '../api/list-staff-accounts';
import { useResetStaffTotp } from '../api/reset-staff-totp';
import {
  CreateAccountModal,
  EditAccountModal,
  ResetPasswordModal,
} from '../components/staff-account-modals';

type Dialog =
  | { kind: 'create' }
  | { kind: 'edit'; account: StaffAccount }
  | { kind: 'password'; account: StaffAccount };

/** Staff accounts and their roles: search, create, edit, reset password or authenticator. */
export default function StaffAccountsPage() {
  const { message, modal } = App.useApp();
  const { filters, paging, setFilters, pagination } = usePagedFilters<{ keyword?: string }>({});
  const accounts = useStaffAccounts({ ...filters, ...paging });
  const resetTotp = useResetStaffTotp();
  const [dialog, setDialog] = useState<Dialog | null>(null);

  const confirmResetTotp = (account: StaffAccount) =>
    modal.confirm({
      title: `解除 ${account.realName} 的身份验证器？`,
      content: '解除后其下次登录需重新扫码绑定。',
      okText: '解除',
      okButtonProps: { danger: true },
      onOk: () =>
        resetTotp.mutateAsync({ id: account.id }).then(
          () => void message.success('已解除身份验证器绑定'),
          (error: Error) => void message.error(error.message),
        ),
    });

  const columns: TableColumnsType<StaffAccount> = [
    { title: '用户名', dataIndex: 'userName', width: 140 },
    { title: '姓名', dataIndex: 'realName', width: 120 },
    {
      title: '角色',
      dataIndex: 'roles',
      render: (roles: StaffAccount['roles']) =>
        roles.map((role) => (
          <Tag key={role} color="blue">
            {staffRoleNames[role]}
          </Tag>
        )),
    },
    {
      title: '状态',
      dataIndex: 'status',
      width: 90,
      render: (s: StaffAccount['status']) =>
        s === 'active' ? <Tag color="green">正常</Tag> : <Tag color="red">已停用</Tag>,
    },
    {
      title: '动态验证码',
      dataIndex: 'totpEnabled',
      width: 110,
      render: (on: boolean) => (on ? <Tag color="green">已绑定</Tag> : <Tag>未绑定</Tag>),
    },
    { title: '最近登录', dataIndex: 'lastLoginAt', width: 150, render: formatTime },
    {
      title: '操作',
      key: 'actions',
      width: 240,
      render: (_, row) => (
        <Space size={0}>
          <Button
            type="link"
            size="small"
            onClick={() => setDialog({ kind: 'edit', account: row })}
          >
            编辑
          </Button>
          <Button
            type="link"
            size="small"
            onClick={() => setDialog({ kind: 'password', account: row })}
          >
            重置密码
          </Button>
          <Button
            type="link"
            size="small"
            danger
            disabled={!row.totpEnabled}
            onClick={() => confirmResetTotp(row)}
          >
            解除验证器
          </Button>
        </Space>
      ),
    },
  ];

  return (
    <PageSection
      title="员工账号"
      extra={
        <Space wrap>
          <SearchBox
            label="搜索员工"
            placeholder="用户名或姓名"
            width={240}
            maxLength={64}
            onSearch={(keyword) => setFilters({ keyword })}
          />
          <Button
            type="primary"
            icon={<PlusOutlined />}
            onClick={() => setDialog({ kind: 'create' })}
          >
            新建账号
          </Button>
        </Space>
      }
    >
      <PagedTable<StaffAccount>
        query={accounts}
        pagination={pagination}
        emptyText={filters.keyword ? '没有符合条件的员工' : '暂无员工账号'}
        columns={columns}
      />
      {dialog?.kind === 'create' && <CreateAccountModal onClose={() => setDialog(null)} />}
      {dialog?.kind === 'edit' && (
        <EditAccountModal account={dialog.account} onClose={() => setDialog(null)} />
      )}
      {dialog?.kind === 'password' && (
        <ResetPasswordModal account={dialog.account} onClose={() => setDialog(null)} />
      )}
    </PageSection>
  );
}
