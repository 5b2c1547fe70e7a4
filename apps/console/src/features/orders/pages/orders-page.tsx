import { Button, DatePicker, Flex, Radio, Select, Space, Tag, Typography } from 'antd';
import type { TableColumnsType } from 'antd';
import dayjs from 'dayjs';
import {
  orderKinds,
  orderStatuses,
  type OrderKind,
  type OrderStatus,
} from '@pcb/contract/order-quote';
import {
  deskCountedStatuses,
  deskStatusOf,
  type DeskStatusCounts,
  type StaffOrderRow,
  type WorkQueueKey,
} from '@pcb/contract/staff-order';
import { PageSection } from '../../../components/page-section';
import { PagedTable } from '../../../components/paged-table';
import { SearchBox } from '../../../components/search-box';
import { formatTime } from '../../../lib/date';
import { formatYuan } from '../../../lib/money';
import { countText } from '../../../lib/paging';
import { useStaff } from '../../../lib/staff-session';
import { useSearchParamId } from '../../../lib/use-search-param-id';
import { useStatusCounts } from '../api/get-status-counts';
import { useWorkQueue } from '../api/get-work-queue';
import { useOrders } from '../api/list-orders';
import { OrderDrawer } from '../components/order-drawer';
import { orderKindTags, orderStatusTags } from '../order-labels';
import { useDeskFilters } from '../use-desk-filters';

const isCounted = (status: string): status is keyof DeskStatusCounts =>
  (deskCountedStatuses as readonly string[]).includes(status);

/**
 * The order desk: every order by status (chips with counts), kind, keyword (order number or
 * member), day range or work queue; each role starts on its own work (the server's default,
 * `deskStatusOf`). A row opens the drawer, where the order is worked on.
 */
