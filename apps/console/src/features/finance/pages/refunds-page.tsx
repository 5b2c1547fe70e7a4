import { Button, Select, Space, Tag, Typography } from 'antd';
import type { TableColumnsType } from 'antd';
import { paymentChannelNames, paymentChannels } from '@pcb/contract/payment';
import {
  financeRefundStates,
  type FinanceRefund,
  type FinanceRefundState,
} from '@pcb/contract/staff-finance';
import { PageSection } from '../../../components/page-section';
import { PagedTable } from '../../../components/paged-table';
import { formatTime } from '../../../lib/date';
import { formatYuan } from '../../../lib/money';
import { useRefunds } from '../api/list-refunds';
import { CommonFilterFields, MemberCell, OrderCell } from '../components/list-filters';
import { refundStateTags } from '../finance-labels';
import { isDay, isId, isWord, oneOf, useUrlFilters } from '../../../lib/use-url-filters';

const spec = {
  state: oneOf(financeRefundStates),
  channel: oneOf(paymentChannels),
  from: isDay,
  to: isDay,
  memberId: isId,
  orderNo: isWord(20),
};

const kindNames: Record<FinanceRefund['kind'], string> = {
  orderCancel: '订单取消',
  duplicate: '重复支付',
};

const columns: TableColumnsType<FinanceRefund> = [
  { title: '发起时间', dataIndex: 'createdAt', width: 140, render: formatTime },
  {
    title: '订单号',
    key: 'order',
    width: 160,
    render: (_, row) => <OrderCell id={row.orderId} orderNo={row.orderNo} />,
  },
  {
    title: '会员',
    dataIndex: 'member',
    width: 150,
    render: (m: FinanceRefund['member']) => <MemberCell member={m} />,
  },
  {
    title: '类型',
    dataIndex: 'kind',
    width: 90,
    render: (kind: FinanceRefund['kind']) => (
      <Tag color={kind === 'duplicate' ? 'orange' : undefined}>{kindNames[kind]}</Tag>
    ),
  },
  {
    title: '渠道',
    dataIndex: 'channel',
    width: 90,
    render: (c: FinanceRefund['channel']) => paymentChannelNames[c],
  },
  {
    title: '金额',
    dataIndex: 'amount',
    width: 110,
    align: 'right',
    render: (fen: number) => formatYuan(fen),
  },
  { title: '原因', dataIndex: 'reason', ellipsis: true },
  { title: '发起人', dataIndex: 'requestedBy', width: 100 },
  {
    title: '状态',
    dataIndex: 'state',
    width: 130,
    render: (s: FinanceRefundState) => (
      <Tag color={refundStateTags[s].color}>{refundStateTags[s].label}</Tag>
    ),
  },
  {
    title: '退款单号 / 支付机构退款号',
    key: 'numbers',
    width: 260,
    render: (_, row) => (
      <Space size={0} orientation="vertical">
        <Typography.Text copyable style={{ fontSize: 12 }}>
          {row.outRefundNo}
        </Typography.Text>
        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
          {row.providerRefundNo ?? (row.submittedAt ? '支付机构已受理' : '尚未提交支付机构')}
        </Typography.Text>
      </Space>
    ),
  },
  { title: '完成时间', dataIndex: 'settledAt', width: 140, render: formatTime },
];

/**
 * 退款记录: the refunds asked of Alipay and WeChat Pay (a paid order cancelled, an online payment
 * that came for an order it could no longer pay), how each stands and who caused it. Refunds to
 * the balance and gift balance happen at once and are in the member's ledger.
 */
export default function RefundsPage() {
  const { filters, paging, setFilters, pagination, isFiltered } = useUrlFilters(spec);
  const refunds = useRefunds({
    state: filters.state,
    channel: filters.channel,
    from: filters.from,
    to: filters.to,
    memberId: filters.memberId ? Number(filters.memberId) : undefined,
    orderNo: filters.orderNo,
    ...paging,
  });

  return (
    <PageSection
      title="退款记录"
      extra={
        <Space wrap>
          <Select<NonNullable<typeof filters.state> | 'all'>
            aria-label="退款状态"
            style={{ width: 150 }}
            value={filters.state ?? 'all'}
            onChange={(value) =>
              setFilters({ ...filters, state: value === 'all' ? undefined : value })
            }
            options={[
              { value: 'all', label: '全部状态' },
              ...financeRefundStates.map((s) => ({ value: s, label: refundStateTags[s].label })),
            ]}
          />
          <Select<NonNullable<typeof filters.channel> | 'all'>
            aria-label="退款渠道"
            style={{ width: 120 }}
            value={filters.channel ?? 'all'}
            onChange={(value) =>
              setFilters({ ...filters, channel: value === 'all' ? undefined : value })
            }
            options={[
              { value: 'all', label: '全部渠道' },
              ...paymentChannels.map((c) => ({ value: c, label: paymentChannelNames[c] })),
            ]}
          />
          <CommonFilterFields filters={filters} setFilters={setFilters} dayLabel="发起日期" />
          {isFiltered && (
            <Button type="link" onClick={() => setFilters({})}>
              重置
            </Button>
          )}
        </Space>
      }
    >
      <Typography.Paragraph type="secondary">
        原路退回支付宝、微信支付的退款；退回余额、赠送金额的退款即时到账，见会员台账。
      </Typography.Paragraph>
      <PagedTable<FinanceRefund>
        query={refunds}
        pagination={pagination}
        emptyText={isFiltered ? '没有符合条件的退款' : '暂无退款'}
        columns={columns}
      />
    </PageSection>
  );
}
