import { useState } from 'react';
import { Button, Space } from 'antd';
import type { TableColumnsType } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import type { DirectoryCompany } from '@pcb/contract/staff-company-directory';
import { PageSection } from '../../../components/page-section';
import { PagedTable } from '../../../components/paged-table';
import { SearchBox } from '../../../components/search-box';
import { formatTime } from '../../../lib/date';
import { usePagedFilters } from '../../../lib/paging';
import { useDirectoryCompanies } from '../api/list-companies';
import { CompanyFormModal } from '../components/company-form-modal';

/**
 * The company directory members' company-name fields suggest from (the embedded directory):
 * search by a name fragment or a credit code, add, correct. Every change is audited.
 */
export default function CompanyDirectoryPage() {
  const { filters, paging, setFilters, pagination } = usePagedFilters<{ keyword?: string }>({});
  const companies = useDirectoryCompanies({ ...filters, ...paging });
  const [editing, setEditing] = useState<DirectoryCompany | 'new' | null>(null);

  const columns: TableColumnsType<DirectoryCompany> = [
    { title: '公司名称', dataIndex: 'name', ellipsis: true },
    {
      title: '统一社会信用代码',
      dataIndex: 'creditCode',
      width: 200,
      render: (code: string) => <span style={{ fontFamily: 'monospace' }}>{code}</span>,
    },
    { title: '更新时间', dataIndex: 'updatedAt', width: 160, render: formatTime },
    {
      title: '操作',
      key: 'actions',
      width: 90,
      render: (_, row) => (
        <Button type="link" size="small" onClick={() => setEditing(row)}>
          更正
        </Button>
      ),
    },
  ];

  return (
    <PageSection
      title="公司名录"
      extra={
        <Space wrap>
          <SearchBox
            label="搜索公司"
            placeholder="公司名称片段或信用代码"
            maxLength={64}
            width={280}
            onSearch={(keyword) => setFilters({ keyword })}
          />
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing('new')}>
            新增公司
          </Button>
        </Space>
      }
    >
      <PagedTable<DirectoryCompany>
        query={companies}
        pagination={pagination}
        emptyText="名录中没有符合的公司"
        columns={columns}
      />
      {editing && (
        <CompanyFormModal
          editing={editing === 'new' ? null : editing}
          onClose={() => setEditing(null)}
        />
      )}
    </PageSection>
  );
}
