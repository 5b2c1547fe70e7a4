import { Descriptions, Skeleton, Tag } from 'antd';
import { creditStateLabels } from '@pcb/contract/member-credit-payment';
import { formatYuan } from '../../../lib/money';
import { useMemberCredit } from '../api/get-member-credit';

/** The member's 月结 line in the drawer: state, limit, used, unbilled, the bill to repay. */
export function MemberCredit({ memberId }: { memberId: number }) {
  const credit = useMemberCredit(memberId, true);
  if (credit.isPending) return <Skeleton active paragraph={{ rows: 2 }} />;
  if (!credit.data) return null;
  const { account, mobiles } = credit.data;
  return (
    <Descriptions
      title="月结"
      column={1}
      bordered
      size="small"
      styles={{ label: { width: 120 } }}
      data-testid="member-credit"
    >
      <Descriptions.Item label="状态">
        <Tag color={account.overdue ? 'red' : account.state === 'approved' ? 'green' : 'default'}>
          {account.overdue ? '账单逾期' : creditStateLabels[account.state]}
        </Tag>
      </Descriptions.Item>
      {account.state === 'approved' && (
        <>
          <Descriptions.Item label="额度 / 已用">
            {formatYuan(account.limit)} / {formatYuan(account.used)}
          </Descriptions.Item>
          <Descriptions.Item label="未出账">{formatYuan(account.unbilled)}</Descriptions.Item>
          <Descriptions.Item label="账单日">每月{account.billingDay}日</Descriptions.Item>
          <Descriptions.Item label="当前账单">
            {account.currentBill
              ? `${account.currentBill.period} 待还 ${formatYuan(account.currentBill.outstanding)}（${account.currentBill.dueDate} 到期）`
              : '无'}
          </Descriptions.Item>
          <Descriptions.Item label="授权手机">{mobiles.length} 个</Descriptions.Item>
        </>
      )}
    </Descriptions>
  );
}
