import { useState } from 'react';
import {
  Button,
  Card,
  Col,
  DatePicker,
  Flex,
  Radio,
  Row,
  Skeleton,
  Space,
  Statistic,
  Table,
  Tag,
  Typography,
} from 'antd';
import type { TableColumnsType } from 'antd';
import dayjs from 'dayjs';
import {
  memberLedgerAccounts,
  type MemberLedgerAccount,
  type MemberLedgerEntry,
} from '@pcb/contract/staff-finance';
import { StaffLedger } from '@pcb/contract/staff-ledger';
import type { StaffMemberRow } from '@pcb/contract/staff-member';
import { PageSection } from '../../../components/page-section';
import { PagedTable } from '../../../components/paged-table';
import { QueryError } from '../../../components/query-error';
import { SearchBox } from '../../../components/search-box';
import { formatTime } from '../../../lib/date';
import { formatYuan, formatYuanChange } from '../../../lib/money';
import { usePagedFilters } from '../../../lib/paging';
import { canCall, useStaff } from '../../../lib/staff-session';
import { useSearchParamId } from '../../../lib/use-search-param-id';
import { useMemberLedger } from '../api/get-member-ledger';
import { useMemberSearch } from '../api/search-members';
import { AdjustModal } from '../components/adjust-modal';
import { OrderCell } from '../components/list-filters';
import { accountTags } from '../finance-labels';

const columns: TableColumnsType<MemberLedgerEntry> = [
  { title: '时间', dataIndex: 'createdAt', width: 140, render: formatTime },
  {
    title: '账户',
    dataIndex: 'account',
    width: 100,
    render: (a: MemberLedgerAccount) => (
      <Tag color={accountTags[a].color}>{accountTags[a].label}</Tag>
    ),
  },
  { title: '类型', dataIndex: 'kindName', width: 130 },
  {
    title: '变动',
    dataIndex: 'amount',
    width: 120,
    align: 'right',
    render: (fen: number) => (
      <Typography.Text type={fen < 0 ? 'danger' : 'success'}>
        {formatYuanChange(fen)}
      </Typography.Text>
    ),
  },
  {
    title: '变动后',
    dataIndex: 'balanceAfter',
    width: 120,
    align: 'right',
    render: (fen: number) => formatYuan(fen),
  },
  {
    title: '订单号',
    key: 'order',
    width: 160,
    render: (_, row) => <OrderCell id={row.orderId} orderNo={row.orderNo} />,
  },
  {
    title: '说明',
    key: 'note',
    render: (_, row) => (
      <Space size={0} orientation="vertical">
        <span>{row.note ?? '—'}</span>
        {row.staff && (
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            经办：{row.staff.realName}
          </Typography.Text>
        )}
      </Space>
    ),
  },
  {
    title: '台账编号',
    dataIndex: 'ref',
    width: 200,
    ellipsis: true,
    render: (ref: string) => (
      <Typography.Text type="secondary" style={{ fontSize: 12 }} title={ref}>
        {ref}
      </Typography.Text>
    ),
  },
];

/** Finding the member whose ledger to open: the members search, one click to their ledger. */
function MemberFinder({ onPick }: { onPick: (id: number) => void }) {
  const { filters, paging, pagination, setFilters } = usePagedFilters<{ keyword?: string }>({}, 10);
  const { keyword } = filters;
  const found = useMemberSearch({ keyword, ...paging }, keyword !== undefined);
  const memberColumns: TableColumnsType<StaffMemberRow> = [
    { title: 'ID', dataIndex: 'id', width: 80 },
    { title: '手机号', dataIndex: 'mobileMasked', width: 130 },
    { title: '姓名', dataIndex: 'realNameMasked', render: (v: string | null) => v ?? '—' },
    { title: '用户名', dataIndex: 'userName', render: (v: string | null) => v ?? '—' },
    { title: '公司', dataIndex: 'companyName', render: (v: string | null) => v ?? '—' },
    {
      title: '操作',
      key: 'open',
      width: 100,
      render: (_, row) => (
        <Button type="link" size="small" onClick={() => onPick(row.id)}>
          查看台账
        </Button>
      ),
    },
  ];
  return (
    <PageSection
      title="会员台账"
      extra={
        <SearchBox
          label="查找会员"
          placeholder="手机号前缀、姓名、用户名或公司"
          maxLength={64}
          width={320}
          onSearch={(value) => setFilters({ keyword: value })}
        />
      }
    >
      {keyword === undefined ? (
        <Typography.Paragraph type="secondary">
          先查找会员，再查看其余额、赠送金额与每一笔变动。
        </Typography.Paragraph>
      ) : (
        <PagedTable<StaffMemberRow>
          query={found}
          pagination={pagination}
          emptyText="没有找到会员"
          columns={memberColumns}
        />
      )}
    </PageSection>
  );
}

