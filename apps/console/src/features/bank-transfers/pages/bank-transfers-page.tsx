import { useState } from 'react';
import { Button, DatePicker, InputNumber, Select, Space, Tag, Tooltip, Typography } from 'antd';
import type { TableColumnsType } from 'antd';
import type { Dayjs } from 'dayjs';
import {
  bankTransferSourceNames,
  type BankTransfer,
  type BankTransferState,
} from '@pcb/contract/staff-bank-transfer';
import { PageSection } from '../../../components/page-section';
import { PagedTable } from '../../../components/paged-table';
import { SearchBox } from '../../../components/search-box';
import { formatTime } from '../../../lib/date';
import { formatYuan } from '../../../lib/money';
import { usePagedFilters } from '../../../lib/paging';
import { useBankTransfers } from '../api/list-bank-transfers';
import { transferStateTags } from '../bank-transfer-labels';
import { AssignTransferModal } from '../components/assign-transfer-modal';
import { ImportStatementModal } from '../components/import-statement-modal';
import { RecordTransferModal } from '../components/record-transfer-modal';

interface Filters {
  state?: BankTransferState;
  memberId?: number;
  keyword?: string;
  from?: string;
  to?: string;
}

const day = (value: Dayjs | null | undefined) => value?.format('YYYY-MM-DD');

/**
 * 转账入账: the bank transfers received (decision 0055) — imported from the bank's statement or
 * typed from a receipt, credited to the member whose virtual account received them; the
 * unmatched ones wait here for finance to name their member.
 */
export default function BankTransfersPage() {
  const { filters, paging, setFilters, pagination } = usePagedFilters<Filters>({});
  const transfers = useBankTransfers({ ...filters, ...paging });
  const [dialog, setDialog] = useState<'import' | 'record' | null>(null);
  const [assigning, setAssigning] = useState<BankTransfer | null>(null);

  const columns: TableColumnsType<BankTransfer> = [
    { title: '交易日期', dataIndex: 'valueDate', width: 108 },
    { title: '流水号', dataIndex: 'bankReference' },
    { title: '收款账号', dataIndex: 'accountNo' },
    {
      title: '付款方',
      key: 'payer',
      render: (_, t) => (
        <Space orientation="vertical" size={0}>
          <span>{t.payerName ?? '—'}</span>
          {t.payerAccount && <Typography.Text type="secondary">{t.payerAccount}</Typography.Text>}
        </Space>
      ),
    },
    {
      title: '金额',
      dataIndex: 'amount',
      align: 'right',
      width: 130,
      render: (v: number) => formatYuan(v),
    },
    {
      title: '状态',
      key: 'state',
      width: 90,
      render: (_, t) => {
        const tag = (
          <Tag color={transferStateTags[t.state].color}>{transferStateTags[t.state].label}</Tag>
        );
        return t.unmatchedReason ? <Tooltip title={t.unmatchedReason}>{tag}</Tooltip> : tag;
      },
    },
    {
      title: '会员',
      key: 'member',
      render: (_, t) =>
        t.member ? (
          <Space size={4} wrap>
            <span>{`${t.member.displayName}（#${t.member.id}）`}</span>
            {t.matchedBy === 'staff' && (
              <Tooltip title={`${t.assignedBy?.realName ?? ''}：${t.assignReason ?? ''}`}>
                <Tag>人工指定</Tag>
              </Tooltip>
            )}
          </Space>
        ) : (
          <Typography.Text type="secondary">{t.unmatchedReason ?? '—'}</Typography.Text>
        ),
    },
    {
      title: '登记',
      key: 'created',
      width: 160,
      render: (_, t) => (
        <Space orientation="vertical" size={0}>
          <span>{`${bankTransferSourceNames[t.source]} · ${t.createdBy?.realName ?? '—'}`}</span>
          <Typography.Text type="secondary">{formatTime(t.createdAt)}</Typography.Text>
        </Space>
      ),
    },
    {
      title: '操作',
      key: 'actions',
      width: 96,
      render: (_, t) =>
        t.state === 'unmatched' ? (
          <Button type="link" size="small" onClick={() => setAssigning(t)}>
            指定会员
          </Button>
        ) : null,
    },
  ];

  const filtered = Object.values(filters).some((v) => v !== undefined);

  return (
    <PageSection
      title="转账入账"
      extra={
        <Space wrap>
          <Select<BankTransferState | 'all'>
            aria-label="状态"
            style={{ width: 120 }}
            value={filters.state ?? 'all'}
            onChange={(value) =>
              setFilters({ ...filters, state: value === 'all' ? undefined : value })
            }
            options={[
              { value: 'all', label: '全部状态' },
              { value: 'unmatched', label: '未匹配' },
              { value: 'credited', label: '已入账' },
            ]}
          />
          <DatePicker.RangePicker
            aria-label="交易日期"
            allowEmpty={[true, true]}
            placeholder={['开始日期', '结束日期']}
            onChange={(range) =>
              setFilters({ ...filters, from: day(range?.[0]), to: day(range?.[1]) })
            }
          />
          <InputNumber
            min={1}
            precision={0}
            placeholder="会员ID"
            aria-label="会员ID"
            style={{ width: 120 }}
            value={filters.memberId ?? null}
            onChange={(value) => setFilters({ ...filters, memberId: value ?? undefined })}
          />
          <SearchBox
            label="搜索转账"
            placeholder="流水号、收款账号或付款户名"
            width={260}
            maxLength={64}
            onSearch={(keyword) => setFilters({ ...filters, keyword })}
          />
          <Button onClick={() => setDialog('record')}>登记转账</Button>
          <Button type="primary" onClick={() => setDialog('import')}>
            导入对账单
          </Button>
        </Space>
      }
    >
      <PagedTable<BankTransfer>
        query={transfers}
        pagination={pagination}
        emptyText={filtered ? '没有符合条件的转账' : '暂无转账记录，可导入对账单或登记转账'}
        columns={columns}
      />
      {dialog === 'import' && <ImportStatementModal onClose={() => setDialog(null)} />}
      {dialog === 'record' && <RecordTransferModal onClose={() => setDialog(null)} />}
      {assigning && <AssignTransferModal transfer={assigning} onClose={() => setAssigning(null)} />}
    </PageSection>
  );
}
