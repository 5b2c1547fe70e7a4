import { Button, Select, Space, Tag, Typography } from 'antd';
import type { TableColumnsType } from 'antd';
import {
  orderKinds,
  orderStatuses,
  type OrderKind,
  type OrderStatus,
} from '@pcb/contract/order-quote';
import type { StaffOrderRow } from '@pcb/contract/staff-order';
import { PageSection } from '../../../components/page-section';
import { PagedTable } from '../../../components/paged-table';
import { SearchBox } from '../../../components/search-box';
import { formatTime } from '../../../lib/date';
import { formatYuan } from '../../../lib/money';
import { usePagedFilters } from '../../../lib/paging';
import { useSearchParamId } from '../../../lib/use-search-param-id';
import { useOrders } from '../api/list-orders';
import { OrderDrawer } from '../components/order-drawer';
import { orderKindTags, orderStatusTags } from '../order-labels';

interface Filters {
  kind?: OrderKind;
  /** 'all': every status (the server's default is 待审核 only). */
  status: OrderStatus | 'all';
  keyword?: string;
}

/** New orders (待审核, oldest first) by default; any status, kind or order number on demand. */
export default function OrdersPage() {
  const [openId, open] = useSearchParamId('order');
  const { filters, paging, setFilters, pagination } = usePagedFilters<Filters>({
    status: 'pendingReview',
  });
  const orders = useOrders({ ...filters, ...paging });

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

  const filtered = filters.kind || filters.keyword || filters.status !== 'pendingReview';
  return (
    <PageSection
      title="新订单"
      extra={
        <Space wrap>
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
          <Select<OrderStatus | 'all'>
            aria-label="订单状态"
            style={{ width: 120 }}
            value={filters.status}
            onChange={(value) => setFilters({ ...filters, status: value })}
            options={[
              ...orderStatuses.map((s) => ({ value: s, label: orderStatusTags[s].label })),
              { value: 'all', label: '全部状态' },
            ]}
          />
          <SearchBox
            label="搜索订单"
            placeholder="订单号或会员"
            maxLength={40}
            width={260}
            onSearch={(keyword) => setFilters({ ...filters, keyword })}
          />
        </Space>
      }
    >
      <PagedTable<StaffOrderRow>
        query={orders}
        pagination={pagination}
        emptyText={filtered ? '没有符合条件的订单' : '没有待审核的新订单'}
        columns={columns}
      />
      <OrderDrawer id={openId} onClose={() => open(null)} />
    </PageSection>
  );
}
