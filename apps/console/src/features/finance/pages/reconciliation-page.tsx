import { Alert, Button, Result, Table, Typography } from 'antd';
import type { TableColumnsType } from 'antd';
import type { Reconciliation } from '@pcb/contract/staff-ledger';
import { PageSection } from '../../../components/page-section';
import { QueryError } from '../../../components/query-error';
import { formatTime } from '../../../lib/date';
import { useReconciliation } from '../api/get-reconciliation';
import { reconciliationCheckNames } from '../finance-labels';
import { useState } from 'react';

type Difference = Reconciliation['differences'][number];

const columns: TableColumnsType<Difference & { key: number }> = [
  {
    title: '检查项',
    dataIndex: 'check',
    width: 220,
    render: (check: string) => reconciliationCheckNames[check] ?? check,
  },
  { title: '对象', dataIndex: 'subject', width: 260 },
  { title: '差异', dataIndex: 'detail' },
];

/** What one run found: 无差异 in green, or every difference in a table. */
function Report({ report }: { report: Reconciliation }) {
  const checked = `核对于 ${formatTime(report.checkedAt)}，向支付机构查询了 ${report.providerChecks} 笔在线支付与退款`;
  if (report.differences.length === 0) {
    return (
      <Result
        status="success"
        title="无差异"
        subTitle={`账户余额与台账、会员余额、订单收款、退款与支付机构的记录全部一致。${checked}。`}
      />
    );
  }
  return (
    <>
      <Alert
        type="error"
        showIcon
        title={`发现 ${report.differences.length} 处差异`}
        description={`${checked}。请逐项核查；台账只能追加，更正请用会员台账的「调整」并写明原因。`}
        style={{ marginBottom: 16 }}
      />
      <Table<Difference & { key: number }>
        rowKey="key"
        size="middle"
        pagination={false}
        dataSource={report.differences.map((d, key) => ({ ...d, key }))}
        columns={columns}
      />
    </>
  );
}

/**
 * 对账报告: the reconciliation (decision 0051) run on request — balances against the ledger,
 * members' balances, orders' money, refunds, and recent online payments against what their
 * providers answer.
 */
export default function ReconciliationPage() {
  const [started, setStarted] = useState(false);
  const report = useReconciliation(started);
  const run = () => (started ? void report.refetch() : setStarted(true));

  return (
    <PageSection
      title="对账报告"
      extra={
        <Button type="primary" loading={report.isFetching} onClick={run}>
          {report.data ? '重新对账' : '开始对账'}
        </Button>
      }
    >
      {!started && (
        <Typography.Paragraph type="secondary">
          核对每个账户的余额与台账合计、会员余额、订单收款与状态、退款，并向支付宝、微信支付查询近3天的在线支付与未完成的支付和退款。查询支付机构需要一些时间。
        </Typography.Paragraph>
      )}
      {report.isError && <QueryError error={report.error} onRetry={() => void report.refetch()} />}
      {report.data && <Report report={report.data} />}
    </PageSection>
  );
}