export default function OrdersPage() {
  const staff = useStaff();
  const [openId, open] = useSearchParamId('order');
  const { filters, paging, setFilters, pagination } = useDeskFilters();
  const orders = useOrders({ ...filters, ...paging });
  const counts = useStatusCounts({
    kind: filters.kind,
    keyword: filters.keyword,
    dateFrom: filters.dateFrom,
    dateTo: filters.dateTo,
  });
  const queues = useWorkQueue();
  const shown = deskStatusOf(filters, staff.roles);
  const queueLabel = queues.data?.queues.find((q) => q.key === filters.queue)?.label;

  const countOf = (status: OrderStatus | 'all'): string | undefined => {
    if (isCounted(status)) return counts.data ? String(counts.data[status]) : undefined;
    // The finished statuses and 全部 are counted only as the list they open (10000+ past the
    // server's counting cap).
    const list = orders.data;
    return status === shown && !filters.queue && list
      ? countText(list.total, list.moreThanTotal)
      : undefined;
  };

  const columns: TableColumnsType<StaffOrderRow> = [
    { title: '订单号', dataIndex: 'orderNo', width: 170 },
    {
      title: '类型',
      dataIndex: 'kind',
      width: 90,
      render: (k: OrderKind) => <Tag color={orderKindTags[k].color}>{orderKindTags[k].label}</Tag>,
    },
    {
      title: '会员',
      dataIndex: 'member',
      width: 140,
      render: (m: StaffOrderRow['member']) => `${m.displayName}（#${m.id}）`,
    },
    {
      title: '参数',
      dataIndex: 'paramString',
      ellipsis: true,
      render: (text: string) => (
        <Typography.Text title={text} style={{ fontSize: 13 }}>
          {text}
        </Typography.Text>
      ),
    },
    {
      title: '金额',
      dataIndex: 'total',
      width: 110,
      align: 'right',
      render: (fen: number) => formatYuan(fen),
    },
    {
      title: '状态',
      dataIndex: 'status',
      width: 90,
      render: (s: OrderStatus) => (
        <Tag color={orderStatusTags[s].color}>{orderStatusTags[s].label}</Tag>
      ),
    },
    {
      title: '承诺发货',
      dataIndex: 'shipDate',
      width: 110,
      render: (d: string | null) => d ?? '—',
    },
    { title: '下单时间', dataIndex: 'createdAt', width: 150, render: formatTime },
    {
      title: '操作',
      key: 'actions',
      width: 70,
      render: (_, row) => (
        <Button
          type="link"
          size="small"
          onClick={() => open(row.id)}
          data-testid={`order-open-${row.id}`}
        >
          查看
        </Button>
      ),
    },
  ];

  const filtered =
    filters.kind ||
    filters.keyword ||
    filters.queue ||
    filters.dateFrom ||
    filters.dateTo ||
    filters.status;
  const range: [dayjs.Dayjs | null, dayjs.Dayjs | null] | null =
    filters.dateFrom || filters.dateTo
      ? [
          filters.dateFrom ? dayjs(filters.dateFrom) : null,
          filters.dateTo ? dayjs(filters.dateTo) : null,
        ]
      : null;

  return (
    <PageSection
      title="订单工作台"
      extra={
        <Space wrap>
          <Select<WorkQueueKey | 'none'>
            aria-label="工作队列"
            style={{ width: 190 }}
            value={filters.queue ?? 'none'}
            onChange={(value) =>
              setFilters({
                ...filters,
                queue: value === 'none' ? undefined : value,
                // A queue names its own status.
                status: undefined,
              })
            }
            options={[
              { value: 'none', label: '全部工作队列' },
              ...(queues.data?.queues ?? []).map((q) => ({
                value: q.key,
                label: `${q.label}（${q.count}）`,
              })),
            ]}
          />
          <Select<OrderKind | 'all'>
            aria-label="订单类型"
            style={{ width: 120 }}
            value={filters.kind ?? 'all'}
            onChange={(value) =>
              setFilters({ ...filters, kind: value === 'all' ? undefined : value })
            }
            options={[
              { value: 'all', label: '全部类型' },
              ...orderKinds.map((k) => ({ value: k, label: orderKindTags[k].label })),
            ]}
          />
          <DatePicker.RangePicker
            aria-label="下单日期"
            allowEmpty={[true, true]}
            value={range}
            placeholder={['下单开始日期', '结束日期']}
            style={{ width: 260 }}
            onChange={(days) =>
              setFilters({
                ...filters,
                dateFrom: days?.[0]?.format('YYYY-MM-DD'),
                dateTo: days?.[1]?.format('YYYY-MM-DD'),
              })
            }
          />
          <SearchBox
            key={filters.keyword ?? ''}
            defaultValue={filters.keyword}
            label="搜索订单"
            placeholder="订单号、会员手机号或姓名"
            maxLength={40}
            width={280}
            onSearch={(keyword) => setFilters({ ...filters, keyword })}
          />
          {filtered && (
            <Button onClick={() => setFilters({})} type="link">
              重置
            </Button>
          )}
        </Space>
      }
    >
      <Flex align="center" gap={12} wrap style={{ marginBottom: 16 }}>
        <Radio.Group
          aria-label="订单状态"
          optionType="button"
          value={filters.queue ? undefined : shown}
          onChange={(e) =>
            setFilters({
              ...filters,
              status: e.target.value as OrderStatus | 'all',
              queue: undefined,
            })
          }
        >
          {[...orderStatuses, 'all' as const].map((status) => {
            const count = countOf(status);
            return (
              <Radio.Button key={status} value={status}>
                {status === 'all' ? '全部' : orderStatusTags[status].label}
                {count !== undefined && <span className="desk-chip-count">{count}</span>}
              </Radio.Button>
            );
          })}
        </Radio.Group>
        {filters.queue && (
          <Tag
            color="blue"
            closable
            onClose={() => setFilters({ ...filters, queue: undefined })}
            data-testid="queue-tag"
          >
            工作队列：{queueLabel ?? filters.queue}
          </Tag>
        )}
        {filters.keyword && !filters.status && (
          <Typography.Text type="secondary">关键词「{filters.keyword}」：不限状态</Typography.Text>
        )}
      </Flex>
      <PagedTable<StaffOrderRow>
        query={orders}
        pagination={pagination}
        emptyText={
          filtered
            ? '没有符合条件的订单'
            : `没有${orderStatusTags[shown as OrderStatus]?.label ?? ''}的订单`
        }
        columns={columns}
      />
      <OrderDrawer id={openId} onClose={() => open(null)} />
    </PageSection>
  );
}
