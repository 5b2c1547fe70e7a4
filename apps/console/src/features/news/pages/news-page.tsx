import { App, Button, Popconfirm, Segmented, Space, Tag } from 'antd';
import type { TableColumnsType } from 'antd';
import { PlusOutlined, PushpinFilled } from '@ant-design/icons';
import { useNavigate } from 'react-router';
import type { NewsState, StaffNewsSummary } from '@pcb/contract/staff-news';
import { PageSection } from '../../../components/page-section';
import { PagedTable } from '../../../components/paged-table';
import { formatTime } from '../../../lib/date';
import { usePagedFilters } from '../../../lib/paging';
import { useDeleteNews } from '../api/delete-news';
import { useNewsList } from '../api/list-news';
import { usePublishNews } from '../api/publish-news';
import { useUnpublishNews } from '../api/unpublish-news';
import { newsEditPath, newsStateTags } from '../news-labels';

/** News articles, drafts included: write, publish, unpublish, delete. */
export default function NewsPage() {
  const { message } = App.useApp();
  const navigate = useNavigate();
  const { filters, paging, setFilters, pagination } = usePagedFilters<{ state?: NewsState }>({});
  const news = useNewsList({ ...filters, ...paging });
  const publish = usePublishNews();
  const unpublish = useUnpublishNews();
  const remove = useDeleteNews();

  const act = (promise: Promise<unknown>, done: string) =>
    promise.then(
      () => void message.success(done),
      (error: Error) => void message.error(error.message),
    );

  const columns: TableColumnsType<StaffNewsSummary> = [
    {
      title: '标题',
      dataIndex: 'title',
      ellipsis: true,
      render: (title: string, row) => (
        <Space size={4}>
          {row.isPinned && <PushpinFilled aria-label="置顶" style={{ color: '#d46b08' }} />}
          {title}
        </Space>
      ),
    },
    {
      title: '状态',
      dataIndex: 'state',
      width: 90,
      render: (s: NewsState) => <Tag color={newsStateTags[s].color}>{newsStateTags[s].label}</Tag>,
    },
    {
      title: '发布时间',
      dataIndex: 'publishedAt',
      width: 150,
      render: (v: string | null) => (v ? formatTime(v) : '—'),
    },
    { title: '最后修改', dataIndex: 'updatedAt', width: 150, render: formatTime },
    {
      title: '操作',
      key: 'actions',
      width: 190,
      render: (_, row) => (
        <Space size={0}>
          <Button type="link" size="small" onClick={() => void navigate(newsEditPath(row.id))}>
            编辑
          </Button>
          {row.state === 'draft' ? (
            <Button
              type="link"
              size="small"
              loading={publish.isPending && publish.variables?.id === row.id}
              onClick={() => void act(publish.mutateAsync({ id: row.id }), '新闻已发布')}
            >
              发布
            </Button>
          ) : (
            <Popconfirm
              title="撤回这篇新闻？"
              description="撤回后会员端不再展示，可再次发布。"
              okText="撤回"
              onConfirm={() => act(unpublish.mutateAsync({ id: row.id }), '新闻已撤回')}
            >
              <Button type="link" size="small">
                撤回
              </Button>
            </Popconfirm>
          )}
          <Popconfirm
            title="删除这篇新闻？"
            description="删除后无法恢复。"
            okText="删除"
            okButtonProps={{ danger: true }}
            onConfirm={() => act(remove.mutateAsync({ id: row.id }), '新闻已删除')}
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
      title="新闻管理"
      extra={
        <Space wrap>
          <Segmented<NewsState | 'all'>
            aria-label="状态"
            value={filters.state ?? 'all'}
            onChange={(value) => setFilters({ state: value === 'all' ? undefined : value })}
            options={[
              { value: 'all', label: '全部' },
              { value: 'published', label: '已发布' },
              { value: 'draft', label: '草稿' },
            ]}
          />
          <Button
            type="primary"
            icon={<PlusOutlined />}
            onClick={() => void navigate(newsEditPath('new'))}
          >
            写新闻
          </Button>
        </Space>
      }
    >
      <PagedTable<StaffNewsSummary>
        query={news}
        pagination={pagination}
        emptyText="暂无新闻"
        columns={columns}
        expandable={{
          rowExpandable: (row) => row.summary !== '',
          expandedRowRender: (row) => <div style={{ whiteSpace: 'pre-wrap' }}>{row.summary}</div>,
        }}
      />
    </PageSection>
  );
}
