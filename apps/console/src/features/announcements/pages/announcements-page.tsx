import { useState } from 'react';
import { App, Button, Popconfirm, Segmented, Space, Tag } from 'antd';
import type { TableColumnsType } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import type { StaffAnnouncement } from '@pcb/contract/staff-announcement';
import { PageSection } from '../../../components/page-section';
import { PagedTable } from '../../../components/paged-table';
import { formatTime } from '../../../lib/date';
import { usePagedFilters } from '../../../lib/paging';
import { useDeleteAnnouncement } from '../api/delete-announcement';
import { useAnnouncements } from '../api/list-announcements';
import { AnnouncementFormModal } from '../components/announcement-form-modal';
import { announcementStateTags, announcementTypeNames } from '../announcement-labels';

type Type = StaffAnnouncement['type'];

/** Announcements by where they show, with their state now; create, edit, schedule, delete. */
export default function AnnouncementsPage() {
  const { message } = App.useApp();
  const { filters, paging, setFilters, pagination } = usePagedFilters<{ type?: Type }>({});
  const announcements = useAnnouncements({ ...filters, ...paging });
  const remove = useDeleteAnnouncement();
  const [editing, setEditing] = useState<StaffAnnouncement | 'new' | null>(null);

  const columns: TableColumnsType<StaffAnnouncement> = [
    { title: '标题', dataIndex: 'title', ellipsis: true },
    { title: '位置', dataIndex: 'type', width: 100, render: (t: Type) => announcementTypeNames[t] },
    {
      title: '状态',
      dataIndex: 'state',
      width: 90,
      render: (s: StaffAnnouncement['state']) => (
        <Tag color={announcementStateTags[s].color}>{announcementStateTags[s].label}</Tag>
      ),
    },
    { title: '开始时间', dataIndex: 'startsAt', width: 150, render: formatTime },
    {
      title: '结束时间',
      dataIndex: 'endsAt',
      width: 150,
      render: (v: string | null) => (v ? formatTime(v) : '不结束'),
    },
    {
      title: '操作',
      key: 'actions',
      width: 130,
      render: (_, row) => (
        <Space size={0}>
          <Button type="link" size="small" onClick={() => setEditing(row)}>
            编辑
          </Button>
          <Popconfirm
            title="删除这条公告？"
            description="删除后会员端不再展示。"
            okText="删除"
            okButtonProps={{ danger: true }}
            onConfirm={() =>
              remove.mutateAsync({ id: row.id }).then(
                () => void message.success('公告已删除'),
                (error: Error) => void message.error(error.message),
              )
            }
          >
            <Button type="link" size="small" danger>
              删除
            </Button>
          </Popconfirm>
        </Space>
      ),
    },
  ];

  return (
    <PageSection
      title="公告管理"
      extra={
        <Space wrap>
          <Segmented<Type | 'all'>
            aria-label="公告位置"
            value={filters.type ?? 'all'}
            onChange={(value) => setFilters({ type: value === 'all' ? undefined : value })}
            options={[
              { value: 'all', label: '全部' },
              ...Object.entries(announcementTypeNames).map(([value, label]) => ({
                value: value as Type,
                label,
              })),
            ]}
          />
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing('new')}>
            新建公告
          </Button>
        </Space>
      }
    >
      <PagedTable<StaffAnnouncement>
        query={announcements}
        pagination={pagination}
        emptyText="暂无公告"
        columns={columns}
        expandable={{
          expandedRowRender: (row) => (
            <div style={{ whiteSpace: 'pre-wrap' }}>
              {row.content}
              {row.linkUrl && (
                <div>
                  链接：
                  <a href={row.linkUrl} target="_blank" rel="noreferrer">
                    {row.linkUrl}
                  </a>
                </div>
              )}
            </div>
          ),
        }}
      />
      {editing && (
        <AnnouncementFormModal
          editing={editing === 'new' ? null : editing}
          onClose={() => setEditing(null)}
        />
      )}
    </PageSection>
  );
}