/** One member's balances, their ledger (by account and days) and 调整. */
function MemberLedgerView({ memberId, onBack }: { memberId: number; onBack: () => void }) {
  const staff = useStaff();
  const [adjusting, setAdjusting] = useState(false);
  const { filters, paging, setFilters, pagination } = usePagedFilters<{
    account?: MemberLedgerAccount;
    from?: string;
    to?: string;
  }>({});
  const ledger = useMemberLedger({ memberId, ...filters, ...paging });
  const data = ledger.data;
  const range: [dayjs.Dayjs | null, dayjs.Dayjs | null] | null =
    filters.from || filters.to
      ? [filters.from ? dayjs(filters.from) : null, filters.to ? dayjs(filters.to) : null]
      : null;

  return (
    <PageSection
      title={data ? `会员台账：${data.member.displayName}（#${data.member.id}）` : '会员台账'}
      extra={
        <Space>
          {canCall(staff, StaffLedger.Adjust) && (
            <Button type="primary" disabled={!data} onClick={() => setAdjusting(true)}>
              调整
            </Button>
          )}
          <Button onClick={onBack}>换一个会员</Button>
        </Space>
      }
    >
      {ledger.isError && !data && (
        <QueryError error={ledger.error} onRetry={() => void ledger.refetch()} />
      )}
      {!data && ledger.isPending && <Skeleton active paragraph={{ rows: 4 }} />}
      {data && (
        <>
          <Row gutter={16} style={{ marginBottom: 16 }} role="group" aria-label="当前余额">
            <Col xs={24} md={8}>
              <Card size="small">
                <Statistic title="余额" value={formatYuan(data.balances.balance)} />
              </Card>
            </Col>
            <Col xs={24} md={8}>
              <Card size="small">
                <Statistic title="赠送金额" value={formatYuan(data.balances.giftBalance)} />
              </Card>
            </Col>
            <Col xs={24} md={8}>
              <Card size="small">
                <Statistic title="支付中冻结" value={formatYuan(data.balances.held)} />
              </Card>
            </Col>
          </Row>
          <Flex gap={12} wrap align="center" style={{ marginBottom: 16 }}>
            <Radio.Group
              aria-label="账户"
              optionType="button"
              value={filters.account ?? 'all'}
              onChange={(e) => {
                const value = e.target.value as MemberLedgerAccount | 'all';
                setFilters({ ...filters, account: value === 'all' ? undefined : value });
              }}
              options={[
                { value: 'all', label: '全部账户' },
                ...memberLedgerAccounts.map((a) => ({ value: a, label: accountTags[a].label })),
              ]}
            />
            <DatePicker.RangePicker
              aria-label="变动日期"
              allowEmpty={[true, true]}
              value={range}
              placeholder={['变动日期起', '止']}
              onChange={(days) =>
                setFilters({
                  ...filters,
                  from: days?.[0]?.format('YYYY-MM-DD'),
                  to: days?.[1]?.format('YYYY-MM-DD'),
                })
              }
            />
          </Flex>
          {ledger.isError && (
            <QueryError error={ledger.error} onRetry={() => void ledger.refetch()} />
          )}
          <Table<MemberLedgerEntry>
            rowKey="id"
            size="middle"
            dataSource={data.items}
            loading={ledger.isFetching}
            pagination={pagination(data.total)}
            locale={{ emptyText: '暂无变动' }}
            columns={columns}
          />
        </>
      )}
      {adjusting && data && (
        <AdjustModal
          memberId={memberId}
          memberName={`${data.member.displayName}（#${data.member.id}）`}
          balances={data.balances}
          onClose={() => setAdjusting(false)}
        />
      )}
    </PageSection>
  );
}

/**
 * 会员台账: a member found by the members search (or linked, `?member=7`), their balance, gift
 * balance and what is held, every change of them with what it left, and finance's 调整.
 */
export default function MemberLedgerPage() {
  const [memberId, setMemberId] = useSearchParamId('member');
  if (memberId === null) return <MemberFinder onPick={setMemberId} />;
  return <MemberLedgerView key={memberId} memberId={memberId} onBack={() => setMemberId(null)} />;
}
