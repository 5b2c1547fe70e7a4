import { useState } from 'react';
import { Flex, Segmented, Statistic, Table, Tag, type TableColumnsType } from 'antd';
import type {
  StatementImport,
  StatementLineResult,
  StatementOutcome,
} from '@pcb/contract/staff-bank-transfer';
import { formatYuan } from '../../../lib/money';
import { outcomeTags } from '../bank-transfer-labels';

type Shown = 'all' | StatementOutcome;

/** What an import did: the counts, then each line with what became of it and why. */
export function StatementResults({ result }: { result: StatementImport }) {
  // The lines that need a person first: when something was not credited, show those.
  const [shown, setShown] = useState<Shown>('all');
  const rows = shown === 'all' ? result.results : result.results.filter((r) => r.outcome === shown);

  const columns: TableColumnsType<StatementLineResult> = [
    { title: '行', dataIndex: 'line', width: 60 },
    {
      title: '结果',
      dataIndex: 'outcome',
      width: 96,
      render: (o: StatementOutcome) => (
        <Tag color={outcomeTags[o].color}>{outcomeTags[o].label}</Tag>
      ),
    },
    { title: '流水号', dataIndex: 'bankReference', render: (v: string | null) => v ?? '—' },
    { title: '收款账号', dataIndex: 'accountNo', render: (v: string | null) => v ?? '—' },
    {
      title: '金额',
      dataIndex: 'amount',
      align: 'right',
      width: 130,
      render: (v: number | null) => (v === null ? '—' : formatYuan(v)),
    },
    {
      title: '付款户名',
      dataIndex: 'payerName',
      ellipsis: true,
      render: (v: string | null) => v ?? '—',
    },
    {
      title: '说明',
      key: 'reason',
      render: (_, r) =>
        r.reason ??
        (r.outcome === 'credited' && r.memberId !== null ? `已计入会员#${r.memberId}` : '—'),
    },
  ];

  const count = (outcome: StatementOutcome) => ({
    label: `${outcomeTags[outcome].label} ${result.results.filter((r) => r.outcome === outcome).length}`,
    value: outcome,
  });

  return (
    <section aria-label="导入结果">
      <Flex gap={32} wrap style={{ marginBottom: 16 }}>
        <Statistic title="已入账" value={result.credited} suffix="笔" />
        <Statistic title="入账金额" value={formatYuan(result.creditedAmount)} />
        <Statistic title="已导入过" value={result.duplicates} suffix="笔" />
        <Statistic title="未匹配" value={result.unmatched} suffix="笔" />
        <Statistic title="未导入" value={result.refused} suffix="笔" />
      </Flex>
      <Segmented<Shown>
        value={shown}
        onChange={setShown}
        style={{ marginBottom: 12 }}
        options={[
          { label: `全部 ${result.lines}`, value: 'all' },
          count('credited'),
          count('duplicate'),
          count('unmatched'),
          count('refused'),
        ]}
      />
      <Table<StatementLineResult>
        rowKey="line"
        size="small"
        dataSource={rows}
        columns={columns}
        pagination={{ pageSize: 10, showSizeChanger: false, hideOnSinglePage: true }}
        locale={{ emptyText: '没有这类记录' }}
      />
    </section>
  );
}
