import { Button, Select, Space, Table, Tag, Tooltip, Typography } from 'antd';
import type { TableColumnsType } from 'antd';
import {
  financePaymentMethodNames,
  financePaymentMethods,
  financePaymentPurposeNames,
  financePaymentPurposes,
  financePaymentStates,
  type FinancePayment,
} from '@pcb/contract/staff-finance';
import { PageSection } from '../../../components/page-section';
import { QueryError } from '../../../components/query-error';
import { formatTime } from '../../../lib/date';
import { formatYuan } from '../../../lib/money';
import { usePayments } from '../api/list-payments';
import { CommonFilterFields, MemberCell, OrderCell } from '../components/list-filters';
import { paymentStateTags } from '../finance-labels';
import { isDay, isId, isWord, oneOf, useUrlFilters } from '../../../lib/use-url-filters';

const spec = {
  method: oneOf(financePaymentMethods),
  state: oneOf(financePaymentStates),
  purpose: oneOf(financePaymentPurposes),
  from: isDay,
  to: isDay,
  memberId: isId,
  orderNo: isWord(20),
};

/** How it was paid: the method, and both parts of 余额+在线. */
function methodOf(row: FinancePayment): string {
  const name = financePaymentMethodNames[row.method];
  if (row.balanceAmount === 0) return name;
  return `余额 ${formatYuan(row.balanceAmount)} + ${name} ${formatYuan(row.amount - row.balanceAmount)}`;
}

const columns: TableColumnsType<FinancePayment> = [
  { title: '创建时间', dataIndex: 'createdAt', width: 140, render: formatTime },
  {
    title: '订单号',
    key: 'order',
    width: 160,
    render: (_, row) =>
      row.purpose !== 'order' ? (
        <Tag>{financePaymentPurposeNames[row.purpose]}</Tag>
      ) : (
        <OrderCell id={row.orderId} orderNo={row.orderNo} />
      ),
  },
  {
    title: '会员',
    dataIndex: 'member',
    width: 150,
    render: (m: FinancePayment['member']) => <MemberCell member={m} />,
  },
  { title: '支付方式', key: 'method', render: (_, row) => methodOf(row) },
  {
    title: '金额',
    dataIndex: 'amount',
    width: 110,
    align: 'right',
    render: (fen: number) => formatYuan(fen),
  },
  {
    title: '状态',
    key: 'state',
    width: 150,
    render: (_, row) => {
      const tag = (
        <Tag color={paymentStateTags[row.state].color}>{paymentStateTags[row.state].label}</Tag>
      );
      if (row.closeReason) {
        return (
          <Space size={4} orientation="vertical">
            {tag}
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
              {row.closeReason}
            </Typography.Text>
          </Space>
        );
      }
      if (row.state === 'pending' && row.expiresAt) {
        return (
          <Tooltip title={`支付机构于 ${formatTime(row.expiresAt)} 关闭未付的支付`}>{tag}</Tooltip>
        );
      }
      return tag;
    },
  },
  {
    title: '支付单号 / 支付机构交易号',
    key: 'numbers',
    width: 260,
    render: (_, row) =>
      row.outTradeNo ? (
        <Space size={0} orientation="vertical">
          <Typography.Text copyable style={{ fontSize: 12 }}>
            {row.outTradeNo}
          </Typography.Text>
          <Typography.Text
            type="secondary"
            copyable={!!row.providerTradeNo}
            style={{ fontSize: 12 }}
          >
            {row.providerTradeNo ?? '未付款'}
          </Typography.Text>
        </Space>
      ) : (
        '—'
      ),
  },
  { title: '支付时间', dataIndex: 'paidAt', width: 140, render: formatTime },
];

/**
 * 支付记录: every online payment (paid, waiting on its provider, or closed unpaid) and every
 * order paid from the balance, the gift balance or by transfer, newest first; filtered by
 * method, state, purpose, days, member and order number, kept in the address.
 */
export default function PaymentsPage() {
  const { filters, paging, setFilters, pagination, isFiltered } = useUrlFilters(spec);
  const payments = usePayments({
    method: filters.method,
    state: filters.state,
    purpose: filters.purpose,
    from: filters.from,
    to: filters.to,
    memberId: filters.memberId ? Number(filters.memberId) : undefined,
    orderNo: filters.orderNo,
    ...paging,
  });

  return (
    <PageSection
      title="支付记录"
      extra={
        <Space wrap>
          <Select<NonNullable<typeof filters.method> | 'all'>
            aria-label="支付方式"
            style={{ width: 130 }}
            value={filters.method ?? 'all'}
            onChange={(value) =>
              setFilters({ ...filters, method: value === 'all' ? undefined : value })
            }
            options={[
              { value: 'all', label: '全部方式' },
              ...financePaymentMethods.map((m) => ({
                value: m,
                label: financePaymentMethodNames[m],
              })),
            ]}
          />
          <Select<NonNullable<typeof filters.state> | 'all'>
            aria-label="支付状态"
            style={{ width: 150 }}
            value={filters.state ?? 'all'}
            onChange={(value) =>
              setFilters({ ...filters, state: value === 'all' ? undefined : value })
            }
            options={[
              { value: 'all', label: '全部状态' },
              ...financePaymentStates.map((s) => ({ value: s, label: paymentStateTags[s].label })),
            ]}
          />
          <Select<NonNullable<typeof filters.purpose> | 'all'>
            aria-label="用途"
            style={{ width: 120 }}
            value={filters.purpose ?? 'all'}
            onChange={(value) =>
              setFilters({ ...filters, purpose: value === 'all' ? undefined : value })
            }
            options={[
              { value: 'all', label: '全部用途' },
              ...financePaymentPurposes.map((p) => ({
                value: p,
                label: financePaymentPurposeNames[p],
              })),
            ]}
          />
          <CommonFilterFields filters={filters} setFilters={setFilters} dayLabel="创建日期" />
          {isFiltered && (
            <Button type="link" onClick={() => setFilters({})}>
              重置
            </Button>
          )}
        </Space>
      }
    >
      {payments.isError && (
        <QueryError error={payments.error} onRetry={() => void payments.refetch()} />
      )}
      <Table<FinancePayment>
        rowKey="key"
        size="middle"
        dataSource={payments.data?.items}
        loading={payments.isFetching}
        pagination={pagination(payments.data?.total)}
        locale={{ emptyText: isFiltered ? '没有符合条件的支付记录' : '暂无支付记录' }}
        columns={columns}
      />
    </PageSection>
  );
}
